"""The coset table and its bounds in the cache (``store``): each checked against what it is
for, loaded once per process, built or derived on request, never by a search (minutes of work).
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait

import numpy as np

from ... import table_store as store
from ...cache import exists
from ...core.limits import LimitHit, LimitKind, Limits, Meter, active_meter, reserve
from ...errors import InputError
from .breadth import Progress
from .coset_table import LAYOUTS, CosetTable, bound_base, breadth_first, classes, derive_bounds


def table_name(variant: str, metric: str) -> str:
    return f"cube-coset-{variant}-{metric}"


def bounds_name(variant: str, metric: str) -> str:
    return f"cube-coset-bounds-{variant}-{metric}"


def table_meta(variant: str, metric: str) -> dict[str, object]:
    layout = LAYOUTS[variant]
    cl = classes(layout.twist)
    return {
        "table": "3x3x3 coset distances mod 3",
        "variant": variant,
        "metric": metric,
        "classes": cl.count,
        "row_words": layout.row_words,
        "entries": cl.count * layout.row_entries,
    }


def bounds_meta(variant: str, metric: str, base: int) -> dict[str, object]:
    return {**table_meta(variant, metric), "table": "3x3x3 coset distance bounds", "base": base}


def _stored_layers(variant: str, metric: str) -> list[int]:
    return [int(n) for n in store.notes(table_name(variant, metric)).get("layers", [])]


def is_stored(variant: str, metric: str) -> bool:
    """Whether the cache holds the table and its bounds with the right metadata
    (``store.is_stored``)."""
    base = bound_base(_stored_layers(variant, metric) or [0])
    return store.is_stored(table_name(variant, metric), table_meta(variant, metric)) and (
        store.is_stored(bounds_name(variant, metric), bounds_meta(variant, metric, base))
    )


def _load(
    name: str,
    meta: dict[str, object],
    what: str,
    log: store.Log | None,
    check: store.Check = store.never_stop,
) -> np.ndarray | None:
    reason, words = store.load(name, meta, check)
    if words is None and log is not None and reason != "missing":
        log(f"{what} in the cache: {reason}; not used")
    return words


def stored_table(variant: str, metric: str, log: store.Log | None = None) -> CosetTable | None:
    """The table and its bounds from the cache if both are there and sound (a damaged one is
    reported to ``log`` and not used). The two are read and checked side by side: reading
    and hashing 2.5 GB each release the GIL, so on two cores both take about the time of one."""
    what = f"the coset table ({variant}, {metric})"
    layers = _stored_layers(variant, metric)
    meta = bounds_meta(variant, metric, bound_base(layers or [0]))  # no layers: no table either
    # Both reserved here: the reader thread below does not see this thread's meter.
    files = [
        store.files(name)[1] for name in (table_name(variant, metric), bounds_name(variant, metric))
    ]
    reserve(sum(f.stat().st_size for f in files if exists(f)), f"reading {what} and its bounds")
    # Seconds of reading: this thread checks the active meter (Ctrl-C, a time limit) between
    # chunks and while it waits; when it stops, the reader stops at its next chunk.
    meter = active_meter()
    check = meter.check if meter is not None else store.never_stop
    stopped = threading.Event()

    def reader_check() -> None:
        if stopped.is_set():
            raise LimitHit(LimitKind.CANCELLED, "stopped on request")

    with ThreadPoolExecutor(1) as pool:  # the table there, its bounds here
        try:
            reading = pool.submit(
                _load,
                table_name(variant, metric),
                table_meta(variant, metric),
                what,
                log,
                reader_check,
            )
            # Without the table's layers (its metadata unreadable: said above) the bounds'
            # metadata cannot match; one line about the table is enough.
            told = log if layers else None
            bounds = _load(bounds_name(variant, metric), meta, f"{what}'s bounds", told, check)
            while wait([reading], timeout=0.05).not_done:
                check()
        except BaseException:
            stopped.set()
            raise
        words = reading.result()
    if words is None or bounds is None:
        return None
    return CosetTable(LAYOUTS[variant], metric, words, layers, bounds)


def build_and_store(
    variant: str,
    metric: str,
    meter: Meter | None = None,
    progress: Progress | None = None,
    log: store.Log | None = None,
    rebuild: bool = False,
) -> CosetTable:
    """Build the table and its bounds (bounded by ``meter``) and keep them in the cache (or, if
    the cache cannot be written, in memory only: ``log`` says so). A sound table already in
    the cache is kept unless ``rebuild``: only its bounds are derived."""
    say = log or (lambda message: None)
    meter = meter or Meter(Limits())
    layout = LAYOUTS[variant]
    what = f"the coset table ({variant}, {metric})"
    name, meta = table_name(variant, metric), table_meta(variant, metric)
    words = None if rebuild else _load(name, meta, what, log)
    if words is None:
        say(f"{what}: building it")
        started = time.perf_counter()
        words, layers = breadth_first(layout, metric, meter, progress, None)
        notes = {"layers": layers, "build_seconds": round(time.perf_counter() - started, 1)}
        store.save(name, meta, words, say, notes)
    else:
        layers = _stored_layers(variant, metric)
    say(f"{what}'s bounds: deriving them")
    started = time.perf_counter()
    bounds = derive_bounds(words, layout, metric, layers, meter, progress)
    notes = {"build_seconds": round(time.perf_counter() - started, 1)}
    store.save(
        bounds_name(variant, metric),
        bounds_meta(variant, metric, bound_base(layers)),
        bounds,
        say,
        notes,
    )
    return CosetTable(layout, metric, words, layers, bounds)


_loaded: dict[tuple[str, str], CosetTable] = {}


def require_table(variant: str, metric: str, log: store.Log | None = None) -> CosetTable:
    """The table, loaded once per process; a search never builds it (minutes of work), so a
    missing or damaged one is an ``InputError`` that says how to build it."""
    key = (variant, metric)
    if key not in _loaded:
        table = stored_table(variant, metric, log)
        if table is None:
            raise InputError(
                "the coset table ({metric}) is not built; build it once with: "
                "statesearch cube tables --metric {metric} (or use -H korf)",
                metric=metric,
            )
        _loaded[key] = table
    return _loaded[key]


def is_loaded(variant: str, metric: str) -> bool:
    """Whether this process holds the table already (``require_table`` costs nothing then)."""
    return (variant, metric) in _loaded


def keep(table: CosetTable) -> None:
    """Use this table for the rest of the process (after a build whose cache write failed)."""
    _loaded[(table.layout.variant, table.metric)] = table
