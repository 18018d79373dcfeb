"""``statesearch serve``: the local web playground and its API."""

from __future__ import annotations

import webbrowser
from typing import Annotated

import typer

from ..errors import InputError
from ..extras import require


def serve(
    host: Annotated[
        str,
        typer.Option(
            help="Address to bind (local only by default; 0.0.0.0 for every network of this "
            "machine: a class, whose devices open the addresses it prints).",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port.")] = 8000,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="Another host name the server answers to (repeatable); the loopback names "
            "and --host always work. Any other Host header is refused (DNS rebinding).",
        ),
    ] = None,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the playground in a browser.")
    ] = False,
) -> None:
    """Start the web playground (the JSON API is documented at /docs).

    Every search runs in a worker process and stops after at most 20 s (time waiting
    included), or as soon as its client goes away; two run at once, more wait in a fair line
    (up to 200: more are told when to retry). With --host 0.0.0.0 it prints the addresses
    that other devices on the network type, and answers to them.
    """
    require("web", "statesearch serve")
    from ..web.guard import WILDCARDS, allowed_names, interface_addresses
    from ..web.server import listening_socket, make_server

    try:
        sock = listening_socket(host, port)
    except (OSError, UnicodeError) as err:
        why = getattr(err, "strerror", None) or str(err) or type(err).__name__
        raise InputError(
            "cannot listen on {host}:{port}: {why}", host=host, port=port, why=why
        ) from None
    own = interface_addresses() if host in WILDCARDS else []
    names = allowed_names(host, allow_host or (), own)
    server = make_server(host, port, allow_host or (), own=own)
    shown = "localhost" if host in ("127.0.0.1", *WILDCARDS) else host
    url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    typer.echo(f"statesearch playground at {url} (answers to {', '.join(sorted(names))})")
    if host in WILDCARDS:
        typer.echo(network_lines(own, port))
    if open_browser:
        webbrowser.open(url)
    server.run(sockets=[sock])


def network_lines(addresses: list[str], port: int) -> str:
    """What a teacher reads out: the addresses other devices type to open the playground."""
    if not addresses:
        return "No network address of this machine was found: only it can open the playground."
    return "\n".join(
        ["On another device on the same network, open:"]
        + [f"  http://{address}:{port}/" for address in addresses]
    )
