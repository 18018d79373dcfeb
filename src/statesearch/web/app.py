"""The FastAPI application and ``statesearch serve``."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .api import router

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

    @app.exception_handler(RequestValidationError)
    async def readable_422(request: Request, err: RequestValidationError) -> JSONResponse:
        # One readable line (``field: problem; ...``) instead of pydantic's nested list.
        parts = []
        for problem in err.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
            parts.append(f"{where}: {problem.get('msg')}" if where else str(problem.get("msg")))
        return JSONResponse({"detail": "; ".join(parts)}, status_code=422)

    return app
