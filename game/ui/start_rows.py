"""The rows a start section is made of (a fitted choice, a labelled name box), and the page it sits on: a
start section gathers who sits where and hands the setup to a table, whatever its game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from game.ui.widgets import Choice, Form, Label, TextInput

if TYPE_CHECKING:
    from game.app import App

NAME_LEN = 20

T = TypeVar("T")
Setter = Callable[[Any], None]


class Page(Protocol):
    """What a start section may ask of the page it is built on (the menu)."""

    app: App
    start_panel: pygame.Rect

    def g(self, value: float) -> int: ...

    def relayout(self) -> None: ...


def store(items: list[Any], i: int, then: Callable[[], None] | None = None) -> Setter:
    """A callback that keeps a widget's value in `items[i]` (and reacts with `then`)."""

    def setter(value: object) -> None:
        items[i] = value
        if then is not None:
            then()

    return setter


def kept(value: T | None, options: list[T], default: T | None = None) -> T | None:
    """The previous choice if it is still offered, else the default (or the first option)."""
    if value in options:
        return value
    return default if default is not None else (options[0] if options else None)


def choice(
    rect: pygame.Rect,
    label: str,
    options: list[tuple[Any, str]],
    value: object,
    on_change: Setter,
    share: float = 0.0,
) -> Choice:
    """A choice of the start section (its value drawn smaller, then shortened, where the box is narrow)."""
    return Choice(rect, label, options, value, on_change, share)


def labelled_input(
    form: Form,
    row: pygame.Rect,
    label: str,
    value: str,
    on_change: Setter,
    placeholder: str,
    share: float,
    longest: int = NAME_LEN,
) -> None:
    cut = round(row.width * share)
    form.add(Label(pygame.Rect(row.x, row.y, cut, row.height), label))
    form.add(
        TextInput(
            pygame.Rect(row.x + cut, row.y, row.width - cut, row.height),
            value,
            on_change,
            longest,
            placeholder,
        )
    )
