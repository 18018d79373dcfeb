"""What the compiled kernels share: status and stop codes, LLVM instructions numba lacks, the
open list, and the resumable IDA* driver.

A kernel works on plain numpy arrays and integer-encoded states, never on the engine's
objects. It runs in *slices*: all of its state lives in arrays its caller owns, and it returns
after a given number of expansions (or when a budget it was given runs out), so the caller can
look at the clock and the cancel flag between slices and a compiled search is bounded exactly
like a Python one. A domain's ``compiled.py`` adapts its kernels to the engine's outcome.
"""
