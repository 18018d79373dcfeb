"""The FastAPI application and ``statesearch serve``."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from .api import router


def create_app() -> FastAPI:
    app = FastAPI(
        title="statesearch playground",
        description="Solve sliding puzzles, mazes and tilt puzzles with the statesearch engine.",
    )
    app.include_router(router)

    @app.exception_handler(RequestValidationError)
    async def readable_422(request: Request, err: RequestValidationError) -> JSONResponse:
        # One readable line (``field: problem; ...``) instead of pydantic's nested list.
        parts = []
        for problem in err.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
            parts.append(f"{where}: {problem.get('msg')}" if where else str(problem.get("msg")))
        return JSONResponse({"detail": "; ".join(parts)}, status_code=422)

    return app
