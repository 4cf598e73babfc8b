"""A teacher's side of the app: signing up and in (the account is kept for the session), classes with their
join code, join link and QR code, and the class's results (a table, the weakest skills, a CSV file).

Everything about accounts, codes and guesses is the store's (ui.store.classes); this module turns its records
into what the class page and the join page draw. Nothing here shows one student anything about another.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import quote, urlsplit

import pandas as pd
import segno
import streamlit as st

from engine.errors import CardTableError
from engine.games import GAMES
from engine.i18n import DEFAULT_LANGUAGE, N_, language
from engine.i18n import gettext as _
from engine.practice import rule_by_key
from ui.language import with_language
from ui.learner import become, store, store_problem, who
from ui.store import ClassInfo, Joined, StoreError, StudentReport, Teacher

TEACHER_KEY: Final = "classroom:teacher"  # the id of the teacher signed in in this session
CLASS_KEY: Final = "classroom:class"  # the class the teacher is looking at
JOIN_QUERY: Final = "join"  # ?join=CODE on the join page fills the code in
JOIN_PATH: Final = "join"
CLASS_PATH: Final = "class"
NOT_A_TEACHER: Final = N_("This page is for teachers: it shows a class's results. Sign in below with your "
                          "teacher's account (or create one) to see your classes.")
NO_STORE: Final = N_("Classes need the progress database, which cannot be opened right now ({reason}).")


# ---------------------------------------------------------------------------------------------- teachers


def _no_store() -> str:
    return _(NO_STORE).format(reason=store_problem() or _("no reason given"))


def current_teacher() -> Teacher | None:
    """The teacher signed in in this session (None before, or when the account is gone)."""
    known = st.session_state.get(TEACHER_KEY)
    opened = store() if isinstance(known, str) else None
    if opened is None:
        return None
    try:
        found = opened.teacher_by_id(known)
    except StoreError:
        return None
    if found is None:
        st.session_state.pop(TEACHER_KEY, None)
    return found


def sign_up(name: str, password: str) -> str | None:
    """Create the account and sign in; None, or the sentence saying why not."""
    opened = store()
    if opened is None:
        return _no_store()
    try:
        teacher = opened.sign_up(name, password)
    except StoreError as error:
        return str(error)
    st.session_state[TEACHER_KEY] = teacher.id
    return None


def sign_in(name: str, password: str) -> str | None:
    """Sign in; None, or the sentence saying why not (a wrong password, or too many wrong tries)."""
    opened = store()
    if opened is None:
        return _no_store()
    try:
        teacher = opened.sign_in(name, password, who())
    except StoreError as error:
        return str(error)
    st.session_state[TEACHER_KEY] = teacher.id
    return None


def sign_out() -> None:
    """Nobody is signed in as a teacher in this session any more."""
    st.session_state.pop(TEACHER_KEY, None)
    st.session_state.pop(CLASS_KEY, None)


# ------------------------------------------------------------------------------------------------ students


def join(code: str, name: str) -> Joined | str:
    """Join the class whose code this is as ``name``: this session becomes the new student. The record, or the
    one sentence saying why not (a wrong code, too many wrong tries, a name the store refuses)."""
    opened = store()
    if opened is None:
        return _no_store()
    try:
        joined = opened.join_class(code, name, who())
    except StoreError as error:
        return str(error)
    become(joined.learner, joined.resume_code)
    return joined


# ------------------------------------------------------------------------------------------ links and QR


def join_link(code: str) -> str:
    """The address a student opens to join (absolute when the page's own address is known), in the language
    of the page that shows it."""
    path = f"/{JOIN_PATH}?{JOIN_QUERY}={quote(code)}"
    try:
        here = st.context.url
    except Exception:  # no request context (tests): a link from the site's root still works
        here = None
    if not isinstance(here, str) or not here:
        return with_language(path)
    parts = urlsplit(here)
    return with_language(f"{parts.scheme}://{parts.netloc}{path}" if parts.scheme and parts.netloc else path)


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as SVG (dark on white, a quiet zone around it), big enough for a projector."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=8, border=4, dark="#111", light="#fff",
                                     xmldecl=False, svgns=True)
    return out.getvalue().decode("utf-8")


# ------------------------------------------------------------------------------------------------ results


@dataclass(frozen=True)
class Skill:
    """One practice rule across a class: how many students practised it, answers, misses, the mean box."""

    game: str
    rule: str
    students: int
    seen: int
    missed: int
    mean_box: float

    @property
    def miss_rate(self) -> float:
        """Share of answers that were wrong."""
        return self.missed / self.seen if self.seen else 0.0


def weakest_skills(reports: Sequence[StudentReport], n: int = 5) -> tuple[Skill, ...]:
    """The class's ``n`` weakest practice rules: most often missed first, then the lowest mean Leitner box."""
    grouped: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
    for report in reports:
        for item in report.practice:
            grouped.setdefault((item.game, item.rule), []).append((item.seen, item.missed, item.box))
    skills = [Skill(g, r, len(v), sum(x[0] for x in v), sum(x[1] for x in v), sum(x[2] for x in v) / len(v))
              for (g, r), v in grouped.items()]
    skills.sort(key=lambda s: (-s.miss_rate, s.mean_box, s.game, s.rule))
    return tuple(skills[:n])


def _game_name(game: str) -> str:
    """A game's short name in the current language (its key in English, as the results' columns name it)."""
    if language() == DEFAULT_LANGUAGE or game not in GAMES:
        return game
    return _(GAMES[game].title).split(" (")[0]


def skill_label(skill: Skill) -> str:
    """A skill as the teacher's chart names it: the game and the practice rule's title (its key when the rule
    is no longer known)."""
    game = _(GAMES[skill.game].title).split(" (")[0] if skill.game in GAMES else skill.game
    try:
        rule = rule_by_key(skill.rule).title
    except CardTableError:
        rule = skill.rule
    return f"{game} · {rule}"


def students_table(reports: Sequence[StudentReport], games: Sequence[str]) -> pd.DataFrame:
    """One row per student: lessons done in each game, practice answers and misses, last activity."""
    rows = []
    for report in reports:
        done = dict(report.lessons_done)
        seen = sum(i.seen for i in report.practice)
        missed = sum(i.missed for i in report.practice)
        row: dict[str, object] = {_("student"): report.learner.name}
        row.update({_("lessons · {game}").format(game=_game_name(g)): done.get(g, 0) for g in games})
        row.update({_("practice answers"): seen, _("practice missed"): missed,
                    _("rules known well"): sum(1 for i in report.practice if i.box >= 4),
                    _("last activity"): report.last_activity.strftime("%Y-%m-%d %H:%M UTC")
                    if report.last_activity else "—"})
        rows.append(row)
    return pd.DataFrame(rows)


def results_table(reports: Sequence[StudentReport]) -> pd.DataFrame:
    """The class's results, one row per student and practice rule (and one row per game of lessons done), for
    the CSV file."""
    rows: list[dict[str, object]] = []
    for report in reports:
        last = report.last_activity.isoformat() if report.last_activity else ""
        base = {"student": report.learner.name, "joined": report.joined.isoformat(), "last_activity": last}
        for game, count in report.lessons_done:
            rows.append({**base, "game": game, "kind": "lessons done", "rule": "", "lessons_done": count,
                         "box": "", "seen": "", "missed": ""})
        for item in report.practice:
            rows.append({**base, "game": item.game, "kind": "practice", "rule": item.rule, "lessons_done": "",
                         "box": item.box, "seen": item.seen, "missed": item.missed})
        if not report.lessons_done and not report.practice:
            rows.append({**base, "game": "", "kind": "nothing yet", "rule": "", "lessons_done": "", "box": "",
                         "seen": "", "missed": ""})
    columns = ["student", "joined", "last_activity", "game", "kind", "rule", "lessons_done", "box", "seen",
               "missed"]
    return pd.DataFrame(rows, columns=columns)


def results_csv(reports: Sequence[StudentReport]) -> bytes:
    """The class's results as CSV (UTF-8 with a byte-order mark, so that spreadsheets read accents right).
    Cells that a spreadsheet would run as a formula (a name starting with =, +, - or @) are quoted with '."""
    table = results_table(reports)
    table["student"] = [("'" + s) if s[:1] in "=+-@" else s for s in table["student"].astype(str)]
    return table.to_csv(index=False).encode("utf-8-sig")


def class_label(klass: ClassInfo) -> str:
    """How a class is named in the teacher's menu: its title and join code."""
    return f"{klass.title} ({klass.code})"


__all__ = [
    "CLASS_KEY",
    "NOT_A_TEACHER",
    "Skill",
    "class_label",
    "current_teacher",
    "join",
    "join_link",
    "qr_svg",
    "results_csv",
    "results_table",
    "skill_label",
    "sign_in",
    "sign_out",
    "sign_up",
    "students_table",
    "weakest_skills",
]
