"""The ``statesearch`` command line: typer commands that call the facade and render its result."""

from __future__ import annotations

import sys

import typer

from ..errors import InputError
from . import bench, pdb, serve, showcase, solve, tilt

app = typer.Typer(
    help="State-space search: solve puzzles and mazes, compare algorithms and heuristics.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(solve.app, name="solve")
app.add_typer(tilt.app, name="tilt")
app.add_typer(pdb.app, name="pdb")
app.add_typer(bench.app, name="bench")
app.command("showcase")(showcase.showcase)
app.command("serve")(serve.serve)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; bad input of any kind becomes one line on stderr and exit code 2."""
    try:
        result = typer.main.get_command(app).main(args=argv, standalone_mode=False)
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except typer.TyperException as err:  # usage errors: unknown option, bad value, missing argument
        print(f"error: {err.format_message()}", file=sys.stderr)
        return 2
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        print("aborted", file=sys.stderr)
        return 130
    return result if isinstance(result, int) else 0
