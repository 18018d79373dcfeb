"""When this process started to use statesearch, for the command line's time limits: the
``statesearch`` command counts them from here, so the imports of numba and the kernels count
too. (The package imports this module first.) A program that calls ``cli.main`` itself (a test,
a server) leaves ``COMMAND_STARTED`` unset, and each command's clock starts when it does."""

import time

STARTED = time.perf_counter()
COMMAND_STARTED: float | None = None  # set by the console entry (``cli.run``)
