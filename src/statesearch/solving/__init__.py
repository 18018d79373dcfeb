"""The stages of ``statesearch.solve``, in the order it runs them:

- ``resolve``: the user's arguments as typed values (the algorithm, ``auto``'s choice, the
  heuristic object searched, the options with the tie policy resolved) and what was given but
  is not read;
- ``plan``: which engine runs, a domain's compiled kernel (asked for with the heuristic object,
  which must be the problem's own built-in) or the Python engine, and the notes saying why;
- ``run``: the precheck, then the search under the meter, with the cyclic GC paused and a
  watchdog for the problem's own code;
- ``interpret``: what the search ended with, as a ``SearchResult``.

``facade.solve`` is the public door; these modules are the engine's, like ``algorithms/``."""
