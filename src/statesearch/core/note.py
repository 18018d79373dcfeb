"""A message made, as an ``InputError`` is, from a template and its fields, so that the web
and the command line can say it in Korean (``web.korean``, keyed by the template): a result's
notes and reasons, a budget's stop, a proof."""

from __future__ import annotations

from typing import Any


class Note(str):
    """A message in English from a template and its fields. A field may be a list of notes,
    said with "and" between them, or a note itself (a word the Korean says its own way).

    >>> Note("the weight {weight:g} (only A* weighs h)", weight=2.0)
    'the weight 2 (only A* weighs h)'
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Note:
        said = {k: " and ".join(v) if isinstance(v, list) else v for k, v in params.items()}
        note = super().__new__(cls, template.format(**said))
        note.template, note.params = template, params
        return note

    def __reduce__(self) -> tuple[Any, ...]:
        return (_note, (self.template, self.params))


def _note(template: str, params: dict[str, Any]) -> Note:
    return Note(template, **params)
