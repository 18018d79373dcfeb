"""The FastAPI application and ``statesearch serve``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from ..errors import InputError
from .api import ServerBusy, router
from .translations import BUSY, input_error, language, message, validation_error

STATIC = Path(__file__).parent / "static"


def create_app() -> FastAPI:
    app = FastAPI(
        title="statesearch playground",
        description="Solve sliding puzzles, mazes and tilt puzzles with the statesearch engine.",
    )
    app.include_router(router)
    # Plain files, no build step and no CDN: the page works offline.
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    # Every error is one readable line (``{"detail": ...}``) in the client's language.
    def answer(request: Request, status: int, explain: Callable[[str], str]) -> JSONResponse:
        lang = language(request.headers.get("accept-language"))
        return JSONResponse(
            {"detail": explain(lang)}, status_code=status, headers={"content-language": lang}
        )

    @app.exception_handler(RequestValidationError)
    async def readable_422(request: Request, err: RequestValidationError) -> JSONResponse:
        return answer(
            request, 422, lambda lang: "; ".join(validation_error(p, lang) for p in err.errors())
        )

    @app.exception_handler(InputError)
    async def bad_input(request: Request, err: InputError) -> JSONResponse:
        return answer(request, 422, lambda lang: input_error(err, lang))

    @app.exception_handler(ServerBusy)
    async def busy(request: Request, err: ServerBusy) -> JSONResponse:
        return answer(request, 503, lambda lang: message(BUSY, {}, lang))

    return app
