"""``statesearch serve``: the local web playground's API."""

from __future__ import annotations

import webbrowser
from typing import Annotated

import typer


def serve(
    host: Annotated[
        str, typer.Option(help="Address to bind (local only by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port.")] = 8000,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the playground in a browser.")
    ] = False,
) -> None:
    """Start the web playground (the JSON API is documented at /docs)."""
    import uvicorn

    from ..web.app import create_app

    if open_browser:
        webbrowser.open(f"http://{host}:{port}/")
    uvicorn.run(create_app(), host=host, port=port)
