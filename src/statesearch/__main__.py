"""The ``statesearch`` command (``run``, the console script) and ``python -m statesearch``.

A Ctrl-C in the command's first few tenths of a second, while numpy, numba and typer are still
imported, stopped it with a traceback. Until the command's own code runs (``cli.command`` hands
Ctrl-C back to Python then), Ctrl-C exits at once, quietly: nothing has been done that could be
lost. From then on the command's own handling takes over (a search stops and prints its
counters). ``batch`` and ``bench`` hear SIGTERM as a Ctrl-C, so they do while they start
too. ``import statesearch`` loads nothing else, so this runs before any of it.
"""

import os
import sys

INTERRUPTED = 130  # as shells report an interrupted command (cli.render's too)
# The commands that take a scheduler's stop (SIGTERM: timeout, SLURM, systemctl) as a Ctrl-C
# (``cli.batch``): while they start too, where it ended them with 143 and no word.
STOPPED_BY_SIGTERM = ("batch", "bench")


def run() -> None:
    """Run the command line (``cli.run``, which never returns) with Ctrl-C heard from the
    start."""
    try:
        import signal  # its enum takes some 10 ms: a Ctrl-C in them is caught below

        signal.signal(signal.SIGINT, _interrupted_while_starting)
        if sys.argv[1:2] and sys.argv[1] in STOPPED_BY_SIGTERM:
            signal.signal(signal.SIGTERM, _interrupted_while_starting)
    except KeyboardInterrupt:
        _interrupted_while_starting()
    from .cli import run as command

    command()


def _interrupted_while_starting(*_: object) -> None:
    """Say so in one line and exit; in a signal handler, so no import can catch it."""
    try:  # noqa: SIM105 (contextlib is not imported yet, and nothing is imported here)
        os.write(2, b"interrupted\n")
    except OSError:  # no standard error to say it on
        pass
    os._exit(INTERRUPTED)


if __name__ == "__main__":
    run()
