"""The cube's model: moves from geometry, notation, facelet strings, validity, pictures and
random positions."""

from __future__ import annotations

import itertools
import math
import random
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch import InputError, Status, solve
from statesearch.core.limits import LimitKind
from statesearch.cube import REACHABLE, Cube, Cubies, parse_moves, random_cube, random_scramble
from statesearch.cube.model.cubies import CORNERS, EDGES, invariant_violation, permutation_parity
from statesearch.cube.model.notation import (
    MOVES,
    canonical_moves,
    cost_in,
    format_moves,
    inverse,
    merged,
)
from statesearch.cube.model.reading import after, read_cube, scrambled
from statesearch.cube.model.state import move_cubies

SOLVED_STRING = "".join(face * 9 for face in "URFDLB")


def _swap(text: str, i: int, j: int) -> str:
    chars = list(text)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def turned(cube: Cubies, moves: str) -> Cubies:
    return after(cube, parse_moves(moves))


def test_moves_match_kociembas_published_definitions() -> None:
    """The geometry gives the cubie moves of Kociemba's programs (his cubie.py)."""
    u, r, f = (move_cubies(3, 3 * face) for face in range(3))
    assert [CORNERS[p] for p in u.cp] == ["UBR", "URF", "UFL", "ULB", "DFR", "DLF", "DBL", "DRB"]
    assert [CORNERS[p] for p in r.cp] == ["DFR", "UFL", "ULB", "URF", "DRB", "DLF", "DBL", "UBR"]
    assert r.co == (2, 0, 0, 1, 1, 0, 0, 2)
    assert [EDGES[p] for p in r.ep][:5] == ["FR", "UF", "UL", "UB", "BR"]
    assert f.co == (1, 2, 0, 0, 2, 1, 0, 0)
    assert f.eo == (0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0)
    assert u.eo == r.eo == (0,) * 12


@pytest.mark.parametrize("size", [2, 3])
@pytest.mark.parametrize("face", list("URFDLB"))
def test_every_turn_has_order_four_and_a_half_turn_order_two(size: int, face: str) -> None:
    solved = Cubies.solved(size)
    cube = solved
    for k in range(1, 5):
        cube = turned(cube, face)
        assert (cube == solved) == (k == 4)
    assert turned(solved, f"{face}2") != solved
    assert turned(solved, f"{face}2 {face}2") == solved
    assert turned(solved, f"{face} {face}'") == solved


def test_sexy_move_has_order_six() -> None:
    solved = Cubies.solved(3)
    cube = solved
    orders = []
    for _ in range(6):
        cube = turned(cube, "R U R' U'")
        orders.append(cube == solved)
    assert orders == [False] * 5 + [True]


def test_notation_round_trip_and_inverse() -> None:
    assert format_moves(parse_moves("R U R' U' F2")) == "R U R' U' F2"
    assert parse_moves("U2' U3 R’") == parse_moves("U2 U' R'")
    assert parse_moves("R′ U2′") == parse_moves("R' U2")  # the prime sign, as the buttons show it
    assert parse_moves("") == []
    for m in range(18):
        assert turned(Cubies.solved(3), f"{MOVES[m]} {MOVES[inverse(m)]}") == Cubies.solved(3)
    assert cost_in("qtm", parse_moves("U2 R")) == 3 and cost_in("htm", parse_moves("U2 R")) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Rw U", "cannot read move 'Rw': wide, slice and rotation moves (Rw, r, M, x, y, z) are"),
        ("r U", "cannot read move 'r': wide, slice"),
        ("R M2", "cannot read move 'M2': wide, slice"),
        ("R U x", "cannot read move 'x': wide, slice"),
        ("R'2", """cannot read move "R'2": use U D L R F B, each with nothing, ', 2, 2' or 3"""),
        ("R4", "cannot read move 'R4': use U D L R F B"),
        ("U R ?", "cannot read move '?': use U D L R F B"),
        # One move per word: "UUUUUUUUU" was nine turns of U, one face of a facelet string.
        ("UUUUUUUUU", "cannot read move 'UUUUUUUUU': put a space between moves"),
        ("RUR'U'", """cannot read move "RUR'U'": put a space between moves"""),
    ],
)
def test_bad_moves_are_one_line_errors_that_quote_the_word(text: str, message: str) -> None:
    """The errors quoted a fragment ('w' of Rw, '2' of R'2) and listed only ' and 2."""
    with pytest.raises(InputError) as err:
        parse_moves(text)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_the_suffixes_the_error_lists_are_read() -> None:
    assert parse_moves("U U' U2 U2' U3") == [0, 2, 1, 1, 2]


def test_canonical_rule_skips_repeats_and_orders_opposite_faces() -> None:
    htm = canonical_moves("htm")
    after_u, after_d = 1 + 0, 1 + 3  # the states after a U turn and after a D turn
    assert (htm[after_u, 0:3] < 0).all()  # no U after U
    assert (htm[after_u, 9:12] >= 0).all()  # D after U
    assert (htm[after_d, 0:3] < 0).all()  # no U after D: it was searched as U then D
    # Canonical sequences of length 2: 18 * 15 - 9 (the opposite pairs in one order) = 243.
    assert sum(1 for s in htm[0] for t in htm[s] if t >= 0) == 243
    qtm = canonical_moves("qtm")
    first = qtm[0, 0]  # after one clockwise U
    assert qtm[first, 0] >= 0 and qtm[qtm[first, 0], 0] < 0  # U U is U2; U U U is not searched
    assert qtm[first, 1] < 0  # U U' undoes itself


@given(st.lists(st.integers(0, 17), max_size=40))
@settings(max_examples=60, deadline=None)
def test_invariants_hold_after_any_sequence(moves: list[int]) -> None:
    cube = after(Cubies.solved(3), moves)
    assert sum(cube.co) % 3 == 0 and sum(cube.eo) % 2 == 0
    assert permutation_parity(cube.cp) == permutation_parity(cube.ep)
    assert invariant_violation(cube) is None
    assert read_cube(Cube(cube).facelets(Cube(cube).initial)) == cube


# Text a user may type: cube letters, colours, move suffixes, separators and some noise.
CUBE_TEXT = st.one_of(
    st.text(alphabet="URFDLBwrgyobMxRw'’′23 /\n?", max_size=70),
    st.text(alphabet="URFDLB", min_size=54, max_size=54),  # facelets, mostly impossible ones
    st.text(alphabet="URFDLB", min_size=24, max_size=24),
)


@given(CUBE_TEXT, st.sampled_from([None, 2, 3]))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_cube_or_a_one_line_error(text: str, size: int | None) -> None:
    """The readers of scrambles and facelets (one word, or a face a word) never fail otherwise."""
    try:
        cube = read_cube(text, size)
    except InputError as err:
        assert "\n" not in str(err) and str(err)
    else:  # pieces, each once (whether the cube is solvable is the precheck's to say)
        assert sorted(cube.cp) == list(range(8)) and sorted(cube.ep) == list(range(len(cube.ep)))


@given(st.lists(st.integers(0, 17), max_size=30), st.sampled_from([" ", "\n", "/", " / "]))
@settings(max_examples=60, deadline=None)
def test_facelets_face_by_face_read_as_in_one_word(moves: list[int], separator: str) -> None:
    cubies = after(Cubies.solved(3), moves)
    word = Cube(cubies).facelets(Cube(cubies).initial)
    faces = separator.join(word[i : i + 9] for i in range(0, 54, 9))
    assert read_cube(faces) == read_cube(word) == cubies


def test_facelet_strings() -> None:
    assert Cube().facelets(Cube().initial) == SOLVED_STRING
    cube = Cube.from_text("R")
    assert cube.facelets(cube.initial) == ("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB")
    # Any six symbols will do: the centres say which is which.
    recoloured = cube.facelets(cube.initial).translate(str.maketrans("URFDLB", "wrgyob"))
    assert Cube.from_text(recoloured).initial == cube.initial


@pytest.mark.parametrize("separator", [" ", "\n", "/", " / "])
def test_facelets_written_face_by_face(separator: str) -> None:
    """Six groups, one per face, were read as a scramble of run-together moves (U9 R9 ...),
    and a different cube was solved."""
    assert Cube.from_text(separator.join(face * 9 for face in "URFDLB")).initial == Cube().initial
    pocket = Cube.from_text("R U R' U'", size=2)
    word = pocket.facelets(pocket.initial)
    faces = separator.join(word[i : i + 4] for i in range(0, 24, 4))
    assert Cube.from_text(faces).size == 2 and Cube.from_text(faces).initial == pocket.initial
    recoloured = separator.join(face * 9 for face in "wrgyob")
    assert Cube.from_text(recoloured).initial == Cube().initial


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (" ".join(f * 3 for f in "URFDLB" for _ in range(3)), "got 18 groups of 3"),
        ("UUUUUUUUU RRRRRRRRR", "got 2 groups of 9"),
        (" ".join(["UUUUUUUUUU", *(f * 9 for f in "RFDLB")]), "got 6 groups of 10, 9"),
        (" ".join(f * 4 for f in "URFDLB") + " UUUU", "got 7 groups of 4"),
    ],
)
def test_facelets_in_other_groups_are_refused(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        Cube.from_text(text)
    assert "six, one per face in URFDLB order" in str(err.value) and message in str(err.value)


def test_the_pocket_cube_is_held_by_its_dbl_corner() -> None:
    """On the 2x2x2 a turn of D moves the top layer as a turn of U does, seen from the bottom
    layer (which then is turned back as a whole): after it, the cubes are the same."""
    solved = Cubies.solved(2)
    for moved, same in (("D", "U"), ("L'", "R'"), ("B2", "F2")):
        assert turned(solved, moved) == turned(solved, same)
    cube = Cube.from_text("R U D' B", size=2)
    assert cube.start.cp[6] == 6 and cube.start.co[6] == 0
    assert Cube.from_text(cube.facelets(cube.initial), size=2).initial == cube.initial


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SOLVED_STRING[:53].lower(), "54 (3x3x3) or 24 (2x2x2) facelets, got 53"),
        (SOLVED_STRING[:53], "53 letters without spaces: a facelet string has 54 or 24"),
        ("R" + SOLVED_STRING[1:], "six colours, 9 facelets each"),
        ("RU" * 10, "for a scramble, put spaces between its moves"),
        (_swap(SOLVED_STRING, 4, 9), "centres must have six different colours"),
    ],
)
def test_malformed_facelet_strings(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        Cube.from_text(text)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_impossible_cubies_are_bad_input() -> None:
    # U9 (of URF) and D1 (of DLF) swapped: URF shows D, R, F, and no corner has D and R and F
    # in that order; a corner with two stickers swapped is a mirror image, no piece either.
    with pytest.raises(InputError, match="no corner has the colours"):
        Cube.from_text(_swap(SOLVED_STRING, 8, 27))
    with pytest.raises(InputError, match="no corner has the colours"):
        Cube.from_text(_swap(SOLVED_STRING, 9, 20))  # R1 and F3 of URF
    with pytest.raises(InputError, match="no edge has the colours"):
        Cube.from_text(_swap(SOLVED_STRING, 10, 28))  # R2 (UR) with D2 (DF): UR shows U and D
    with pytest.raises(InputError, match="two of the piece DR, UF"):
        Cube.from_text(_swap(SOLVED_STRING, 5, 28))  # U6 (UR) with D2 (DF): DR and UF twice


@pytest.mark.parametrize(
    ("swaps", "reason"),
    [
        (((8, 9), (9, 20)), "twisted"),  # URF turned in place
        (((5, 10),), "flipped"),  # UR flipped in place
        (((7, 5), (19, 10)), "swapped"),  # UF and UR exchanged: odd permutation
    ],
)
def test_unsolvable_by_invariant_before_any_search(
    swaps: tuple[tuple[int, int], ...], reason: str
) -> None:
    text = SOLVED_STRING
    for i, j in swaps:
        text = _swap(text, i, j)
    cube = Cube.from_text(text)
    assert reason in (cube.unsolvable_reason() or "")
    result = solve(cube, "idastar", "orientation")
    assert result.status is Status.UNSOLVABLE and result.stats.expanded == 0
    assert "\n" not in result.reason


def test_pictures() -> None:
    cube = Cube.from_text("R U")
    net = cube.show(cube.initial).splitlines()
    assert len(net) == 9 and net[3].replace(" ", "").__len__() == 12
    for size, facelets in ((3, 54), (2, 24)):
        svg = Cube(Cubies.solved(size), size).to_svg()
        root = ElementTree.fromstring(svg)
        rects = [e for e in root.iter() if e.tag.endswith("rect")]
        assert len(rects) == facelets
        assert {r.get("fill") for r in rects} == {
            "#ffffff",
            "#c41e3a",
            "#009e60",
            "#ffd500",
            "#ff5800",
            "#0051ba",
        }


def test_a_time_limit_hint_fits_the_cubes_heuristic() -> None:
    """After a time limit with -H coset the hint was "a stronger heuristic ..."."""
    cube = Cube()
    coset = cube.limit_hint("idastar", "coset", LimitKind.TIME)
    assert coset is not None and "strongest" in coset and "longer time limit" in coset
    korf = cube.limit_hint("idastar", "korf", LimitKind.TIME)
    assert korf is not None and "statesearch cube tables --tables coset" in korf
    assert cube.limit_hint("idastar", "orientation", LimitKind.TIME) is None  # the generic one
    assert cube.limit_hint("idastar", "coset", LimitKind.EXPANDED) is None


def test_auto_takes_korfs_tables_for_a_short_scramble(monkeypatch: pytest.MonkeyPatch) -> None:
    """An 8-move scramble waited 12-28 s for the 5 GB coset table to load, where Korf's tables
    load in seconds and solve it at once; so did the facelets of a cube one move from solved.
    Which tables are in the cache is set here: the rule is what is tested, not the tables."""
    from statesearch.cube.problem import KORF_IS_ENOUGH
    from statesearch.cube.tables import coset_cache, korf

    stored = {"korf": True, "coset": True}
    monkeypatch.setattr(korf, "is_stored", lambda metric: stored["korf"])
    monkeypatch.setattr(coset_cache, "is_stored", lambda variant, metric: stored["coset"])
    monkeypatch.setattr(coset_cache, "_loaded", {})
    short = format_moves(random_scramble(KORF_IS_ENOUGH, 3))
    longer = format_moves(random_scramble(KORF_IS_ENOUGH + 1, 3))

    def chosen(text: str, metric: str = "htm") -> tuple[str, str]:
        _, heuristic, why = Cube.from_text(text, metric=metric).choose_algorithm(None)
        return heuristic, why

    heuristic, why = chosen(short)
    assert heuristic == "korf" and f"the scramble comes to {KORF_IS_ENOUGH} moves" in why
    assert chosen(" ".join(["R"] * 14))[0] == "korf"  # 14 turns, but all of one face: R2
    assert chosen(longer)[0] == "coset"
    facelets = Cube.from_text(short).facelets(Cube.from_text(short).initial)
    heuristic, why = chosen(facelets)  # no scramble: Korf's tables first, up to 13 moves
    assert heuristic == "korf-then-coset" and f"search up to {KORF_IS_ENOUGH} moves first" in why
    assert "the counts are of both searches" in why
    assert Cube.from_text(facelets).default_heuristic == "coset"  # only auto's IDA* has two passes
    assert Cube.from_text(facelets).choose_algorithm("coset")[1] == "coset"
    half_turns = " ".join(["R2", "U2"] * 4)  # 8 moves, 16 quarter turns
    assert chosen(half_turns)[0] == "korf" and chosen(half_turns, "qtm")[0] == "coset"
    assert Cube.from_text(short).choose_algorithm("coset")[1] == "coset"  # asked for: taken
    stored["korf"] = False  # building Korf's tables takes longer than loading the coset table
    assert chosen(short)[0] == "coset" and chosen(facelets)[0] == "coset"
    stored["korf"] = True
    monkeypatch.setattr(coset_cache, "_loaded", {("full", "htm"): object()})
    assert chosen(short)[0] == "coset"  # loaded already: it costs nothing more
    assert chosen(facelets)[0] == "coset"
    stored["coset"] = False
    monkeypatch.setattr(coset_cache, "_loaded", {})
    heuristic, why = chosen(longer)
    assert heuristic == "korf" and "scramble" not in why
    assert chosen(facelets)[0] == "korf"  # no coset table to go on to
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert f"a scramble of {KORF_IS_ENOUGH} moves or fewer" in " ".join(readme.split())


def test_reachable_sizes() -> None:
    assert REACHABLE[3] == 43_252_003_274_489_856_000
    assert REACHABLE[3] == math.factorial(8) * math.factorial(12) // 2 * 3**7 * 2**11
    assert REACHABLE[2] == 3_674_160 == math.factorial(7) * 3**6


@pytest.mark.parametrize("size", [2, 3])
def test_random_positions_are_seeded_reachable_and_spread(size: int) -> None:
    assert random_cube(size, 7) == random_cube(size, 7) != random_cube(size, 8)
    rng = random.Random(1)
    twists = [0, 0, 0]
    for _ in range(600):
        cube = random_cube(size, rng)
        assert invariant_violation(cube) is None
        twists[cube.co[0]] += 1
        if size == 2:
            assert cube.cp[6] == 6 and cube.co[6] == 0
    assert min(twists) > 150  # each twist about a third of the time


def test_random_scrambles() -> None:
    moves = random_scramble(30, 3)
    assert moves == random_scramble(30, 3) and len(moves) == 30
    assert all(a // 3 != b // 3 for a, b in itertools.pairwise(moves))
    assert all(m % 3 != 1 for m in random_scramble(30, 3, "qtm"))
    for seed in range(50):  # as long as it says: no turn merges with another
        moves = random_scramble(20, seed)
        assert merged(moves) == moves
    assert scrambled(moves, 3) == read_cube(format_moves(moves))


@pytest.mark.parametrize(
    ("bounded_by", "engine"), [("cube", "auto"), ("search", "auto"), ("search", "python")]
)
def test_korfs_tables_built_on_first_use_stop_at_the_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bounded_by: str, engine: str
) -> None:
    """About a minute of building, bounded by the meter the cube was made with, or else by the
    limits of the search that asked for the tables."""
    import time

    from statesearch import Limits
    from statesearch.core.limits import Meter
    from statesearch.cube.tables import korf

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    monkeypatch.setattr(korf, "_LOADED", {})
    started = time.monotonic()
    if bounded_by == "cube":
        meter = Meter(Limits(time_limit=1))
        result = solve(Cube.from_text("R U", meter=meter), "idastar", "korf", meter=meter)
    else:
        limits = Limits(time_limit=1)
        result = solve(Cube.from_text("R U"), "idastar", "korf", limits=limits, engine=engine)
    assert result.status is Status.LIMIT_REACHED and result.limit is not None
    assert result.limit.value == "time" and time.monotonic() - started < 20
    assert korf._LOADED == {}


def test_several_pieces_off_are_described_by_their_sum() -> None:
    """Two corners twisted clockwise are not "a corner twisted anticlockwise": the reason says
    what the sum is, and names one piece only when one is off."""
    two_twisted = Cubies(tuple(range(8)), (1, 1, 0, 0, 0, 0, 0, 0), tuple(range(12)), (0,) * 12)
    assert invariant_violation(two_twisted) == (
        "the corner twists add up to 2 mod 3, as if one corner were twisted anticlockwise"
    )
    three_flipped = Cubies(tuple(range(8)), (0,) * 8, tuple(range(12)), (1, 1, 1) + (0,) * 9)
    assert invariant_violation(three_flipped) == (
        "the edge flips add up to 1 mod 2, as if one edge were flipped"
    )
    one_twisted = Cubies(tuple(range(8)), (2,) + (0,) * 7, tuple(range(12)), (0,) * 12)
    assert "a corner is twisted anticlockwise in place" in (invariant_violation(one_twisted) or "")


def test_a_scramble_is_as_long_as_its_turns_merged() -> None:
    """Turns of one face, with only its opposite face's between, combine; the position stays."""
    assert format_moves(merged(parse_moves("R R R R R R"))) == "R2"
    assert format_moves(merged(parse_moves("R L R'"))) == "L"
    assert format_moves(merged(parse_moves("L' R L2"))) == "L R"
    assert merged(parse_moves("R U U' R'")) == [] and merged(parse_moves("L R L' R'")) == []
    assert format_moves(merged(parse_moves("R U F"))) == "R U F"
    rng = random.Random(5)
    for _ in range(200):
        moves = [rng.randrange(18) for _ in range(rng.randrange(12))]
        short = merged(moves)
        assert after(Cubies.solved(3), short) == after(Cubies.solved(3), moves)
        assert len(short) <= len(moves) and merged(short) == short


def test_facelets_in_the_wrong_groups_are_called_facelets() -> None:
    """Six faces and a stray letter are no scramble: the error counts the groups."""
    faces = " ".join(face * 9 for face in "URFDLB")
    with pytest.raises(InputError, match="got 7 groups of 9, 8, 1"):
        read_cube(faces[:-1] + " B")
    assert read_cube("R U F D L B R U") == scrambled(parse_moves("R U F D L B R U"), 3)
