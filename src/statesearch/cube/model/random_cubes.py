"""Random cubes, seeded: positions drawn uniformly from the reachable ones, and scrambles.

A reachable 3x3x3 is any corner permutation, any edge permutation of the same parity, any
twists adding up to 0 mod 3 and any flips adding up to 0 mod 2: 8! x 12! / 2 x 3^7 x 2^11 =
43,252,003,274,489,856,000 positions. Drawing each part uniformly and repairing the last twist,
the last flip and the parity (a swap of the last two edges) gives every reachable position the
same chance. The 2x2x2 is any permutation of the seven corners around the DBL corner and any
twists adding up to 0: 7! x 3^6 = 3,674,160.
"""

from __future__ import annotations

import random
import secrets

from .cubies import Cubies, permutation_parity
from .notation import merging_at
from .reading import MOVING

REACHABLE = {2: 3_674_160, 3: 43_252_003_274_489_856_000}
SEEDS = 10**9  # a drawn seed is below this: short enough to type back, in the CLI or the page


def fresh_seed() -> int:
    """The seed of a new random cube, to be shown with it so that it can be drawn again."""
    return secrets.randbelow(SEEDS)


def random_cube(size: int, seed: int | random.Random | None = None) -> Cubies:
    """A position drawn uniformly from the reachable ones."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if size == 2:
        places = list(MOVING)
        rng.shuffle(places)
        cp = [*places[:6], 6, *places[6:]]
        co = [rng.randrange(3) for _ in range(6)]
        co = [*co, 0, -sum(co) % 3]
        return Cubies(tuple(cp), tuple(co))
    cp = list(range(8))
    ep = list(range(12))
    rng.shuffle(cp)
    rng.shuffle(ep)
    if permutation_parity(tuple(cp)) != permutation_parity(tuple(ep)):
        ep[10], ep[11] = ep[11], ep[10]
    co = [rng.randrange(3) for _ in range(7)]
    eo = [rng.randrange(2) for _ in range(11)]
    return Cubies(tuple(cp), (*co, -sum(co) % 3), tuple(ep), (*eo, sum(eo) % 2))


def random_scramble(
    length: int, seed: int | random.Random | None = None, metric: str = "htm"
) -> list[int]:
    """``length`` random moves, none of which merges with another (``notation.merged``): never
    two turns of one face in a row, nor with only its opposite face's turn between (``L R L'``
    is ``R``), so the scramble is as long as it says (half turns are drawn in the half-turn
    metric only)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out: list[int] = []
    while len(out) < length:
        face = rng.randrange(6)
        if merging_at(out, face) is not None:
            continue
        turns = (0, 1, 2) if metric == "htm" else (0, 2)
        out.append(3 * face + rng.choice(turns))
    return out
