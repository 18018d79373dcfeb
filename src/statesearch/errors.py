"""The one exception a user can cause."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input from a user: a malformed board or file, an unknown option, an impossible request.

    The message is a single line meant to be shown as is; the CLI prints it and exits 2, the web
    API answers 422 with it. It is built from an English ``template`` with ``{name}`` fields and
    the ``params`` that fill them, so the template can serve as the key of a translation (as
    gettext's message ids do; see ``statesearch.web.translations``). A field may be another
    ``InputError``, the reason inside a reason, and is translated in turn.

    >>> str(InputError("duplicate tiles: {tiles}", tiles="1, 2"))
    'duplicate tiles: 1, 2'
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = {name: _printable(value) for name, value in params.items()}
        super().__init__(template.format(**self.params))

    def __reduce__(self) -> tuple[object, ...]:
        # Across a process pipe with its template and fields, so that it is still translated.
        return (self._rebuilt, (self.template, self.params))

    @classmethod
    def _rebuilt(cls, template: str, params: dict[str, object]) -> InputError:
        return cls(template, **params)


def _printable(value: object) -> object:
    """A number too long for Python to print (over 4,300 digits) by its size instead."""
    if isinstance(value, int) and value.bit_length() > 14_000:
        return _Size(f"a number of about {round(value.bit_length() * 0.30103, -2):,.0f} digits")
    return value


class _Size(str):
    """A number's size said in words, in a field written with a number's format (``{n:,}``),
    which a string would refuse."""

    def __format__(self, spec: str) -> str:
        return str(self)
