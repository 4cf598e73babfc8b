"""The links of a lesson page to the game's other pages: "see also" links under a lesson's text, and "Open in
the editor" / "Play it at the Table" under a live example, where those pages read it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Final

import streamlit as st

from engine.command_tables import json_commands
from engine.errors import CardTableError
from engine.games import GAMES
from engine.games import game as game_of
from engine.i18n import N_, number
from engine.i18n import gettext as _
from engine.lessons import Example, Lesson, editor_position, table_record
from engine.practice import rules_of_lesson
from engine.table import Record
from ui.language import language_query
from ui.lesson_menu import LESSON_QUERY
from ui.nav import game_page_file
from ui.share import QUERY_KEY as POSITION_QUERY
from ui.share import encode_position

TABLE_QUERY: Final = "hand"
"""The Table's query parameter for a game record (ui/table.py reads it)."""



def page_link(game: str, kind: str, label: str, icon: str, query: Mapping[str, str] | None = None) -> bool:
    """A link to another page of the app (st.page_link); nothing when that page does not exist or the app
    runs without its navigation (a page tested alone)."""
    from streamlit.errors import StreamlitAPIException


    path = game_page_file(game, kind)
    if not path.exists():
        return False
    try:
        st.page_link(str(path), label=label, icon=icon, query_params={**(query or {}), **language_query()} or None)
    except StreamlitAPIException:
        return False
    return True


_PAGE_LABELS: Final[Mapping[str, tuple[str, str]]] = {
    "lessons": (N_("The lessons"), ":material/school:"),
    "editor": (N_("Open the position editor"), ":material/edit_note:"),
    "scoring": (N_("Open the scoring explorer"), ":material/bar_chart:"),
    "table": (N_("Play a hand at the Table"), ":material/playing_cards:"),
}


def practise_this(lesson: Lesson) -> bool:
    """The lesson's "practise this" link: the practice page with only this lesson's skills (``?lesson=<slug>``);
    nothing for a lesson no skill practises (or of a game with no practice page). Whether a link was drawn."""
    skills = rules_of_lesson(lesson.game, lesson.slug) if lesson.game in GAMES else ()
    if not skills:
        return False
    titles = " · ".join(_(r.title) for r in skills)
    label = _("Practise this: {titles}").format(titles=titles) if len(skills) == 1 else \
        _("Practise this lesson's {count} skills: {titles}").format(count=number(len(skills)), titles=titles)
    return page_link(lesson.game, "practice", label, ":material/exercise:", {LESSON_QUERY: lesson.slug})


def see_also(lesson: Lesson) -> None:
    for kind in lesson.pages:
        label, icon = _PAGE_LABELS[kind]
        page_link(lesson.game, kind, _(label), icon)


@lru_cache(maxsize=512)
def _editor_accepts(game: str, text: str) -> bool:
    command = json_commands(game).get(game_of(game).editor_command)
    if command is None:
        return False
    position = json.loads(text)
    if any(f.name == "limit" for f in dataclasses.fields(command.request)):
        position = {**position, "limit": 1}  # the editor accepts it when the command answers: one play is enough
    try:
        command(position)
    except (CardTableError, ValueError, TypeError):
        return False
    return True


@lru_cache(maxsize=512)
def _table_record(game: str, text: str) -> str | None:
    """The record (JSON text) the Table can replay, with its preset filled in; None when it cannot."""
    from ui.table import load_hand, table_game

    table = table_game(game)
    if table is None:
        return None
    data = json.loads(text)
    if data.get("preset") is None:
        data["preset"] = table.default_preset
    try:
        load_hand(table, Record.from_json(data))
    except (CardTableError, ValueError, TypeError):
        return None
    return json.dumps(data, sort_keys=True)


def example_links(lesson: Lesson, example: Example, answer: Any, seed: int | None, default: bool) -> None:
    """"Open in the editor" and "Play it at the Table", where those pages read this example."""
    if not default:
        return  # a test game: its pages do not exist
    game = lesson.game
    links: list[Callable[[], bool]] = []
    position = editor_position(game, example, answer, seed)
    if position is not None and _editor_accepts(game, json.dumps(position, sort_keys=True)):
        to_editor = {POSITION_QUERY: encode_position(position)}
        links.append(lambda: page_link(game, "editor", _("Open in the editor"), ":material/edit_note:", to_editor))
    record = table_record(game, example, answer, seed)
    text = _table_record(game, json.dumps(record, sort_keys=True)) if record is not None else None
    if text is not None:
        data = json.loads(text)
        to_table = {"mode": "play", "seed": str(data["seed"]), TABLE_QUERY: encode_position(data)}
        links.append(lambda: page_link(game, "table", _("Play it at the Table"), ":material/playing_cards:",
                                        to_table))
    if links:
        columns = st.columns(len(links) + 1)
        for column, link in zip(columns, links, strict=False):
            with column:
                link()


__all__ = ["TABLE_QUERY", "example_links", "page_link", "practise_this", "see_also"]
