// The page's own Python: Pyodide in this Web Worker, with statesearch installed from the wheel
// the site ships. It answers one message at a time, as `statesearch serve` answers a route
// (statesearch.web.page) or runs the lesson's cells (statesearch.web.lesson), and posts a
// search's progress while it runs. The page ends this worker to stop a search, and starts a
// new one.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { WHEEL } from "./transport.js";

const early = [];
let handle = (message) => early.push(message); // messages that came while Python loaded
self.onmessage = (event) => handle(event.data);

let current = null;
try {
  const started = performance.now();
  const python = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const wheel = await fetch(new URL(`../wheels/${WHEEL}`, import.meta.url));
  if (!wheel.ok) throw new Error(`the site has no ${WHEEL} (${wheel.status}): run make site`);
  python.unpackArchive(await wheel.arrayBuffer(), "wheel");
  const page = python.pyimport("statesearch.web.page");
  const lesson = python.pyimport("statesearch.web.lesson");
  page.report_progress((line) => self.postMessage({ id: current, progress: JSON.parse(line) }));
  handle = ({ id, route, body, lang, cells }) => {
    current = id;
    // A GET has no body: undefined becomes Python's None (null would become jsnull).
    const reply = cells !== undefined
      ? lesson.run(JSON.stringify(cells), lang)
      : page.answer(route, body === undefined ? undefined : JSON.stringify(body), lang);
    self.postMessage({ id, ...JSON.parse(reply) });
  };
  self.postMessage({ ready: (performance.now() - started) / 1000 });
} catch (err) {
  handle = ({ id }) => self.postMessage({ id, status: 500, body: { detail: String(err) } });
  self.postMessage({ failed: String(err) });
}
for (const message of early.splice(0)) handle(message);
