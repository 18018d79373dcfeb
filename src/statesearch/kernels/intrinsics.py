"""LLVM instructions numba does not offer as functions, for the kernels: prefetch (of an
array's element, or of an address), population count and count of trailing zeros (each one
instruction on x86-64)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


def _emit_prefetch(builder: Any, pointer: Any) -> None:
    """LLVM's prefetch of the cache line at ``pointer``: read (0), high temporal locality (3),
    data cache (1)."""
    byte_pointer = ir.IntType(8).as_pointer()
    i32 = ir.IntType(32)
    llvm_prefetch = builder.module.declare_intrinsic(
        "llvm.prefetch",
        [byte_pointer],
        ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32]),
    )
    builder.call(llvm_prefetch, [builder.bitcast(pointer, byte_pointer), i32(0), i32(3), i32(1)])


@intrinsic
def _prefetch(typingctx: Any, array: Any, index: Any) -> Any:
    """Start loading the cache line of ``array[index]`` (of its row ``index`` for a 2-D array)
    without waiting for it. Hash-table searches spend most of their time waiting on such loads;
    asking for the rows of the next few states early lets the waits overlap."""
    if not isinstance(array, types.Array) or not isinstance(index, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        array_type = signature.args[0]
        data = context.make_array(array_type)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        position = [args[1]] + [zero] * (array_type.ndim - 1)
        _emit_prefetch(
            builder, cgutils.get_item_pointer(context, builder, array_type, data, position)
        )
        return context.get_dummy_value()

    return types.void(array, index), codegen


@intrinsic
def _prefetch_at(typingctx: Any, address: Any) -> Any:
    """As ``prefetch``, for the byte at an address (kernels that read tables by address)."""
    if not isinstance(address, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        _emit_prefetch(builder, builder.inttoptr(args[0], ir.IntType(8).as_pointer()))
        return context.get_dummy_value()

    return types.void(address), codegen


# What kernels call: numba hides the typing context argument.
prefetch = cast(Callable[[np.ndarray, int], None], _prefetch)
prefetch_at = cast(Callable[[Any], None], _prefetch_at)


@intrinsic
def _popcount(typingctx: Any, value: Any) -> Any:
    """The number of set bits of an integer (LLVM's ctpop: one instruction on x86-64)."""
    if not isinstance(value, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        width = ir.IntType(signature.args[0].bitwidth)
        ctpop = builder.module.declare_intrinsic("llvm.ctpop", [width])
        count = builder.call(ctpop, [args[0]])
        return context.cast(builder, count, signature.args[0], types.int64)

    return types.int64(value), codegen


popcount = cast(Callable[[Any], int], _popcount)


@intrinsic
def _trailing_zeros(typingctx: Any, value: Any) -> Any:
    """The number of zero bits below the lowest set bit (LLVM's cttz): the index of a single
    set bit."""
    if not isinstance(value, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        width = ir.IntType(signature.args[0].bitwidth)
        cttz = builder.module.declare_intrinsic("llvm.cttz", [width, ir.IntType(1)])
        count = builder.call(cttz, [args[0], ir.IntType(1)(0)])
        return context.cast(builder, count, signature.args[0], types.int64)

    return types.int64(value), codegen


trailing_zeros = cast(Callable[[Any], int], _trailing_zeros)
