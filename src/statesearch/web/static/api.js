import { lang } from "./i18n.js";

// One way for every page to talk to the server: GET without a body, POST JSON with one; a
// non-2xx answer becomes an Error carrying the server's one-line detail, in the page's language.
export async function api(path, body) {
  const headers = { "accept-language": lang() };
  const response = await fetch(`/api/${path}`, body === undefined ? { headers } : {
    method: "POST", headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail);
  return data;
}
