"""``statesearch solve NAME``: the command of each domain in the registry (``core.domain``),
in its order; a domain of one's own named in ``STATESEARCH_DOMAINS`` is listed too."""

from __future__ import annotations

import typer

from ..core import domain

app = typer.Typer(
    help="Solve one problem and print the path and the counters.", no_args_is_help=True
)
for _name in domain.names():
    _command = domain.get(_name).command
    if _command is not None:
        app.command(_name)(domain.imported(_command))
