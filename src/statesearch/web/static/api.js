import { lang } from "./i18n.js";

// A refusal from the server: its one-line detail (in the page's language) and its status.
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// One way for every page to talk to the server: GET without a body, POST JSON with one; an
// AbortSignal cancels the request (the server then stops the search). A non-2xx answer becomes
// an ApiError.
export async function api(path, body, signal) {
  const headers = { "accept-language": lang() };
  const options = body === undefined ? { headers, signal } : {
    method: "POST", headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body), signal,
  };
  const response = await fetch(`/api/${path}`, options);
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch { data = { detail: text.trim() }; }
  if (!response.ok) throw new ApiError(data.detail, response.status);
  return data;
}

export function isCancel(err) { return err?.name === "AbortError"; }
