"""What a cube's result says to a person: its solution as a cuber writes it, and the notes it
needs beside it (the cube's model, ``problem.Cube``, only searches)."""

from __future__ import annotations

from ..core.limits import counted_states
from ..core.result import Proof, SearchResult, Spaced
from . import problem
from .model import net
from .model.facelets import solved_colours
from .model.notation import MOVES, as_written, parse_moves
from .model.state import State
from .problem import Cube

# Said with a 2x2x2's solution that ends turned (``ends_turned``), as the playground says it.
ENDS_TURNED = (
    "the 2x2x2 is solved holding its down-back-left corner still, so this solution leaves it "
    "solved but turned as a whole"
)
# Said with a quarter-turn solution written with a half turn (``written``): the length counts
# quarter turns, the written turns do not.
HALF_TURNS = "quarter-turn metric: a half turn, written U2, counts 2 moves (two quarter turns)"


def written(cube: Cube, result: SearchResult[State]) -> list[Spaced]:
    """The solution's turns as a cuber writes them (``notation.as_written``): in the
    quarter-turn metric a half turn, searched as two quarter turns (``U U``), is ``U2``. The
    result's ``actions`` stay the searched turns, one per step of its ``path``."""
    return [MOVES[m] for m in as_written(parse_moves(result.moves), cube.metric)]


def explain(cube: Cube, result: SearchResult[State]) -> None:
    """Say in the result's note what its solution needs said to a person: what the two passes
    of ``korf-then-coset`` did (``passes_note``), a 2x2x2 solved but turned as a whole
    (``ends_turned``), half turns written for quarter turns."""
    result.add_note(passes_note(cube, result))
    if ends_turned(cube, result):
        result.add_note(ENDS_TURNED)
    if len(written(cube, result)) < len(result.actions):
        result.add_note(HALF_TURNS)


def ends_turned(cube: Cube, result: SearchResult[State]) -> bool:
    """Whether a solution leaves the cube solved but turned as a whole, as shown: the 2x2x2 has
    no centres, so it is solved holding its down-back-left corner still."""
    solved = net.facelet_string(solved_colours(cube.size))
    return result.solved and bool(result.path) and cube.facelets(result.path[-1]) != solved


def passes_note(cube: Cube, result: SearchResult[State]) -> str:
    """What ``korf-then-coset`` did, said beside its result: whether Korf's tables solved the
    cube, or which iterations were theirs and which the coset table's (a limit's reason names
    the pass it stopped, ``compiled.two_passes``)."""
    if result.heuristic != "korf-then-coset":
        return ""
    if result.proof is Proof.PRECHECK or cube.initial == cube.goal:
        return ""  # proved unsolvable, or solved already: no table was read
    if result.engine != "compiled":
        return (
            "korf-then-coset is Korf's estimate alone here: only the compiled IDA* goes on "
            "to the coset table"
        )
    reach = problem.KORF_IS_ENOUGH  # read when asked: a test stands a smaller reach in
    if result.solved and (result.length or 0) <= reach:
        return f"Korf's tables solved it within {reach} moves: the coset table was not read"
    korf = [i.expanded for i in result.stats.iterations if i.bound <= reach]
    coset = [i for i in result.stats.iterations if i.bound > reach]
    if not coset:
        return ""
    first = (
        f"Korf's tables ruled out {reach} moves or fewer ({counted_states(sum(korf))} expanded)"
        if korf
        else f"Korf's estimate of the start ruled out {reach} moves or fewer"
    )
    return (
        f"{first}, then the coset table was read and searched from bound {coset[0].bound:g} "
        f"({counted_states(sum(i.expanded for i in coset))} expanded); the counts are of "
        "both searches, and the search's seconds include reading the table"
    )
