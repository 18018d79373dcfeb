"""The cube's tables in the cache (Korf's, the 2x2x2's, the coset table and its bounds), all
named ``cube-...``: listed and verified, each against its own record, by ``table_store``."""

from __future__ import annotations

import re
from typing import Any

from ... import table_store

TABLE_NAMES = re.compile(r"cube-[a-z0-9-]+")


def stored_tables() -> list[dict[str, Any]]:
    """The metadata of every cube table in the cache, with its file name."""
    return table_store.stored_tables(TABLE_NAMES)


def verify_all() -> list[tuple[str, str | None]]:
    """Every cube table in the cache with why it is unsound (``None``: sound)."""
    return table_store.verify_all(TABLE_NAMES)
