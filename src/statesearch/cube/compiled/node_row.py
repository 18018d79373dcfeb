"""The rows of the compiled IDA*'s nodes, shared by the search and its estimates.

``nodes[d, i]`` is the row of the child by the ``i``-th move of the node at depth d - 1 on the
path (the root's is ``nodes[0, 0]``): every child of the node being searched has a row of its
own, so that the children that fit can all be prepared at once (``ida_kernel``). A row holds
the state of the canonical-sequence rule (``notation.canonical_moves``), the node's estimate,
the list of its children that fit and the next of them to enter, then the estimate's own
columns from ``OWN`` on (``korf``, ``coset_kernel``), all int64 and read and written by address
(``memory``). An estimate reads its tables through a tuple of ``TABLE_SLOTS`` addresses and
numbers (padded with zeros), so that one compiled search serves every estimate.
"""

from __future__ import annotations

from typing import Any

import numpy as np

Signed = int | np.int64  # what the kernels' integer arguments may be, seen from Python
Tables = tuple[Any, ...]  # an estimate's addresses and numbers
MAX_DEPTH = 40  # rows of the path: no optimal solution is longer than 26 quarter turns
MOVE_COUNT = 18  # rows per depth: a node's children
# The first columns of a node: the rule's state, the next of its children that fit to enter,
# its estimate, how many of its children fit, and from FITTING + 1 one word for each of them:
# the children generated up to it (the moves the rule allows) << 5 | its place in the move
# list; then all of its children generated << 5 (FITTING itself is 0).
RULE, NEXT, ESTIMATE, FITS, FITTING = range(5)
OWN = FITTING + MOVE_COUNT + 2  # where an estimate's columns start
# A prepare's batch (``ida_kernel._prepare``): the nodes' rows, their rules' rows, then from
# LIVE scratch for the estimate, a word per child of the batch.
LIVE = 2 * MOVE_COUNT
BATCH_WORDS = LIVE + MOVE_COUNT * MOVE_COUNT
TABLE_SLOTS = 24


def padded(tables: Tables) -> Tables:
    """An estimate's tables as the search takes them: ``TABLE_SLOTS`` integers."""
    if len(tables) > TABLE_SLOTS:
        raise ValueError("an estimate reads at most TABLE_SLOTS addresses and numbers")
    return tuple(int(t) for t in tables) + (0,) * (TABLE_SLOTS - len(tables))
