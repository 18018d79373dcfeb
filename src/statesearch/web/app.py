"""The FastAPI application: the API, the page, its static files and the API's documentation.

Every answer that is not a result is one readable line, ``{"detail": ...}``, in the client's
language; no request ever gets a traceback. An internal error is logged and answered with a 500
that names its incident and where the details are; a 503 only ever means "busy, retry".
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from pathlib import Path

import swagger_ui_bundle  # type: ignore[import-untyped]
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ..errors import InputError
from .api import router
from .checks import Invalid
from .guard import BODY_TIMEOUT, LOOPBACK, Guard
from .incidents import InternalError, record
from .translations import (
    BUSY,
    INTERNAL,
    NOT_ALLOWED,
    NOT_FOUND,
    UNREADABLE_BODY,
    input_error,
    language,
    message,
    one_line,
    validation_errors,
)
from .workers import POOL, ServerBusy

STATIC = Path(__file__).parent / "static"
SWAGGER_UI = Path(swagger_ui_bundle.swagger_ui_path)  # Swagger UI's files, shipped in a wheel
HTTP_MESSAGES = {400: UNREADABLE_BODY, 404: NOT_FOUND, 405: NOT_ALLOWED}


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    POOL.warm()
    yield
    POOL.close()


# The docs' sections, in the page's order; a trace is the search step by step, as --trace-json.
API_SECTIONS = [
    {"name": "sliding puzzle", "description": "Boards: the live panel, solve, trace."},
    {"name": "maze", "description": "Grids with walls and terrain costs: solve, trace."},
    {"name": "tilt", "description": "Tilt boards, where every block moves at once."},
    {"name": "cube", "description": "The 2x2x2 and the 3x3x3."},
    {"name": "server", "description": "What this server allows."},
]


def create_app(
    allowed_hosts: Collection[str] = LOOPBACK, body_timeout: float = BODY_TIMEOUT
) -> FastAPI:
    """The playground; it answers only requests whose ``Host`` is in ``allowed_hosts``, and
    gives a client ``body_timeout`` seconds to send a request's body."""
    app = FastAPI(
        title="statesearch playground",
        description="Solve sliding puzzles, mazes, tilt puzzles and cubes with statesearch.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
        openapi_tags=API_SECTIONS,
    )
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, body_timeout=body_timeout)
    app.include_router(router)
    # Plain files, no build step and no CDN: the page and the docs work offline.
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs-assets", StaticFiles(directory=SWAGGER_UI), name="docs-assets")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="statesearch API",
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
        )

    def answer(
        request: Request, status: int, explain: Callable[[str], str], **headers: str
    ) -> JSONResponse:
        lang = language(request.headers.get("accept-language"))
        return JSONResponse(
            {"detail": one_line(explain(lang))},
            status_code=status,
            headers={"content-language": lang, **headers},
        )

    @app.exception_handler(RequestValidationError)
    async def readable_422(request: Request, err: RequestValidationError) -> JSONResponse:
        return answer(request, 422, lambda lang: validation_errors(list(err.errors()), lang))

    @app.exception_handler(Invalid)
    async def invalid_body(request: Request, err: Invalid) -> JSONResponse:
        return answer(request, 422, lambda lang: validation_errors(err.problems, lang))

    @app.exception_handler(InputError)
    async def bad_input(request: Request, err: InputError) -> JSONResponse:
        return answer(request, 422, lambda lang: input_error(err, lang))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        template = HTTP_MESSAGES.get(err.status_code)
        return answer(
            request,
            err.status_code,
            lambda lang: message(template, {}, lang) if template else str(err.detail),
            **(err.headers or {}),  # a 405's Allow among them
        )

    @app.exception_handler(ServerBusy)
    async def busy(request: Request, err: ServerBusy) -> JSONResponse:
        seconds = err.retry_after
        return answer(
            request,
            503,
            lambda lang: message(BUSY, {"seconds": seconds}, lang),
            **{"retry-after": str(seconds)},
        )

    @app.exception_handler(InternalError)
    async def internal(request: Request, err: InternalError) -> JSONResponse:
        fields = {"incident": err.incident, "log": str(err.log)}
        return answer(request, 500, lambda lang: message(INTERNAL, fields, lang))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, err: Exception) -> JSONResponse:
        import traceback

        return await internal(request, record("unexpected error", traceback.format_exc()))

    return app
