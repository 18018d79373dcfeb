// How the page reaches statesearch: "http" when `statesearch serve` serves it (POST /api/...),
// "worker" in the static site, where `make site` rewrites this file and statesearch runs in the
// page's own Python (worker.js). WHEEL: the statesearch wheel the site ships.
export const TRANSPORT = "http";
export const WHEEL = "";
