"""A cube's text at first use: an empty text is no cube (it was the solved one), and centres out
of place are named before the pieces they make impossible (it was "no corner has ...")."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from statesearch import InputError
from statesearch.cube import Cube
from statesearch.cube.model.facelets import (
    FACES,
    IDENTITY,
    TURN_X,
    TURN_Z,
    Matrix,
    conjugate,
    face_map,
    keep_ud_axis,
    mirrored,
)
from statesearch.cube.model.reading import read_cube

SCRAMBLE = "R U F' D2 L B'"


@pytest.mark.parametrize("text", ["", " ", "\t\n"])
def test_an_empty_text_is_no_cube(text: str) -> None:
    for size in (None, 2, 3):
        with pytest.raises(InputError) as err:
            Cube.from_text(text, size)
        assert str(err.value) == (
            "empty cube: give a scramble such as \"R U R' U'\" or a facelet string (54 letters "
            "in URFDLB order, 24 for the 2x2x2)"
        )


def facelets_of(text: str) -> str:
    cube = Cube.from_text(text)
    return cube.facelets(cube.initial)


@pytest.mark.parametrize(("a", "b"), list(itertools.combinations(range(6), 2)))
def test_two_swapped_centres_are_named(a: int, b: int) -> None:
    facelets = list(facelets_of(SCRAMBLE))
    facelets[9 * a + 4], facelets[9 * b + 4] = facelets[9 * b + 4], facelets[9 * a + 4]
    with pytest.raises(InputError) as err:
        read_cube("".join(facelets))
    said = str(err.value)
    assert said.startswith(f"centres out of place: {FACES[a]}, {FACES[b]} (in face letters ")
    assert said.endswith("not URFDLB)") and "\n" not in said


def held(facelets: str, m: Matrix) -> str:
    """The facelets of the cube moved whole by ``m`` (a rotation, or a mirror image), each
    sticker keeping its letter: ``conjugate`` renames the letters so that the centres are home,
    and its renaming is undone."""
    colours = np.array([FACES.index(c) for c in facelets])
    renamed = [FACES.index(face_map(m)[face]) for face in FACES]
    return "".join(FACES[int(np.argsort(renamed)[c])] for c in conjugate(colours, m))


# The 48 symmetries: those that keep the U-D axis, after a turn that brings an axis to it.
SYMMETRIES = [(axis, m) for axis in (IDENTITY, TURN_X, TURN_Z) for m in keep_ud_axis()]


@pytest.mark.parametrize(("axis", "m"), SYMMETRIES, ids=[str(i) for i in range(48)])
def test_a_cube_held_another_way_is_read_and_its_mirror_image_is_refused(
    axis: Matrix, m: Matrix
) -> None:
    """Written in face letters while held another way up, the centres say which letter is
    which face: the position seen so. A mirror image has no such reading: its centres are
    named (the pieces would be mirrored corners)."""
    facelets = facelets_of(SCRAMBLE)
    seen = held(held(facelets, axis), m)
    if mirrored(m):
        with pytest.raises(InputError, match=r"^centres out of place: "):
            read_cube(seen)
        return
    colours = np.array([FACES.index(c) for c in facelets])
    renamed = conjugate(conjugate(colours, axis), m)  # the centres home: in standard order
    assert read_cube(seen) == read_cube("".join(FACES[int(c)] for c in renamed))
