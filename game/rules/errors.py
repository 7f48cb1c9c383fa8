"""Refusals the table can explain in the player's language: a ValueError with a code and its values."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An illegal action. `str(exc)` is the English reason for callers of the API; the interface
    translates `illegal.<code>` with `params` (suits as ♠♥♦♣ characters, cards as codes)."""

    def __init__(self, code: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
