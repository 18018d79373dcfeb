"""Loads and stores by address, for the hot loops of the cube's IDA*.

numba counts the references to an array each time one is handed to a function, even an inlined
one, with an atomic add on entry and an atomic subtract on the way out. The IDA* hands its
tables to the estimate once per child: with sixteen tables that was 32 atomic operations a
child, more time than the estimate itself (by address the coset IDA* ran several times faster).
So the kernels pass the tables' addresses (``addresses``,
taken in Python while the arrays are kept alive by their owner) and read them with these
one-instruction loads: ``peek16(base, i)`` is ``base[i]`` of an int16 array, as an int64.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic


def _load(bits: int, signed: bool) -> Any:
    def load(typingctx: Any, base: Any, index: Any) -> Any:
        if not isinstance(base, types.Integer) or not isinstance(index, types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            width = ir.IntType(bits)
            pointer = builder.inttoptr(args[0], width.as_pointer())
            value = builder.load(builder.gep(pointer, [args[1]]))
            wide = ir.IntType(64)
            if bits == 64:
                return value
            return builder.sext(value, wide) if signed else builder.zext(value, wide)

        return types.int64(base, index), codegen

    return intrinsic(load)


@intrinsic
def _poke64(typingctx: Any, base: Any, index: Any, value: Any) -> Any:
    """``base[index] = value`` for an int64 array."""
    if not all(isinstance(a, types.Integer) for a in (base, index, value)):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        wide = ir.IntType(64)
        pointer = builder.inttoptr(args[0], wide.as_pointer())
        builder.store(
            context.cast(builder, args[2], signature.args[2], types.int64),
            builder.gep(pointer, [args[1]]),
        )
        return context.get_dummy_value()

    return types.void(base, index, value), codegen


Peek = Callable[[Any, Any], Any]
peek8 = cast(Peek, _load(8, True))
peeku8 = cast(Peek, _load(8, False))
peek16 = cast(Peek, _load(16, True))
peek32 = cast(Peek, _load(32, True))
peek64 = cast(Peek, _load(64, True))
poke64 = cast(Callable[[Any, Any, Any], None], _poke64)


def addresses(*arrays: np.ndarray) -> tuple[int, ...]:
    """The data addresses of C-contiguous arrays (the caller keeps the arrays alive)."""
    for a in arrays:
        if not a.flags.c_contiguous:
            raise ValueError("only C-contiguous arrays can be read by address")
    return tuple(int(a.ctypes.data) for a in arrays)
