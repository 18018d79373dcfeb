// What a search form chooses, the same on the puzzle and the maze: weighted A* is A* with its
// weight; anytime weighted A* reads a weight too (2 unless one is given); beam search its width.
// Only the fields a search reads are shown, and only those are sent.
import { weightOf } from "./weight.js";

const WEIGHTED = new Set(["wastar", "anytime"]);

// The request's fields for the algorithm chosen in a select (`choice`), from its boxes.
export function searchChoice(choice, weightBox, beamBox) {
  const body = { algorithm: choice === "wastar" ? "astar" : choice, weight: WEIGHTED.has(choice) ? weightOf(weightBox) : 1 };
  if (choice === "beam" && beamBox.value.trim() !== "") body.beam_width = Number(beamBox.value);
  return body;
}

export function showSearchFields(choice, weightField, beamField) {
  weightField.hidden = !WEIGHTED.has(choice);
  beamField.hidden = choice !== "beam";
}
