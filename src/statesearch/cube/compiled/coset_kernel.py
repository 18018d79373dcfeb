"""The coset table as the compiled IDA*'s estimate, looked up along three axes.

A node keeps, for each of the three views of ``symmetry.AXES`` (the cube as it is, with F-B
and with R-L turned to U-D), the coset coordinates of the position seen that way
(``coset_lookup``) and the exact distance of that coset. A move changes each view by the move
it is in that view; the child's entry in the table says, mod 3, whether its coset is one
closer, as far, or one further than the parent's, so the child's exact distance follows.

The inverse position is as far from solved as the position (a solution read backwards, each
turn undone, solves it), so its three views bound the distance too. A node keeps, per view, the
whole cube seen that way (``coset_lookup.turned_cube``) and the bound of its inverse's coset
(``coset_lookup.bound_at``); a move whose turn in a view is of U or D leaves the inverse's coset
there as it was (U and D are in H, and multiply the inverse on the left), so its bound is the
parent's, read from no table. Every move is such a turn in one of the three views, so every
child keeps one bound from its parent, and one that already shows it too far gives it up
before any read: on random cubes about two in five children, most of them one move short of the
iteration's bound.

The estimate is the largest of the three distances, and one more when all three are equal and
not zero: a shortest way into a coset never ends with a turn of the faces whose subgroup it is
(U or D for the first view: those turns stay inside), so if all three views needed exactly x
moves, a solution of x moves could end with no face at all (Rokicki's observation, nxopt). The
same holds of the inverse's three bounds, though a bound may be short of its coset's distance:
if all three are x and one is short, that distance is at least x + 1 already. The estimate is
the larger of the two.

``coset_prepare`` works on a batch of nodes, the children of one node that fit
(``ida_kernel``): it gives up the children their kept bound proves too far, then works out the
other children's entries view by view (at each node, the view whose distance there is largest
first) and asks for them across the whole batch at once, so that the cache misses overlap, each
child given up at the first view that proves it too far, then the inverse's views of the
children left the same way. The children still in the running are one list, closed up as
children are given up, so that a step goes over only the children left and tests no verdict:
such a test goes either way at random, and the processor guesses it wrong about half the
time. The children are then estimated one by one from what prepare kept (``coset_estimate``).
A child that must be solved to fit (the last move of an iteration) is compared with the solved
coset without reading the table. Everything is read by address (``memory``): a node is a row
of int64 columns, its view columns first, then, per move, what prepare worked out for that
child.
"""

from __future__ import annotations

from numba import njit

from ...kernels.intrinsics import prefetch_at
from ..model.cubies import Cubies
from ..tables.coset_coords import CosetCoordinates
from .coset_lookup import (
    BOUNDS,
    FLIP_SHIFT,
    SOLVED_MASK,
    SPAN,
    UD_VIEW,
    VIEW_MOVES,
    WORDS,
    Signed,
    Tables,
    bound_at,
    code_at,
    entry,
    inverse_entry,
    mask_of,
    packed,
    stepped,
    turned,
    turned_cube,
)
from .memory import peek8, peek64, poke64
from .node_row import LIVE, MOVE_COUNT, OWN

# Per view: the coordinates and distance of the coset, the packed cube, the inverse's bound.
LAYER, TWIST, FLIP, SLICE, DISTANCE, CORNERS, EDGES, BOUND = range(8)
WIDTH = 8  # columns per view
ORDER = OWN + 3 * WIDTH  # the views by their distance, farthest first (``_order``)
COLUMNS = ORDER + 1
# After the views: per move (18), what prepare found for that child: its estimate if a view
# proved it too far (-1 if none did; never read for a move the rule skips), the distance read
# in each view (by ``ORDER``; left unwritten after the view that gives the child up), per
# view its entry and coordinates, and per view the packed cube, the inverse's entry (-1: the
# parent's coset) and its bound.
KEPT = COLUMNS
VERDICT, SEEN, VIEWS = 0, 1, 4
INVERSE = VIEWS + 3 * 5
INVERSE_WIDTH = 4  # corners, edges, entry, bound
KEPT_WIDTH = INVERSE + 3 * INVERSE_WIDTH
ROW = KEPT + 18 * KEPT_WIDTH  # the columns of a node


@njit(cache=True, inline="always")
def _order(node: Signed) -> Signed:
    """The views by their distance at the node, farthest first (the likeliest to prune),
    packed two bits each: first, second, third from the low end."""
    a = peek64(node, OWN + DISTANCE)
    b = peek64(node, OWN + WIDTH + DISTANCE)
    c = peek64(node, OWN + 2 * WIDTH + DISTANCE)
    if a >= b:
        if b >= c:
            return 0 | 1 << 2 | 2 << 4
        return (0 | 2 << 2 | 1 << 4) if a >= c else (2 | 0 << 2 | 1 << 4)
    if a >= c:
        return 1 | 0 << 2 | 2 << 4
    return (1 | 2 << 2 | 0 << 4) if b >= c else (2 | 1 << 2 | 0 << 4)


@njit(cache=True, inline="always")
def _view_turned(
    node: Signed, at: Signed, view: Signed, move: Signed, t: Tables
) -> tuple[Signed, Signed, Signed, Signed]:
    """The child's coordinates in one view (the node's are in its columns from ``at``)."""
    return turned(
        peek64(node, at + LAYER),
        peek64(node, at + TWIST),
        peek64(node, at + FLIP),
        peek64(node, at + SLICE),
        peek64(t[VIEW_MOVES], view * 18 + move),
        t,
    )


@njit(cache=True, inline="always")
def _solved_view(node: Signed, child: Signed, view: Signed, move: Signed, t: Tables) -> bool:
    """Whether the child's coset in one view is the solved one (its coordinates written):
    no table read, for the children that must be solved to fit."""
    at = OWN + view * WIDTH
    layer, twist, flip, mask = _view_turned(node, at, view, move, t)
    poke64(child, at + LAYER, layer)
    poke64(child, at + TWIST, twist)
    poke64(child, at + FLIP, flip)
    poke64(child, at + SLICE, mask)
    poke64(child, at + DISTANCE, 0)
    solved: bool = (
        layer == 0
        and (t[SPAN] == 1 or twist == 0)
        and flip & ((1 << t[FLIP_SHIFT]) - 1) == 0
        and mask == SOLVED_MASK
    )
    return solved


@njit(cache=True, inline="always")
def _keep(node: Signed, child: Signed, view: Signed, kept: Signed, distance: Signed) -> None:
    """Write a view's coordinates worked out by ``coset_prepare`` and its distance to the child."""
    at = OWN + view * WIDTH
    poke64(child, at + LAYER, peek64(node, kept + 1))
    poke64(child, at + TWIST, peek64(node, kept + 2))
    poke64(child, at + FLIP, peek64(node, kept + 3))
    poke64(child, at + SLICE, peek64(node, kept + 4))
    poke64(child, at + DISTANCE, distance)


@njit(cache=True, inline="always")
def _distance(node: Signed, view: Signed, kept: Signed, t: Tables) -> Signed:
    return stepped(t, peek64(node, OWN + view * WIDTH + DISTANCE), code_at(t, peek64(node, kept)))


@njit(cache=True, inline="always")
def _work_out(node: Signed, view: Signed, move: Signed, kept: Signed, t: Tables) -> Signed:
    """A child's coordinates and entry in one view, kept in the parent's row from ``kept``;
    returns the entry."""
    at = OWN + view * WIDTH
    layer, twist, flip, mask = _view_turned(node, at, view, move, t)
    index = entry(layer, twist, flip, mask, t)
    poke64(node, kept, index)
    poke64(node, kept + 1, layer)
    poke64(node, kept + 2, twist)
    poke64(node, kept + 3, flip)
    poke64(node, kept + 4, mask)
    return index


@njit(cache=True, inline="always")
def coset_estimate(
    node: Signed, child: Signed, i: Signed, move: Signed, room: Signed, t: Tables
) -> Signed:
    """The child's estimate from the three views ``coset_prepare`` read (the first view that
    proved it too far, if one did); a child that fits gets its columns in its row ``child``."""
    if room <= 0:  # only a child in the solved coset of every view fits (if any does)
        for view in range(3):
            if not _solved_view(node, child, view, move, t):
                return 1
        return 0
    kept = KEPT + i * KEPT_WIDTH
    verdict: Signed = peek64(node, kept + VERDICT)
    if verdict >= 0:
        return verdict
    order = peek64(node, ORDER)
    for slot in range(3):
        d = peek64(node, kept + SEEN + slot)
        _keep(node, child, (order >> (2 * slot)) & 3, kept + VIEWS + 5 * slot, d)
    for view in range(3):
        at, inverse = OWN + view * WIDTH, kept + INVERSE + view * INVERSE_WIDTH
        poke64(child, at + CORNERS, peek64(node, inverse))
        poke64(child, at + EDGES, peek64(node, inverse + 1))
        poke64(child, at + BOUND, peek64(node, inverse + 3))
    return max(_forward_estimate(node, kept), _inverse_estimate(node, kept))


@njit(cache=True, inline="always")
def _combined(node: Signed, at: Signed, step: Signed) -> Signed:
    """Three distances (or bounds) kept ``step`` columns apart from ``at``, combined as
    ``estimates.combine`` does."""
    a = peek64(node, at)
    b = peek64(node, at + step)
    c = peek64(node, at + 2 * step)
    h: Signed = max(a, b, c)
    return h + 1 if a == b == c and h > 0 else h


@njit(cache=True, inline="always")
def _forward_estimate(node: Signed, kept: Signed) -> Signed:
    """The three distances of a child as prepare read them, combined."""
    return _combined(node, kept + SEEN, 1)


@njit(cache=True, inline="always")
def _inverse_estimate(node: Signed, kept: Signed) -> Signed:
    """The inverse's three bounds of a child as prepare kept them, combined alike."""
    return _combined(node, kept + INVERSE + 3, INVERSE_WIDTH)


@njit(cache=True, inline="always")
def _child_at(entry: Signed) -> tuple[Signed, Signed, Signed]:
    """A child in the running (``coset_prepare``): its parent's row, its place in the move list
    and where its columns start in that row."""
    i = entry & 31
    return entry >> 5, i, KEPT + i * KEPT_WIDTH


@njit(cache=True, inline="always")
def _given_up(node: Signed, kept: Signed, h: Signed, room: Signed) -> bool:
    """Write the child's verdict: ``h`` if it is over ``room``, else -1 (still in the running)."""
    out = bool(h > room)
    poke64(node, kept + VERDICT, h if out else -1)
    return out


@njit(cache=True, inline="always")
def _kept_bound(node: Signed, move: Signed, t: Tables) -> Signed:
    """The inverse's bound the child keeps from the parent: every move is a turn of U or D in
    one view, where the inverse's coset stays as it was."""
    bound: Signed = peek64(node, OWN + peek8(t[UD_VIEW], move) * WIDTH + BOUND)
    return bound


@njit(cache=True, inline="always")
def _by_kept_bound(
    batch: Signed, size: Signed, moves: Signed, count: Signed, room: Signed, live: Signed, t: Tables
) -> Signed:
    """Give up the children whose kept bound is over ``room``; list the others (the moves the
    rule allows) in ``live``, and return how many."""
    n: Signed = 0
    for k in range(size):
        node, allowed = peek64(batch, k), peek64(batch, MOVE_COUNT + k)
        poke64(node, ORDER, _order(node))
        for i in range(count):
            bound = _kept_bound(node, peek64(moves, i), t)
            _given_up(node, KEPT + i * KEPT_WIDTH, bound, room)
            poke64(live, n, node << 5 | i)
            n += (peek64(allowed, i) >= 0) & (bound <= room)
    return n


@njit(cache=True, inline="always")
def _view_ask(live: Signed, n: Signed, slot: Signed, moves: Signed, t: Tables) -> None:
    """Work out the entries of the children in ``live`` in their node's ``slot``-th view
    (``ORDER``) and ask for them."""
    for j in range(n):
        node, i, kept = _child_at(peek64(live, j))
        view = (peek64(node, ORDER) >> (2 * slot)) & 3
        prefetch_word(t, _work_out(node, view, peek64(moves, i), kept + VIEWS + 5 * slot, t))


@njit(cache=True, inline="always")
def _view_read(live: Signed, n: Signed, slot: Signed, room: Signed, t: Tables) -> Signed:
    """Read the entries ``_view_ask`` asked for; a child whose distance there is over ``room``
    is given up. Returns how many are left in ``live``."""
    left: Signed = 0
    for j in range(n):
        at = peek64(live, j)
        node, _, kept = _child_at(at)
        view = (peek64(node, ORDER) >> (2 * slot)) & 3
        d = _distance(node, view, kept + VIEWS + 5 * slot, t)
        poke64(node, kept + SEEN + slot, d)
        poke64(live, left, at)
        left += not _given_up(node, kept, d, room)
    return left


@njit(cache=True, inline="always")
def _by_equal_views(live: Signed, n: Signed, room: Signed) -> Signed:
    """Give up the children the three distances, combined, show too far (the rule of equal
    views gives up a few more). Returns how many are left in ``live``."""
    left: Signed = 0
    for j in range(n):
        at = peek64(live, j)
        node, _, kept = _child_at(at)
        poke64(live, left, at)
        left += not _given_up(node, kept, _forward_estimate(node, kept), room)
    return left


@njit(cache=True, inline="always")
def _inverse_ask(live: Signed, n: Signed, moves: Signed, t: Tables) -> None:
    """For the children in ``live``: per view the packed cube, and the bounds of its inverse in
    the three views, asked for at once (the parent's bound when the move is of U or D in that
    view: no read). Asking for the three at once is faster here than a view at a time, though
    it reads more."""
    for j in range(n):
        node, i, kept = _child_at(peek64(live, j))
        move = peek64(moves, i)
        kept_view = peek8(t[UD_VIEW], move)
        for view in range(3):
            at = OWN + view * WIDTH
            inverse = kept + INVERSE + view * INVERSE_WIDTH
            corners, edges = turned_cube(
                peek64(node, at + CORNERS),
                peek64(node, at + EDGES),
                peek64(t[VIEW_MOVES], view * 18 + move),
                t,
            )
            poke64(node, inverse, corners)
            poke64(node, inverse + 1, edges)
            index: Signed = -1
            if view != kept_view:
                index = inverse_entry(corners, edges, t)
                prefetch_at(t[BOUNDS] + 8 * (index >> 5))
            poke64(node, inverse + 2, index)


@njit(cache=True, inline="always")
def _inverse_read(live: Signed, n: Signed, room: Signed, t: Tables) -> None:
    """Read the bounds ``_inverse_ask`` asked for; a child they show too far is given up."""
    for j in range(n):
        node, _, kept = _child_at(peek64(live, j))
        for view in range(3):
            inverse = kept + INVERSE + view * INVERSE_WIDTH
            index = peek64(node, inverse + 2)
            parent = peek64(node, OWN + view * WIDTH + BOUND)
            poke64(node, inverse + 3, parent if index < 0 else bound_at(t, index))
        _given_up(node, kept, _inverse_estimate(node, kept), room)


@njit(cache=True, inline="always")
def coset_prepare(
    batch: Signed, size: Signed, moves: Signed, count: Signed, room: Signed, t: Tables
) -> None:
    """Estimate all the children of the nodes in ``batch`` (``ida_kernel._prepare``) at once:
    first by the bound each keeps from its node (no read), then view by view (at each node,
    the view whose distance there is largest first): for the children still in the running,
    work out their entries in the view and ask for all of them, then read them and give up the
    children they prove too far. A view costs one wait for memory per batch of nodes instead of
    one per child, the reads overlapping. Every view is read for the children that stay, even
    a view that cannot prune them: they are entered next, and one wait for all of them is
    shorter than one wait each. Then the inverse's views, for the children left, alike.

    The children in the running are one list (``node << 5 | i``, in the batch's scratch from
    ``LIVE``), kept without gaps: each step goes over the children left, and a child given up
    only moves the next one down, where a test of each child's verdict in every step would be
    a branch the processor cannot predict."""
    if room <= 0:  # the children must be solved to fit: ``coset_estimate`` needs no table
        return
    live = batch + 8 * LIVE
    n = _by_kept_bound(batch, size, moves, count, room, live, t)
    for slot in range(3):
        _view_ask(live, n, slot, moves, t)
        n = _view_read(live, n, slot, room, t)
    n = _by_equal_views(live, n, room)
    _inverse_ask(live, n, moves, t)
    _inverse_read(live, n, room, t)


@njit(cache=True, inline="always")
def prefetch_word(t: Tables, index: Signed) -> None:
    """Ask for the table word holding entry ``index``."""
    prefetch_at(t[WORDS] + 8 * (index >> 5))


def root_columns(
    views: list[CosetCoordinates], distances: list[int], cubes: list[Cubies], bounds: list[int]
) -> list[int]:
    """A root node's columns: per view, the coordinates (the slice as its mask) and distance,
    the cube packed and its inverse's bound."""
    out: list[int] = []
    for c, d, cube, b in zip(views, distances, cubes, bounds, strict=True):
        out += [c.layer, c.twist, c.flip, mask_of(c.slice), d, *packed(cube), b]
    return out
