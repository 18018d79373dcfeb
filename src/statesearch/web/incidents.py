"""Internal errors: the details go to a log file, the client gets one line saying where.

The log lives in the cache directory (``server-errors.log``), or in the system's temporary
directory when the cache cannot be written. It is rotated at ``LOG_BYTES`` so that no client
can fill a disk by provoking errors.
"""

from __future__ import annotations

import logging
import logging.handlers
import secrets
import tempfile
from functools import cache
from pathlib import Path

from ..cache import cache_dir

LOG_BYTES = 1 << 20


class InternalError(Exception):
    """Something failed that is not the client's fault; answered with 503 and the log's place."""

    def __init__(self, incident: str, log: Path) -> None:
        super().__init__(f"internal error {incident}; details in {log}")
        self.incident = incident
        self.log = log


@cache
def _logger() -> tuple[logging.Logger, Path]:
    logger = logging.getLogger("statesearch.web.incidents")
    logger.propagate = False
    for directory in (cache_dir(), Path(tempfile.gettempdir())):
        path = directory / "server-errors.log"
        try:
            directory.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1)
        except OSError:
            continue
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger.addHandler(handler)
        return logger, path
    return logger, Path("(nowhere: no directory could be written)")


def record(what: str, details: str) -> InternalError:
    """Log ``details`` under a fresh incident id and return the error to answer with."""
    logger, path = _logger()
    incident = secrets.token_hex(4)
    logger.error("incident %s: %s\n%s", incident, what, details)
    return InternalError(incident, path)
