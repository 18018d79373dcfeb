"""The one exception a user can cause."""


class InputError(ValueError):
    """Bad input from a user: a malformed board or file, an unknown option, an impossible request.

    The message is a single line meant to be shown as is; the CLI prints it and exits 2, the web
    API answers 422 with it.
    """
