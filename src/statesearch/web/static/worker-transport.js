// The static site's transport: statesearch in the page's own Python (worker.js), one search at a
// time. A request aborted while it waits or runs ends the worker (Python cannot be interrupted
// from outside without cross-origin isolation, which a plain file server does not give) and
// starts a new one, which takes the requests still waiting.
let worker = null;
let nextId = 1;
const pending = new Map(); // id -> { message, resolve, reject, progress }
const listeners = new Set();

// Called with "loading", "ready" or "failed: ..." as the worker's Python comes up.
export function onStatus(listener) { listeners.add(listener); }

function tell(status) { for (const listener of listeners) listener(status); }

function start() {
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  tell("loading");
  worker.onmessage = ({ data }) => {
    if (data.ready !== undefined) { tell("ready"); return; }
    if (data.failed !== undefined) { tell(`failed: ${data.failed}`); return; }
    const asked = pending.get(data.id);
    if (!asked) return; // aborted meanwhile
    if (data.progress !== undefined) { asked.progress?.(data.progress); return; }
    pending.delete(data.id);
    asked.resolve({ status: data.status, body: data.body });
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const [id, asked] of pending) {
      pending.delete(id);
      asked.resolve({ status: 500, body: { detail: `the page's Python failed: ${event.message}` } });
    }
  };
  for (const asked of pending.values()) worker.postMessage(asked.message);
}

// Ends the worker, whatever it runs, and starts a fresh one for the requests still waiting.
export function restart() {
  worker?.terminate();
  start();
}

function abortError() { return new DOMException("stopped", "AbortError"); }

// `{status, body}` as `POST /api/<route>` would answer (GET when body is undefined).
// `message` carries `cells` instead for the lesson page.
export function ask(message, signal, progress) {
  if (!worker) start();
  if (signal?.aborted) return Promise.reject(abortError());
  const id = nextId++;
  const full = { ...message, id };
  return new Promise((resolve, reject) => {
    pending.set(id, { message: full, resolve, reject, progress });
    signal?.addEventListener("abort", () => {
      if (!pending.delete(id)) return;
      reject(abortError());
      restart();
    });
    worker.postMessage(full);
  });
}
