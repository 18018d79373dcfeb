import { lang } from "./i18n.js";
import { progressed } from "./progress.js";
import { TRANSPORT } from "./transport.js";
import { ask } from "./worker-transport.js";

// A refusal from the server: its one-line detail (in the page's language) and its status.
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// While a search waits for one of the server's slots, its place in line, once a second.
function watchPlace() {
  const timer = setInterval(async () => {
    try {
      const line = await (await fetch("/api/queue")).json();
      if (line.places?.length) progressed({ place: line.places[0] });
    } catch { /* no line to report */ }
  }, 1000);
  return () => clearInterval(timer);
}

async function overHttp(path, body, signal) {
  const headers = { "accept-language": lang() };
  const options = body === undefined ? { headers, signal } : {
    method: "POST", headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body), signal,
  };
  const stopWatching = body === undefined ? () => {} : watchPlace();
  let response, text;
  try {
    response = await fetch(`/api/${path}`, options);
    text = await response.text();
  } finally {
    stopWatching();
  }
  let data;
  try { data = JSON.parse(text); } catch { data = { detail: text.trim() }; }
  return { status: response.status, body: data };
}

async function inPage(path, body, signal) {
  return ask({ route: path, body, lang: lang() }, signal, progressed);
}

// One way for every page to reach statesearch, whichever transport: GET without a body, POST
// JSON with one; an AbortSignal cancels the request (the search then stops). A non-2xx answer
// becomes an ApiError.
export async function api(path, body, signal) {
  const { status, body: data } = await (TRANSPORT === "worker" ? inPage : overHttp)(path, body, signal);
  if (status < 200 || status >= 300) throw new ApiError(data.detail, status);
  return data;
}

export function isCancel(err) { return err?.name === "AbortError"; }

// For tests and the curious: the JSON that `POST /api/<route>` with `body` returns, whichever
// transport this page uses.
globalThis.statesearch = { api: (route, body) => api(route, body), transport: TRANSPORT };
