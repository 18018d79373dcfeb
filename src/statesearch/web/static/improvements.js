// An anytime search's solutions, as it found them, each cheaper than the last and each with the
// bound it proved then: at most `bound` times the cheapest cost, which is at least `lower`.
import { html } from "./board.js";
import { t } from "./i18n.js";
import { shown } from "./trace-model.js";

export function drawImprovements(box, data) {
  const found = data?.stats?.improvements ?? [];
  box.hidden = !found.length;
  if (!found.length) { box.replaceChildren(); return; }
  const list = html("ol", "improvements-list");
  for (const i of found) {
    list.append(html("li", "", t("improvement_line", shown(i.cost), shown(i.lower), i.bound == null ? "∞" : shown(i.bound), i.expanded)));
  }
  const proved = data.status === "solved" && data.optimal ? [html("p", "note", t("improvements_proved"))] : [];
  box.replaceChildren(html("h3", "", t("improvements_title")), list, ...proved);
}
