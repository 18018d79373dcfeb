"""The ``statesearch`` command line: typer commands that call the facade and render its result.

Each command's module is imported when the command is asked for (``COMMANDS``): ``solve
problem`` loads no pattern databases, cube tables, plots or numpy, where importing every
command's module took most of its start. ``statesearch --help`` (and ``app``, the whole typer
application) imports them all.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import re
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from typing import Annotated, Any

import typer
from typer.core import TyperArgument

from .. import provenance
from ..core.limits import LimitKind
from ..core.result import Status
from ..errors import InputError
from .render import EXIT_CODES, INTERRUPTED

# Each command, in the order the help lists them: the module of this package that holds it and
# the name there of its typer application (a group of commands) or its function.
COMMANDS = {
    "batch": ("batch", "batch"),
    "showcase": ("showcase", "showcase"),
    "serve": ("serve", "serve"),
    "cube": ("cube", "app"),
    "solve": ("domains", "app"),
    "analyze": ("analyze", "app"),
    "tilt": ("tilt", "app"),
    "pdb": ("pdb", "app"),
    "bench": ("bench", "app"),
}
# Commands of a group that live in another module than the group's own.
JOINED = {
    "bench": {"cube": ("bench_cube", "bench_cube")},
}
INTERNAL_ERROR = 70  # EX_SOFTWARE: statesearch's fault, not the input's


def _found(module: str, name: str) -> Any:
    return getattr(importlib.import_module(f".{module}", __name__), name)


@functools.cache
def loaded(name: str) -> Any:
    """The typer application or function of the command ``name``, its module imported, with
    the commands ``JOINED`` to it."""
    value = _found(*COMMANDS[name])
    for sub, where in JOINED.get(name, {}).items():
        value.command(sub)(_found(*where))
    return value


def typer_app(names: Iterable[str]) -> typer.Typer:
    """The command line with the commands ``names`` (``--version`` and the help with any)."""
    made = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, add_completion=False)
    made.callback()(_options)
    for name in names:
        value = loaded(name)
        if isinstance(value, typer.Typer):
            made.add_typer(value, name=name)
        else:
            made.command(name)(value)
    return made


def __getattr__(name: str) -> Any:
    """``app``: the whole typer application, every command's module imported."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return typer_app(COMMANDS)


def show_version(asked: bool) -> None:
    if asked:
        from .. import __version__

        print(f"statesearch {__version__}")
        raise typer.Exit(0)


def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """State-space search: solve puzzles and mazes, compare algorithms and heuristics."""


def one_line(message: str) -> str:
    """A message with the line breaks (and other control characters) of what it quotes, a file
    name say, as spaces: an error is one line."""
    return re.sub(r"[\x00-\x1f\x7f]+", " ", message)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI. Bad input of any kind becomes one line on stderr and exit code 2; an error
    that is statesearch's own becomes one line naming the file that holds the details, exit 70."""
    provenance.command_line = list(sys.argv[1:] if argv is None else argv)  # results say it
    try:
        result = command().main(args=argv, standalone_mode=False)
    except InputError as err:
        print(f"error: {one_line(str(err))}", file=sys.stderr)
        return 2
    except typer.TyperException as err:  # usage errors: unknown option, bad value, missing argument
        if type(err).__name__ == "NoArgsIsHelpError":
            return 0  # the help was printed: nothing went wrong
        print(f"error: {one_line(err.format_message())}", file=sys.stderr)
        return 2
    except typer.Exit as done:
        return done.exit_code
    except (typer.Abort, KeyboardInterrupt, Interrupted):
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # the last line of defence: never a raw traceback
        return internal_error(err)
    return result if isinstance(result, int) else 0


class Interrupted(Exception):
    """Ctrl-C in a command that did not stop on it itself: typer would end it with 130 and not
    a word, so it is passed on as this."""


@functools.cache
def command() -> Any:
    """The click command tree (``dressed``), each command made from its module when it is
    first asked for (``LazyCommands``)."""
    root = dressed(typer.main.get_command(typer_app([])), leaf=False)
    root.commands = LazyCommands()
    return root


class LazyCommands(MutableMapping[str, Any]):
    """The root's commands by name, as click asks for them (``get``, and the names in order
    for the help), each made from its module on first use."""

    def __init__(self) -> None:
        self.made: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self.made:
            if name not in COMMANDS:
                raise KeyError(name)
            # Made as typer makes it among all the others: as the one command of a root.
            root: Any = typer.main.get_command(typer_app([name]))
            self.made[name] = dressed(root.commands[name])
        return self.made[name]

    def __setitem__(self, name: str, value: Any) -> None:
        self.made[name] = value

    def __delitem__(self, name: str) -> None:
        del self.made[name]

    def __iter__(self) -> Iterator[str]:
        return iter([*COMMANDS, *(n for n in self.made if n not in COMMANDS)])

    def __len__(self) -> int:
        return len(set(COMMANDS) | set(self.made))


def dressed(top: Any, leaf: bool = True) -> Any:
    """A command and those under it as the help shows them: a flag (which takes no value)
    without a type, any other value named after its option (``--goal GOAL``) and an argument
    by its name, rather than by a Python type; each command's Ctrl-C passed on as
    ``Interrupted``. ``leaf=False``: ``top`` alone (the root, whose commands come later)."""
    stack = [top]
    while stack:
        node = stack.pop()
        if node.callback is not None:
            node.callback = _heard(node.callback, leaf=not hasattr(node, "commands"))
        for param in node.params:
            if param.metavar is None and param.name:
                flag = getattr(param, "is_flag", False)
                param.metavar = "" if flag else param.name.upper().replace("_", "-")
            if isinstance(param, TyperArgument):  # its name and help say what it is, not <str>
                param.display_type_rich = _no_type  # type: ignore[method-assign]
        node.get_help_option = _typeless_help(node.get_help_option)
        if leaf:
            stack.extend(getattr(node, "commands", {}).values())
    return top


def _heard(callback: Callable[..., Any], leaf: bool) -> Callable[..., Any]:
    """``callback`` with Ctrl-C passed on as ``Interrupted``. A command's (not a group's) hands
    Ctrl-C back to Python while it runs: until then, while the command line is read, the
    ``statesearch`` command exits at once on it (``statesearch.__main__``). The handler that
    was there is put back after it: ``main`` called in a notebook or a test leaves the caller's."""

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        previous: dict[int, Any] = {}
        if leaf and threading.current_thread() is threading.main_thread():
            previous[signal.SIGINT] = signal.signal(signal.SIGINT, signal.default_int_handler)
            if _while_starting(signal.getsignal(signal.SIGTERM)):  # batch, bench: a Ctrl-C too
                previous[signal.SIGTERM] = signal.signal(signal.SIGTERM, signal.default_int_handler)
        try:
            return callback(*args, **kwargs)
        except KeyboardInterrupt:
            raise Interrupted from None
        finally:
            for number, handler in previous.items():
                if handler is not None:  # not handed over, or not set from Python
                    signal.signal(number, handler)

    return run


def _while_starting(handler: object) -> bool:
    """Whether ``handler`` is the one ``statesearch.__main__`` sets while the command starts."""
    return getattr(handler, "__module__", None) == "statesearch.__main__"


def _no_type(ctx: Any) -> None:
    return None


def _typeless_help(make: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``--help`` is made per invocation; it is a flag too."""

    def help_option(ctx: Any) -> Any:
        option = make(ctx)
        if option is not None:
            option.metavar = ""
        return option

    return help_option


def internal_error(err: Exception) -> int:
    """Write the traceback to a file and say so in one line."""
    import tempfile

    fd, path = tempfile.mkstemp(
        prefix=f"statesearch-error-{time.strftime('%Y%m%d-%H%M%S')}-", suffix=".txt"
    )
    with os.fdopen(fd, "w") as details:
        traceback.print_exception(err, file=details)
    print(
        f"internal error (not your input): {type(err).__name__}: {str(err)[:200]}; "
        f"details in {path}",
        file=sys.stderr,
    )
    return INTERNAL_ERROR


def run() -> None:
    """The ``statesearch`` command: ``main``, then exit without tearing the interpreter down
    (freeing a big search's tables one object at a time can take seconds, after the answer is
    printed). Its time limits count from the process's start (``statesearch.clock``)."""
    from .. import clock, overdue

    clock.COMMAND_STARTED = clock.STARTED
    if sys.argv[1:2] != ["serve"]:  # a server outlives any one search
        overdue.HARD_STOP = functools.partial(hard_stop, os.getpid())  # the command's process
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = reader_gone()
    sys.stderr.flush()
    os._exit(code)


def hard_stop(command: int, kind: LimitKind, detail: str) -> None:
    """End the command whose problem's code is blocked in C past its limit (``overdue``): the
    limit in one line, as a search stopped by it says it, and exit 4 (130 for Ctrl-C). Only
    in the command's own process ``command``: a worker it forked (the server's, a batch's)
    is its pool's to end."""
    if os.getpid() != command:
        return
    with contextlib.suppress(OSError):
        sys.stdout.flush()
        os.write(2, f"limit reached ({kind.value}): {detail}; this proves nothing\n".encode())
    os._exit(INTERRUPTED if kind is LimitKind.CANCELLED else EXIT_CODES[Status.LIMIT_REACHED])


def reader_gone() -> int:
    """The reader closed our output (``| head``): stop quietly with 1, as click does when a
    write finds the pipe closed while a command prints."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error while exiting
    return 1
