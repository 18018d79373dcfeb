"""Reading a cube from text: a scramble applied to the solved cube, or a facelet string.

A facelet string lists the 54 (3x3x3) or 24 (2x2x2) facelets in URFDLB order (see
``facelets``), one symbol each; any six symbols will do. On the 3x3x3 the centres say which
symbol is which face; written in the face letters, the centres are U R F D L B in that order
(or so turned as a whole: a cube held another way up), never two swapped. The 2x2x2 has no
centres and is solved with one corner held still (DBL, down-back-left), so that corner says
which symbols are D, B and L, and each of the other three faces is the symbol never seen on a
corner with its opposite. That renames the colours of a 2x2x2 whose DBL corner has moved; a
``Frame`` names them back, so that the cube is shown as it was given (``framed``).

Everything that does not describe a cube someone could assemble raises ``InputError`` with one
line, and so does an empty text (an unset shell variable is no cube, least of all the solved
one). A cube that can be assembled but not solved (a twisted corner, a flipped edge, two pieces
swapped) is read; ``cubies.invariant_violation`` says why it is unsolvable.
"""

from __future__ import annotations

from ...errors import InputError
from .cubies import CORNERS, Cubies, corner_facelets, from_colours
from .facelets import FACES, turn_colours
from .notation import face_of, parse_moves, quarters_of

FACELETS = {3: 54, 2: 24}
Frame = tuple[int, ...]  # per face a cube was read as, the face whose letter it was given with
AS_READ: Frame = tuple(range(6))
HELD_STILL = 6  # DBL: the corner position the 2x2x2 is solved around
MOVING = (0, 1, 2, 3, 4, 5, 7)  # every corner but DBL
SIZES = (2, 3)


def check_size(size: int) -> int:
    if size not in SIZES:
        raise InputError("the cube size is 2 or 3, got {size}", size=size)
    return size


def facelet_words(text: str) -> list[str] | None:
    """The words of ``text`` if it is meant as facelets, else ``None`` (a scramble): one word of
    20 or more symbols, or words split by spaces, newlines or slashes (faces, or rows of a net)
    of two or more symbols each, 20 or more in all or each a face's 9 or 4 (or 20 or more in
    all with a word of four or more, which no move is); never with a move's ``'`` or ``2``."""
    words = text.replace("/", " ").split()
    if not words or any(c in "'’′23" for word in words for c in word):
        return None
    lengths = [len(word) for word in words]
    if len(words) == 1:
        return words if lengths[0] >= 20 else None
    grouped = min(lengths) >= 2 and (sum(lengths) >= 20 or set(lengths) <= {4, 9})
    # A word of four letters is no move: with 20 or more symbols in all, these are facelets in
    # the wrong groups (a stray letter, a face split), and the error should say so.
    misgrouped = sum(lengths) >= 20 and max(lengths) >= 4
    return words if grouped or misgrouped else None


def read_cube(text: str, size: int | None = None) -> Cubies:
    """A scramble (``"R U R' U'"``) or a facelet string, in one word or in six, one per face."""
    return read_cube_and_scramble(text, size)[0]


def read_cube_and_scramble(
    text: str, size: int | None = None
) -> tuple[Cubies, list[int] | None, Frame]:
    """``read_cube``, with the scramble's moves if the text is one (``None``: facelets), and
    the frame that shows the cube as it was given (``framed``)."""
    if not text.strip():
        raise InputError(
            "empty cube: give a scramble such as \"R U R' U'\" or a facelet string (54 letters "
            "in URFDLB order, 24 for the 2x2x2)"
        )
    words = facelet_words(text)
    if words is None:
        n = check_size(3 if size is None else size)
        moves = parse_moves(text)
        cube, frame = scrambled_framed(moves, n)
        return cube, moves, frame
    word = "".join(words)
    if len(words) > 1 and (len(words) != 6 or {len(w) for w in words} not in ({9}, {4})):
        # Rows of a net, or a face with a facelet too many: in any other grouping the order
        # of the facelets is a guess.
        sizes = ", ".join(str(n) for n in list(dict.fromkeys(map(len, words)))[:6])
        raise InputError(
            "facelets in groups are six, one per face in URFDLB order, of 9 (3x3x3) or 4 "
            "(2x2x2) each; got {count} groups of {sizes}",
            count=len(words),
            sizes=sizes,
        )
    if len(word) not in FACELETS.values() and set(word) <= set(FACES):
        # Perhaps a scramble typed without spaces, perhaps a facelet string with a letter too
        # many or too few: say so rather than guess.
        raise InputError(
            "{count} letters without spaces: a facelet string has 54 or 24; for a "
            "scramble, put spaces between its moves",
            count=len(word),
        )
    cube, frame = read_facelets_framed(word, size)
    return cube, None, frame


def scrambled_framed(moves: list[int], n: int) -> tuple[Cubies, Frame]:
    """``scrambled``, and the frame that shows it as the scramble leaves it."""
    return turned_framed(Cubies.solved(n), moves)


def scrambled(moves: list[int], n: int) -> Cubies:
    """The solved cube after ``moves``."""
    return after(Cubies.solved(n), moves)


def after(cube: Cubies, moves: list[int]) -> Cubies:
    """``cube`` after ``moves``. On the 2x2x2 the colours are then read again so that the DBL
    corner is home (a turn of D is a turn of U seen from elsewhere)."""
    return turned_framed(cube, moves)[0]


def turned_framed(cube: Cubies, moves: list[int]) -> tuple[Cubies, Frame]:
    """``after``, and the frame that shows the result as the colours were turned."""
    colours = cube.colours()
    for move in moves:
        colours = turn_colours(colours, FACES[face_of(move)], quarters_of(move))
    return framed([FACES[int(c)] for c in colours], cube.size)


def read_facelets_framed(text: str, size: int | None = None) -> tuple[Cubies, Frame]:
    symbols = list("".join(text.split()))
    n = {54: 3, 24: 2}.get(len(symbols))
    if n is None or (size is not None and n != size):
        expected = FACELETS.get(size or 0, "54 (3x3x3) or 24 (2x2x2)")
        raise InputError(
            "a cube string has {expected} facelets, got {count}",
            expected=expected,
            count=len(symbols),
        )
    counts = {s: symbols.count(s) for s in dict.fromkeys(symbols)}
    if len(counts) != 6 or any(c != n * n for c in counts.values()):
        found = ", ".join(f"{s}:{c}" for s, c in counts.items())
        raise InputError(
            "a cube string has six colours, {each} facelets each; got {found}",
            each=n * n,
            found=found,
        )
    return framed(symbols, n)


def framed(symbols: list[str], n: int) -> tuple[Cubies, Frame]:
    """The cube the symbols describe, each read as a face (by the 3x3x3's centres, or so
    that the 2x2x2's DBL corner is home), and the frame that shows it as written: a cube
    written in the face letters URFDLB is shown in the letters it was written in (what the
    2x2x2's reading renamed is named back), one in other symbols as it was read."""
    face_by_symbol = _centre_faces(symbols) if n == 3 else _corner_faces(symbols)
    colours = [FACES.index(face_by_symbol[s]) for s in symbols]
    frame = AS_READ
    if set(face_by_symbol) == set(FACES):
        written = {face: symbol for symbol, face in face_by_symbol.items()}
        frame = tuple(FACES.index(written[face]) for face in FACES)
    return from_colours(colours, n), frame


def _centre_faces(symbols: list[str]) -> dict[str, str]:
    centres = [symbols[9 * f + 4] for f in range(6)]
    if len(set(centres)) != 6:
        raise InputError(
            "the six centres must have six different colours, got {centres}",
            centres="".join(centres),
        )
    if set(centres) == set(FACES) and not _turned_whole(centres):
        misplaced = [face for face, centre in zip(FACES, centres, strict=True) if face != centre]
        raise InputError(
            "centres out of place: {faces} (in face letters each face's middle facelet is its "
            "own letter; the middles read {centres}, not URFDLB)",
            faces=", ".join(misplaced),
            centres="".join(centres),
        )
    return {s: FACES[f] for f, s in enumerate(centres)}


# The corners' faces, each read clockwise from any of its three (``cubies.CORNERS``).
_CLOCKWISE = {name[k:] + name[:k] for name in CORNERS for k in range(3)}
_OPPOSITE = dict(zip(FACES, FACES[3:] + FACES[:3], strict=True))  # URFDLB: opposites 3 apart


def _turned_whole(centres: list[str]) -> bool:
    """Whether centres in face letters are the solved cube's, turned as a whole: opposite
    faces' letters opposite, and those of U, R and F clockwise around a corner, as on the
    cube's URF (two centres swapped make a mirror image, or put opposite faces side by side)."""
    up, right, front, down, left, back = centres
    opposite = (down, left, back) == tuple(_OPPOSITE[c] for c in (up, right, front))
    return opposite and up + right + front in _CLOCKWISE


def _corner_faces(symbols: list[str]) -> dict[str, str]:
    """The 2x2x2's faces by symbol: D, B and L from the DBL corner, the others by opposites."""
    corners = [{symbols[f] for f in triple} for triple in corner_facelets(2)]
    kinds = list(dict.fromkeys(symbols))
    opposite: dict[str, str] = {}
    for a in kinds:
        never = [b for b in kinds if b != a and not any({a, b} <= c for c in corners)]
        if len(never) == 1:
            opposite[a] = never[0]
    d, b, left = (symbols[f] for f in corner_facelets(2)[HELD_STILL])
    faces = {d: "D", b: "B", left: "L"}
    for symbol, face in ((d, "U"), (b, "F"), (left, "R")):
        other = opposite.get(symbol)
        if other is not None and other not in faces:
            faces[other] = face
    if len(faces) != 6:
        raise InputError(
            "cannot tell the faces apart: each colour must have one opposite colour "
            "that it never shares a corner with"
        )
    return faces
