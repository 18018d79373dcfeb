"""When this process started to use statesearch: the command line counts its time limits from
here, so the imports of numba and the kernels count too. (The package imports this module
first.)"""

import time

STARTED = time.perf_counter()
