"""IDA* + Manhattan distance compiled per board shape, one function per (blank cell, last move).

In such a function every neighbour cell, every legality test and the move that would undo the
last one are constants, and going one level deeper is a direct call: the way the fastest C
solvers are written (C++ templates), and 1.6 times the node rate of the loop kernel that
reads them from tables (``benchmarks/ida_node_rate.py``). numba cannot express it (its calls
pass every array as a struct), so the functions are emitted as LLVM IR with llvmlite, numba's
own backend, and compiled once per shape (4 s for 4x4), then loaded from the cache directory.

The search keeps the contract of the loop kernels (``ida_kernels``, ``kernels.ida_driver``):
same counters, same move order, same registers, and after a given number of expansions it
pauses at the next child it would enter. A pause unwinds the recursion, restoring the board, and
leaves the path to that child in ``path``; the next call replays the path without counting
anything (the ``resume_`` twins), counts the child and carries on from it.
"""

from __future__ import annotations

import ctypes
import hashlib
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import cast

import llvmlite
import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir

from ..cache import cache_dir, read_checked, write_checked
from ..kernels import codes, ida_driver
from ..kernels.codes import EXHAUSTED, FOUND, PAUSED
from ..kernels.ida_driver import Register
from . import moves as move_tables
from .moves import MoveTables

# The driver's registers, and two of the search's own: the expansion count at which it pauses,
# and the depth of the child it paused at (0: not replaying).
S_STOP_AT, S_REPLAY = 6, 7
MAX_CELLS = 36  # 6x6: beyond that the functions take too long to compile to be worth it

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
BYTES, WORDS = I8.as_pointer(), I64.as_pointer()
# node(tiles, delta, registers, path, g, h) -> status; search(..., blank, h) at the root
NODE = ir.FunctionType(I32, [BYTES, BYTES, WORDS, BYTES, I64, I64])
SEARCH = ctypes.CFUNCTYPE(
    ctypes.c_int32,
    ctypes.c_void_p,
    ctypes.c_void_p,
    ctypes.c_void_p,
    ctypes.c_void_p,
    ctypes.c_int64,
    ctypes.c_int64,
)
Search = Callable[[int, int, int, int, int, int], int]
_compiling = threading.Lock()  # guards the tables below; a compile holds its shape's lock
_engines: list[llvm.ExecutionEngine] = []  # compiled code lives as long as its engine
_searches: dict[tuple[int, int], Search] = {}
_background: dict[tuple[int, int], threading.Thread] = {}
_shape_locks: dict[tuple[int, int], threading.Lock] = {}


def emit(rows: int, cols: int) -> ir.Module:
    """The IR: for each blank cell and last move ``node_<cell>_<last + 1>``, and its twin
    ``resume_...`` that first follows the saved path down to the paused node (so the nodes
    themselves never test for a replay: that test cost a sixth of the node rate); ``search``
    enters through the twins at the root."""
    moves = MoveTables(rows, cols)
    n = rows * cols
    module = ir.Module(name=f"ida_manhattan_{rows}x{cols}")
    nodes: dict[tuple[int, int], ir.Function] = {}
    resumes: dict[tuple[int, int], ir.Function] = {}
    for blank in range(n):
        for last in range(-1, 4):
            for kind, functions in (("node", nodes), ("resume", resumes)):
                function = ir.Function(module, NODE, name=f"{kind}_{blank}_{last + 1}")
                function.linkage = "internal"
                functions[blank, last] = function
    for (blank, last), node in nodes.items():
        _emit_node(node, blank, last, moves, n, nodes, None)
        _emit_node(resumes[blank, last], blank, last, moves, n, nodes, resumes)
    search = ir.Function(module, ir.FunctionType(I32, [*NODE.args[:4], I64, I64]), name="search")
    tiles, delta, registers, path, blank, h = search.args
    builder = ir.IRBuilder(search.append_basic_block())
    nowhere = search.append_basic_block()
    switch = builder.switch(blank, nowhere)
    for cell in range(n):
        block = search.append_basic_block()
        switch.add_case(I64(cell), block)
        builder.position_at_end(block)
        root = resumes[cell, -1]
        builder.ret(builder.call(root, [tiles, delta, registers, path, I64(0), h]))
    builder.position_at_end(nowhere)
    builder.ret(I32(EXHAUSTED))
    return module


def _emit_node(
    node: ir.Function,
    blank: int,
    last: int,
    moves: MoveTables,
    n: int,
    nodes: dict[tuple[int, int], ir.Function],
    resumes: dict[tuple[int, int], ir.Function] | None,
) -> None:
    """One node's children in move order: count, bound test, descend, undo. With ``resumes``,
    the twin that resumes: at the paused depth it runs the node; above it, it replays the
    child on the path (uncounted) and then tries the children after it as the node would."""
    tiles, delta, registers, path, g, h = node.args
    children = [
        (d, int(moves.cell_after[blank * 4 + d]))
        for d in range(4)
        if moves.cell_after[blank * 4 + d] >= 0 and (last < 0 or d != moves.opposite[last])
    ]
    entry = node.append_basic_block("entry")
    tries = [node.append_basic_block(f"try{d}") for d, _ in children]
    done = node.append_basic_block("done")
    tries.append(done)
    builder = ir.IRBuilder(entry)

    def register(index: int) -> ir.Value:
        return builder.gep(registers, [I64(index)])

    def add_one(index: int) -> ir.Value:
        value = builder.add(builder.load(register(index)), I64(1))
        builder.store(value, register(index))
        return value

    def slide(tile: ir.Value, to: int, source: int) -> None:
        builder.store(tile, builder.gep(tiles, [I64(to)]))
        builder.store(I8(0), builder.gep(tiles, [I64(source)]))

    def estimate(tile: ir.Value, d: int) -> ir.Value:
        at = builder.add(builder.mul(builder.zext(tile, I64), I64(n * 4)), I64(blank * 4 + d))
        return builder.add(h, builder.sext(builder.load(builder.gep(delta, [at])), I64))

    def count_entry(depth: ir.Value, expanded: ir.Value | None = None) -> None:
        """Count the node entered at ``depth`` expanded (``expanded``: the count before, when
        already loaded), and the path's length."""
        if expanded is None:
            add_one(Register.EXPANDED)
        else:
            builder.store(builder.add(expanded, I64(1)), register(Register.EXPANDED))
        states = builder.add(depth, I64(1))  # on the path now, the root included
        longest = builder.load(register(Register.LONGEST))
        more = builder.icmp_signed(">", states, longest)
        builder.store(builder.select(more, states, longest), register(Register.LONGEST))

    deeper = builder.add(g, I64(1))
    if resumes is None:
        builder.branch(tries[0])
    else:
        here, follow = node.append_basic_block("here"), node.append_basic_block("follow")
        paused_at = builder.load(register(S_REPLAY))
        builder.cbranch(builder.icmp_signed("==", g, paused_at), here, follow)
        builder.position_at_end(here)
        builder.store(I64(0), register(S_REPLAY))
        if last >= 0:  # the child the pause stopped at: counted now, as the parent would have
            add_one(Register.GENERATED)
            count_entry(g)
            goal, search_on = node.append_basic_block("goal"), node.append_basic_block("on")
            builder.cbranch(builder.icmp_signed("==", h, I64(0)), goal, search_on)
            builder.position_at_end(goal)
            builder.store(g, register(Register.DEPTH))
            builder.ret(I32(FOUND))
            builder.position_at_end(search_on)
        builder.ret(builder.call(nodes[blank, last], node.args))
        builder.position_at_end(follow)
        on_path = builder.switch(builder.zext(builder.load(builder.gep(path, [g])), I64), done)

    for i, (d, cell) in enumerate(children):
        child = nodes[cell, d]
        over, inside, enter, found, pause, call, after, undo, back = (
            node.append_basic_block(f"{name}{d}")
            for name in ("over", "in", "enter", "found", "pause", "call", "after", "undo", "back")
        )
        builder.position_at_end(tries[i])
        tile = builder.load(builder.gep(tiles, [I64(cell)]))
        add_one(Register.GENERATED)
        h2 = estimate(tile, d)
        f = builder.add(deeper, h2)
        builder.cbranch(
            builder.icmp_signed(">", f, builder.load(register(Register.BOUND))), over, inside
        )

        builder.position_at_end(over)
        smallest = builder.load(register(Register.NEXT))
        below = builder.icmp_signed("<", f, smallest)
        builder.store(builder.select(below, f, smallest), register(Register.NEXT))
        builder.branch(tries[i + 1])

        builder.position_at_end(inside)
        expanded = builder.load(register(Register.EXPANDED))
        enough = builder.icmp_signed(">=", expanded, builder.load(register(S_STOP_AT)))
        builder.cbranch(enough, pause, enter)
        builder.position_at_end(pause)  # the next slice replays to here and counts the child
        builder.store(I8(d), builder.gep(path, [g]))
        builder.store(deeper, register(S_REPLAY))
        builder.store(builder.sub(builder.load(register(Register.GENERATED)), I64(1)),
                      register(Register.GENERATED))  # fmt: skip
        builder.ret(I32(PAUSED))
        builder.position_at_end(enter)
        count_entry(deeper, expanded)  # first: the board's stores may alias the registers
        slide(tile, blank, cell)
        builder.store(I8(d), builder.gep(path, [g]))
        builder.cbranch(builder.icmp_signed("==", h2, I64(0)), found, call)
        builder.position_at_end(found)
        builder.store(deeper, register(Register.DEPTH))
        builder.ret(I32(FOUND))

        builder.position_at_end(call)
        status = builder.call(child, [tiles, delta, registers, path, deeper, h2])
        builder.branch(after)

        builder.position_at_end(after)
        result = builder.phi(I32)
        result.add_incoming(status, call)
        moved = builder.phi(I8)
        moved.add_incoming(tile, call)
        if resumes is not None:
            replayed = node.append_basic_block(f"replay{d}")
            on_path.add_case(I64(d), replayed)
            builder.position_at_end(replayed)
            replay_tile = builder.load(builder.gep(tiles, [I64(cell)]))
            replay_h = estimate(replay_tile, d)
            slide(replay_tile, blank, cell)
            arguments = [tiles, delta, registers, path, deeper, replay_h]
            result.add_incoming(builder.call(resumes[cell, d], arguments), replayed)
            moved.add_incoming(replay_tile, replayed)
            builder.branch(after)
            builder.position_at_end(after)
        slide(moved, cell, blank)
        builder.cbranch(builder.icmp_signed("==", result, I32(EXHAUSTED)), undo, back)
        builder.position_at_end(back)
        builder.ret(result)
        builder.position_at_end(undo)
        builder.branch(tries[i + 1])

    builder.position_at_end(done)
    builder.ret(I32(EXHAUSTED))


def ready_search(rows: int, cols: int, can_wait: bool, check: Callable[[], None]) -> Search | None:
    """The search for this shape if it can be had in time, else ``None`` (the caller then runs
    the loop kernel, which counts the same): loaded from the cache at once, or compiled in a
    background thread (LLVM runs outside the GIL) that a caller with time to spare waits for,
    calling ``check`` (a ``Meter.check``) as it waits so that a cancel still stops it. A
    caller under a tight time limit does not wait; the code is there for the next search."""
    shape = (rows, cols)
    with _compiling:
        if shape in _searches:
            return _searches[shape]
        if read_checked(object_path(rows, cols)) is None:
            if shape not in _background:
                worker = threading.Thread(
                    target=search_function, args=shape, name=f"compile {rows}x{cols}", daemon=True
                )
                _background[shape] = worker
                worker.start()
            worker = _background[shape]
            if not can_wait:
                return None
        else:
            worker = None
    while worker is not None and worker.is_alive():
        worker.join(0.05)
        check()
    return search_function(rows, cols)


def forget_compiled() -> None:
    """Forget the searches made in this process (a test reloads them from the cache)."""
    with _compiling:
        _searches.clear()


def object_path(rows: int, cols: int) -> Path:
    """Where this shape's machine code is cached: named by a hash of what it is made from (the
    source of this module and of the tables and codes it emits, the shape, the CPU, llvmlite's
    version)."""
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    cpu, features = llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten()
    made_from = (sys.modules[__name__], move_tables, codes, ida_driver)
    sources = b"".join(Path(m.__file__ or "").read_bytes() for m in made_from)
    identity = sources + f"{rows}x{cols} {cpu} {features} {llvmlite.__version__}".encode()
    return (
        cache_dir() / f"ida-manhattan-{rows}x{cols}-{hashlib.blake2b(identity).hexdigest()[:16]}.o"
    )


def search_function(rows: int, cols: int) -> Search:
    """``search(tiles, delta, registers, path, blank, h) -> status`` for this board shape,
    compiled now or loaded from the cache directory (``object_path``, checksummed): the next
    process loads it instead of spending seconds in LLVM."""
    shape = (rows, cols)
    with _compiling:
        if shape in _searches:
            return _searches[shape]
        one_at_a_time = _shape_locks.setdefault(shape, threading.Lock())
    with one_at_a_time:
        if shape in _searches:
            return _searches[shape]
        path = object_path(rows, cols)
        target = llvm.Target.from_default_triple()
        cpu, features = llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten()
        machine = target.create_target_machine(cpu=cpu, features=features, opt=3)
        cached = read_checked(path)
        if cached is None:
            module = llvm.parse_assembly(str(emit(rows, cols)))
            module.verify()
            passes = llvm.create_pass_builder(machine, llvm.create_pipeline_tuning_options(3))
            passes.getModulePassManager().run(module, passes)
        else:
            module = llvm.parse_assembly("")  # the engine takes the cached code instead
        engine = llvm.create_mcjit_compiler(module, machine)

        def save(_: llvm.ModuleRef, code: bytes) -> None:
            # A cache that cannot be written only costs the next process the compile.
            if write_checked(path, code, lambda message: None):
                for stale in path.parent.glob(f"ida-manhattan-{rows}x{cols}-*.o"):
                    if stale != path:  # made by an older statesearch, llvmlite or CPU
                        stale.unlink(missing_ok=True)

        engine.set_object_cache(save, lambda _: cached)
        engine.finalize_object()
        search = cast(Search, SEARCH(engine.get_function_address("search")))
        with _compiling:
            _engines.append(engine)
            _searches[shape] = search
        return search


def run_slice(
    search: Search,
    tiles: np.ndarray,
    delta: np.ndarray,
    registers: np.ndarray,
    path: np.ndarray,
    blank: int,
    h: int,
) -> int:
    """One slice from the root (replaying to where the last one paused)."""
    return int(
        search(
            tiles.ctypes.data,
            delta.ctypes.data,
            registers.ctypes.data,
            path.ctypes.data,
            blank,
            h,
        )
    )
