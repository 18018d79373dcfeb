// Step-through controls: start, back, step, run/pause, speed, end and the position, for
// anything that can seek: a `target` with `cursor`, `total`, `seek(k)` and `render()`.
import { html } from "./board.js";
import { t } from "./i18n.js";

export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000]; // steps per second
const ACTIONS = [["start", "step_start"], ["back", "step_back"], ["step", "step_forward"],
  ["run", "run"], ["end", "step_end"]];

export class Controls {
  constructor(bar, target, speed = 4) {
    this.target = target;
    this.timer = null;
    bar.classList.add("step-controls");
    this.buttons = {};
    for (const [act, key] of ACTIONS) {
      const el = html("button", `step-${act}`);
      el.type = "button";
      el.dataset.i18nKey = key;
      el.addEventListener("click", () => this.act(act));
      this.buttons[act] = el;
      bar.append(el);
    }
    const label = html("label", "step-speed");
    this.speedName = html("span");
    this.speed = Object.assign(document.createElement("input"),
      { type: "range", min: 0, max: SPEEDS.length - 1, value: speed });
    this.speedOut = html("output");
    this.speed.addEventListener("input", () => this.show());
    label.append(this.speedName, this.speed, this.speedOut);
    this.position = html("span", "step-pos");
    bar.append(label, this.position);
  }

  get rate() { return SPEEDS[Number(this.speed.value)]; }

  act(what) {
    const target = this.target;
    if (!target.total) return;
    if (what === "run") { if (this.timer) this.pause(); else this.run(); return; }
    this.pause();
    const to = { start: 0, back: target.cursor - 1, step: target.cursor + 1, end: target.total }[what];
    target.seek(to);
    target.render();
  }

  // Steps at the chosen rate (several per tick when fast), until the end.
  run() {
    const target = this.target;
    if (target.cursor >= target.total) target.seek(0);
    let last = performance.now(), owed = 0;
    this.timer = setInterval(() => {
      const now = performance.now();
      owed += ((now - last) / 1000) * this.rate;
      last = now;
      const steps = Math.floor(owed);
      if (steps > 0) {
        owed -= steps;
        target.seek(target.cursor + steps);
        target.render();
      }
      if (target.cursor >= target.total) this.pause();
    }, 30);
    target.render();
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.show();
  }

  show() {
    for (const el of Object.values(this.buttons)) el.textContent = t(el.dataset.i18nKey);
    this.buttons.run.textContent = this.timer ? t("pause") : t("run");
    this.buttons.run.classList.toggle("running", Boolean(this.timer));
    this.speedName.textContent = t("speed");
    this.speedOut.textContent = t("per_second", this.rate);
    const { cursor, total } = this.target;
    const note = this.target.positionNote?.() ?? ""; // what the steps are besides expansions
    this.position.textContent = total ? t("step_of", cursor, total) + note : "";
  }
}
