// One way for every page to talk to the server: GET without a body, POST JSON with one; a
// non-2xx answer becomes an Error carrying the server's one-line detail.
export async function api(path, body) {
  const response = await fetch(`/api/${path}`, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail);
  return data;
}
