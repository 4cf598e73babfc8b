"""The practice page of any game: endless exercises from engine/practice.py, one at a time, that come back when
you miss them. A page is one line: ``render_practice(GAME.key)``.

- **One exercise at a time.** Cards are drawn as cards (the card component); a play is chosen by its button
  under the cards, cards from a hand by clicking them. A wrong answer gets a one-line hint and another try;
  "Show me why" gives the engine's whole reason and the answer; "Next" goes on.
- **Spaced repetition.** Each exercise practises one rule (``euchre:trick`` …). The first answer to an exercise
  moves that rule's Leitner box (ui.store: ``record_practice``), and the next exercise is the rule most due
  (``due_practice``): a missed rule comes back after a few others, a known one waits. With a learner's name it
  is stored; without one the same algorithm runs on the session's own boxes. The streak counts right first
  answers in a row.
- **A fixed set for a class.** ``?practice=<number>&n=<length>`` (and ``rules=<preset>``) poses the same
  exercises to every student, in order; a damaged value is refused with a message and practice goes on freely.
  The "For teachers" panel makes that link.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any, Final, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from engine.cards import Card
from engine.errors import CardTableError
from engine.games import GAMES, game
from engine.i18n import digits
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.practice import (
    MAX_SET_LENGTH,
    MAX_SET_SEED,
    CardRow,
    Exercise,
    Feedback,
    PracticeRule,
    SetItem,
    make_exercise,
    practice_set,
    rule_by_key,
    rules_for,
    rules_of_lesson,
)
from ui import card_hand as ch
from ui.language import with_language
from ui.learner import current_learner, name_picker, session_learner, show_message, store
from ui.lesson_menu import LESSON_QUERY
from ui.nav import current_preset, set_preset
from ui.practice_mastery import lesson_links, lesson_titles, show_mastery
from ui.store import Learner, PracticeItem, Store, StoreError, Streak
from ui.store import practice as leitner
from ui.widgets import plain

_LOG = logging.getLogger(__name__)

SET_QUERY: Final = "practice"
"""The query parameter of a fixed set: its number, 0 … MAX_SET_SEED."""
LENGTH_QUERY: Final = "n"
"""The query parameter of a fixed set's length, 1 … MAX_SET_LENGTH."""
RULES_QUERY: Final = "rules"
"""The query parameter naming the set's rule preset (its name, as the sidebar's menu knows it)."""
DEFAULT_LENGTH: Final = 20
T = TypeVar("T")


# ------------------------------------------------------------------------------------------------ state


@dataclass
class Attempt:
    """The exercise on screen and what the learner did with it."""

    number: int
    rule: str
    seed: int
    wrong: set[int] = field(default_factory=set)
    """Choices answered wrong (their buttons are then crossed out)."""
    tries: int = 0
    solved: bool = False
    why: bool = False
    recorded: bool = False
    first_right: bool | None = None
    feedback: Feedback | None = None
    error: str = ""


@dataclass
class Session:
    """One practice session of one game: adaptive, or a fixed set from a link."""

    game: str
    preset: str
    base: int
    fixed: tuple[SetItem, ...] | None = None
    set_number: int | None = None
    started: int = 0
    answered: int = 0
    right_first: int = 0
    current: Attempt | None = None
    items: dict[str, PracticeItem] = field(default_factory=dict)
    """The session's own Leitner boxes (used while nobody has picked a name)."""
    streak: Streak | None = None
    history: list[tuple[str, bool]] = field(default_factory=list)
    ended: bool = False
    """A fixed set whose last exercise is done, and the learner asked how it went."""
    chosen_for: str | None = None
    """The learner whose boxes chose the exercise on screen (None: the session's own)."""
    focus: tuple[str, ...] = ()
    """The skills of one lesson (its "practise this" link, ``?lesson=<slug>``); empty: every skill of the game."""
    focus_lesson: str | None = None


def _key(game_key: str, name: str = "") -> str:
    return f"{game_key}:practice" + (f":{name}" if name else "")


def _session(game_key: str) -> Session | None:
    value = st.session_state.get(_key(game_key))
    return value if isinstance(value, Session) else None


def _new_session(game_key: str, preset: str, fixed: tuple[SetItem, ...] | None = None,
                 number: int | None = None) -> Session:
    old = _session(game_key)
    session = Session(game_key, preset, secrets.randbelow(MAX_SET_SEED + 1), fixed, number)
    if old is not None:  # the session's own boxes and streak outlast a new set
        session.items, session.streak = old.items, old.streak
        session.focus, session.focus_lesson = old.focus, old.focus_lesson
    st.session_state[_key(game_key)] = session
    return session


# ------------------------------------------------------------------------------------------ time and store


def _zone() -> tzinfo:
    try:
        name = st.context.timezone
    except Exception:  # outside a browser session (AppTest): UTC
        name = None
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return UTC


def _now() -> datetime:
    """Now in the learner's time zone (the streak counts days by their date)."""
    return datetime.now(_zone())


def _stored(learner: Learner | None, work: Callable[[Store, str], T]) -> T | None:
    """``work(store, learner_id)`` when a learner is known and the store works; None otherwise (a failing
    store is reported once, and the session keeps the practice)."""
    opened = store() if learner is not None else None
    if opened is None or learner is None:
        return None
    try:
        return work(opened, learner.id)
    except StoreError as error:
        st.session_state[_key("store", "message")] = str(error)
        return None


def _rule_keys(game_key: str) -> list[str]:
    return [r.key for r in rules_for(game_key)]


def _next_rule(session: Session, learner: Learner | None) -> str:
    """The rule most due: the store's choice for a learner, else the same algorithm on the session's boxes;
    not the rule just asked when another one is as good."""
    keys = list(session.focus) or _rule_keys(session.game)
    last = session.current.rule if session.current is not None else None
    now = _now()
    chosen = _stored(learner, lambda s, who: s.due_practice(who, session.game, keys, n=2, now=now))
    order = list(chosen) if isinstance(chosen, tuple) else list(leitner.choose(keys, session.items, 2, now))
    if len(order) > 1 and order[0] == last:
        return order[1]
    return order[0] if order else keys[0]


def _record(session: Session, attempt: Attempt, correct: bool) -> None:
    """The first answer to an exercise: the rule's box moves, the streak counts."""
    if attempt.recorded:
        return
    attempt.recorded = True
    attempt.first_right = correct
    session.answered += 1
    session.right_first += int(correct)
    session.history.append((attempt.rule, correct))
    now = _now()
    learner = session_learner()
    done = _stored(learner, lambda s, who: s.record_practice(who, session.game, attempt.rule, correct, now=now))
    if done is not None:
        return
    session.items[attempt.rule] = leitner.item_after(session.items.get(attempt.rule), session.game, attempt.rule,
                                                     correct, now)
    before = session.streak or Streak(session.game, 0, 0, 0, None)
    session.streak = leitner.next_streak(before, correct, now.date())


def _streak(session: Session, learner: Learner | None) -> Streak:
    found = _stored(learner, lambda s, who: s.streak(who, session.game))
    if isinstance(found, Streak):
        return found
    return session.streak or Streak(session.game, 0, 0, 0, None)


def _items(session: Session, learner: Learner | None) -> dict[str, PracticeItem]:
    found = _stored(learner, lambda s, who: s.practice_items(who, session.game))
    if isinstance(found, tuple):
        return {it.rule: it for it in found}
    return dict(session.items)


# ------------------------------------------------------------------------------------------------ the link


def _link_key(game_key: str) -> str:
    return _key(game_key, "link")


def _read_link(game_key: str) -> tuple[int, int, str | None] | None:
    """The fixed set the address asks for, once per change of the address: (number, length, preset), or None
    (no set, or a damaged one: then a message says why)."""
    params = st.query_params
    raw = params.get(SET_QUERY)
    raw_n = params.get(LENGTH_QUERY)
    raw_rules = params.get(RULES_QUERY)
    signature = f"{raw}|{raw_n}|{raw_rules}"
    if st.session_state.get(_link_key(game_key)) == signature:
        return None
    st.session_state[_link_key(game_key)] = signature
    if raw is None:
        return None
    problems = []
    number = _whole(raw, 0, MAX_SET_SEED)
    if number is None:
        problems.append(_("the set number must be a whole number from 0 to {high}, not “{value}”").format(
            high=local_number(MAX_SET_SEED), value=_shown(raw)))
    length = DEFAULT_LENGTH if raw_n is None else _whole(raw_n, 1, MAX_SET_LENGTH)
    if length is None:
        problems.append(_("the number of exercises must be from 1 to {high}, not “{value}”").format(
            high=_num(MAX_SET_LENGTH), value=_shown(raw_n)))
    presets = game(game_key).presets
    if raw_rules is not None and raw_rules not in presets:
        titles = ", ".join(_(p.title) for p in presets.values())
        problems.append(_("the rules “{value}” are not one of this game's rule sets ({titles})").format(
            value=_shown(raw_rules), titles=titles))
    if problems or number is None or length is None:
        st.session_state[_key(game_key, "message")] = (
            _("The practice link was refused: {problems}. You are practising freely instead.").format(
                problems="; ".join(problems)))
        return None
    return number, length, raw_rules


def _whole(text: str | None, low: int, high: int) -> int | None:
    if text is None or not text.isdigit() or len(text) > 9:
        return None
    value = int(text)
    return value if low <= value <= high else None


def _shown(text: str | None) -> str:
    return plain(str(text)[:40]) or _("(empty)")


def _num(n: int) -> str:
    """``n`` as English writes it here (no grouping), in the current language's digits."""
    return digits(str(n))


def _share_link(game_key: str, number: int, length: int, preset: str) -> str:
    base = ""
    try:
        url = st.context.url
        if isinstance(url, str) and url.startswith("http"):
            base = url.split("?", 1)[0]
    except Exception:  # outside a browser session
        base = ""
    if not base:
        base = f"/{game_key}_practice"
    return with_language(f"{base}?{SET_QUERY}={number}&{LENGTH_QUERY}={length}&{RULES_QUERY}={preset}")


def _use_set(game_key: str) -> None:
    number = int(st.session_state.get(_key(game_key, "teacher:number"), 0))
    length = int(st.session_state.get(_key(game_key, "teacher:length"), DEFAULT_LENGTH))
    st.query_params.from_dict({SET_QUERY: str(number), LENGTH_QUERY: str(length),
                               RULES_QUERY: current_preset(game_key)})


def _practise_freely(game_key: str) -> None:
    for name in (SET_QUERY, LENGTH_QUERY, RULES_QUERY):
        st.query_params.pop(name, None)
    _new_session(game_key, current_preset(game_key))


# ------------------------------------------------------------------------------------------------ actions


def current_exercise(game_key: str) -> tuple[str, int, str] | None:
    """The exercise on this session's practice page of ``game_key``: (rule, seed, preset), or None (for the
    teacher's read-only view of a student's screen)."""
    session = _session(game_key)
    if session is None or session.current is None:
        return None
    return session.current.rule, session.current.seed, session.preset


def _exercise(session: Session, attempt: Attempt) -> Exercise:
    return make_exercise(attempt.rule, attempt.seed, session.preset)


def _advance(session: Session, learner: Learner | None) -> None:
    """Put the next exercise on screen."""
    number = session.started + 1
    if session.fixed is not None:
        if session.started >= len(session.fixed):
            return
        item = session.fixed[session.started]
        rule, seed = item.rule, item.seed
    else:
        rule = _next_rule(session, learner)
        seed = random.Random(f"{session.base}:{number}").randrange(MAX_SET_SEED + 1)
        for again in range(1, 8):  # a deal where no such exercise can be made: another deal, not an error
            try:
                make_exercise(rule, seed, session.preset)
                break
            except CardTableError:
                seed = random.Random(f"{session.base}:{number}:{again}").randrange(MAX_SET_SEED + 1)
    session.started = number
    session.current = Attempt(number, rule, seed)
    session.chosen_for = learner.id if learner is not None else None


def _choose_for(session: Session, learner: Learner | None) -> None:
    """A learner became known (the browser reported the id it keeps, or a name was picked) while an exercise
    nobody has touched is on screen: let that learner's boxes choose it instead."""
    who = learner.id if learner is not None else None
    attempt = session.current
    if session.fixed is not None or attempt is None or who == session.chosen_for:
        return
    if attempt.tries or attempt.why:
        return
    session.started -= 1
    session.current = None
    _advance(session, learner)


def _answer(game_key: str, answer: int | Sequence[Card]) -> None:
    session = _session(game_key)
    if session is None or session.current is None:
        return
    attempt = session.current
    if attempt.solved:
        return
    try:
        feedback = _exercise(session, attempt).judge(answer if isinstance(answer, int) else tuple(answer))
    except CardTableError as error:
        attempt.error = str(error)
        return
    attempt.error = ""
    attempt.tries += 1
    attempt.feedback = feedback
    _record(session, attempt, feedback.right)
    if feedback.right:
        attempt.solved = True
    elif isinstance(answer, int):
        attempt.wrong.add(answer)


def _on_cards(game_key: str, event: ch.HandEvent) -> None:
    if event.action == "check":
        _answer(game_key, event.cards)


def _show_why(game_key: str) -> None:
    session = _session(game_key)
    if session is None or session.current is None:
        return
    session.current.why = True
    _record(session, session.current, False)


def _next(game_key: str) -> None:
    session = _session(game_key)
    if session is None:
        return
    if session.fixed is not None and session.started >= len(session.fixed):
        session.ended = True
        return
    _advance(session, session_learner())


def _again(game_key: str) -> None:
    session = _session(game_key)
    if session is None or session.fixed is None:
        return
    _new_session(game_key, session.preset, session.fixed, session.set_number)


# ------------------------------------------------------------------------------------------------ drawing


def _rows(key: str, rows: Sequence[CardRow]) -> None:
    for i, row in enumerate(rows):
        st.markdown(f"**{plain(row.label)}**")
        groups = [ch.CardGroup(label, cards) for label, cards in row.groups if cards]
        ch.show_cards(f"{key}:row:{i}", groups, label=row.label, size="small" if len(row.cards) > 13 else "normal")


def _facts(exercise: Exercise) -> None:
    if exercise.facts:
        st.markdown("  \n".join(f"**{plain(label)}:** {plain(value)}" for label, value in exercise.facts))


def _choice_button(target: Any, text: str, index: int, attempt: Attempt, exercise: Exercise,
                   game_key: str, key: str, stretch: bool) -> None:
    """A choice's button (in ``target``: ``st`` or a container); once the exercise is done, a badge instead:
    the answer, your wrong tries, the others."""
    choice = exercise.choices[index]
    if attempt.solved or attempt.why:
        if choice.right:
            target.badge(_("The answer: {choice}").format(choice=text) if not stretch else _("The answer"),
                         icon=":material/check:",
                         color="green")
        elif index in attempt.wrong:
            target.badge(_("Not {choice}").format(choice=text) if not stretch else _("Your try"),
                         icon=":material/close:", color="red")
        elif not stretch:
            target.badge(text, color="gray")
        return
    wrong = index in attempt.wrong
    target.button(f"✗ {text}" if wrong else text, key=f"{key}:choose:{index}", disabled=wrong,
                  on_click=_answer, args=(game_key, index), width="stretch" if stretch else "content")


def _choices(game_key: str, key: str, exercise: Exercise, attempt: Attempt) -> None:
    with_cards = any(c.cards for c in exercise.choices)
    if with_cards:
        row = st.container(horizontal=True, gap="small")
        for i, choice in enumerate(exercise.choices):
            width = max(150, 62 + 34 * len(choice.cards))
            with row.container(border=True, width=width):
                ch.show_cards(f"{key}:choice:{i}", list(choice.cards),
                              label=_("Choice {n}: {choice}").format(n=_num(i + 1), choice=choice.text),
                              size="small")
                _choice_button(st, _("Choose {choice}").format(choice=choice.text), i, attempt, exercise,
                               game_key, key, stretch=True)
        return
    row = st.container(horizontal=True, gap="small")
    for i, choice in enumerate(exercise.choices):
        _choice_button(row, choice.text, i, attempt, exercise, game_key, key, stretch=False)


def _pick(game_key: str, key: str, exercise: Exercise, attempt: Attempt) -> None:
    pick = exercise.pick
    assert pick is not None
    groups = [ch.CardGroup(label, cards) for label, cards in pick.groups if cards]
    if attempt.solved or attempt.why:
        ch.show_cards(f"{key}:hand", groups, label=pick.label)
        return
    ch.card_hand(f"{key}:hand", groups, label=pick.label,
                 actions=(ch.Action("check", _("Check my choice"), min_chosen=1, primary=True),),
                 on_action=lambda event: _on_cards(game_key, event))


def _feedback(game_key: str, key: str, exercise: Exercise, attempt: Attempt) -> None:
    if attempt.error:
        st.error(plain(attempt.error), icon=":material/error:")
    feedback = attempt.feedback
    if attempt.why:
        reason = feedback.reason if feedback is not None else _why_text(exercise)
        lines = [line for line in reason.split("\n") if line.strip()]
        body = "  \n".join(plain(line) for line in lines)
        st.info(_("**Why:** {reason}  \n**The answer:** {answer}").format(reason=body,
                                                                             answer=plain(exercise.solution)),
                icon=":material/school:")
        lesson_links(rule_by_key(exercise.rule))
        return
    if feedback is None:
        return
    if feedback.right:
        text = plain(feedback.hint)
        right = _("Right.")
        if attempt.tries == 1 and text.startswith(right):
            text = _("Right at the first try.") + text[len(right):]
        st.success(text, icon=":material/check_circle:")
        return
    st.error(_("Not quite. {hint} Try again.").format(hint=plain(feedback.hint)), icon=":material/cancel:")
    lesson_links(rule_by_key(exercise.rule))


def _why_text(exercise: Exercise) -> str:
    """The whole reason when nothing was answered yet (the judge of the right answer gives it)."""
    if exercise.pick is not None:
        return exercise.judge(exercise.pick.example).reason
    right = exercise.right_choice
    return exercise.judge(right).reason if right is not None else exercise.explanation


def _scoreboard(session: Session, learner: Learner | None) -> None:
    streak = _streak(session, learner)
    started = _num(session.started)
    exercise = (_("Exercise **{n} of {total}**").format(n=started, total=_num(len(session.fixed)))
                if session.fixed is not None else _("Exercise **{n}**").format(n=started))
    right = (_("{right} of {answered}").format(right=_num(session.right_first), answered=_num(session.answered))
             if session.answered else _("none answered yet"))
    best = _(" (best {best})").format(best=_num(streak.best)) if streak.best > streak.current else ""
    days = (" · :material/calendar_month: " + _("**{days}** days in a row").format(days=_num(streak.days))
            if streak.days > 1 else "")
    st.markdown(f":material/format_list_numbered: {exercise} · "
                f":material/task_alt: " + _("Right first time: **{right}**").format(right=right) + " · "
                ":material/local_fire_department: " + _("Streak: **{streak}**").format(streak=_num(streak.current))
                + f"{best}{days}")


def _rules_panel(session: Session, learner: Learner | None) -> None:
    items = _items(session, learner)
    now = datetime.now(UTC)
    with st.expander(_("Your rules: what comes back next"), icon=":material/repeat:"):
        lines = []
        for rule in rules_for(session.game):
            item = items.get(rule.key)
            if item is None:
                lines.append(f"- **{plain(_(rule.title))}** — "
                             + _("{blurb}: not practised yet").format(blurb=plain(_(rule.blurb))))
                continue
            when = _("now") if item.due <= now else _in(item.due - now)
            state = (_("{right} of {seen} right, missed {missed}; comes back {when}") if item.missed
                     else _("{right} of {seen} right; comes back {when}"))
            lines.append(f"- **{plain(_(rule.title))}** — " + state.format(
                right=_num(item.right), seen=_num(item.seen), missed=_num(item.missed), when=when))
        st.markdown("\n".join(lines))
        st.caption(_("A rule you miss comes back after a few other exercises; one you know waits longer each "
                     "time (SM-2: a minute, ten minutes, a day, three days, a week, then each time about 2½ times "
                     "as long, less for a rule you have missed)."))


def _mastery_panel(session: Session, learner: Learner | None) -> None:
    """Every skill of the game with its mastery (chart and table), drawn after the exercise so that it shows
    the answer just given."""
    st.markdown("#### " + _("Your skills"))
    show_mastery(_key(session.game), rules_for(session.game), _items(session, learner))


def _read_focus(game_key: str, session: Session) -> None:
    """``?lesson=<slug>``: practise that lesson's skills (a lesson's "practise this"); a lesson with no skill
    or none at all is said in one sentence and every skill is practised."""
    wanted = st.query_params.get(LESSON_QUERY)
    if wanted == session.focus_lesson:
        return
    session.focus_lesson = wanted
    found = rules_of_lesson(game_key, wanted) if wanted else ()
    session.focus = tuple(r.key for r in found)
    if wanted and not found:
        known = wanted in lesson_titles(game_key)
        st.session_state[_key(game_key, "message")] = (
            _("No exercise practises the lesson “{lesson}” yet: here is every skill of the game.") if known
            else _("There is no lesson “{lesson}”: here is every skill of the game.")).format(lesson=wanted[:40])
    if found and session.current is not None and session.current.rule not in session.focus and not (
            session.current.tries or session.current.why):
        session.started -= 1
        session.current = None


def _practise_all(game_key: str) -> None:
    session = _session(game_key)
    if session is not None:
        session.focus = ()
    if LESSON_QUERY in st.query_params:
        del st.query_params[LESSON_QUERY]
    if session is not None:
        session.focus_lesson = None


def _focus_caption(game_key: str, session: Session) -> None:
    if not session.focus or session.fixed is not None:
        return
    title = lesson_titles(game_key).get(session.focus_lesson or "", session.focus_lesson or "")
    skills = ", ".join(_(rule_by_key(r).title) for r in session.focus)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.caption(":material/filter_alt: " + _("Practising the lesson **{lesson}**: {skills}").format(
            lesson=plain(title), skills=plain(skills)))
        st.button(_("Practise every skill"), key=_key(game_key, "all"), icon=":material/all_inclusive:",
                  on_click=_practise_all, args=(game_key,))


def _in(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    if seconds < 90:
        return _("in a minute")
    if seconds < 3600:
        return _("in {n} minutes").format(n=_num(round(seconds / 60)))
    if seconds < 36 * 3600:
        return _("in {n} hours").format(n=_num(round(seconds / 3600)))
    return _("in {n} days").format(n=_num(round(seconds / 86400)))


def _teacher_panel(game_key: str, session: Session) -> None:
    with st.expander(_("For teachers: the same set for the whole class"), icon=":material/share:"):
        st.caption(_("Choose a set number and a length: everyone who opens the link gets the same exercises, in "
                     "the same order, with the rules chosen in the sidebar."))
        left, right = st.columns(2)
        left.number_input(_("Set number"), 0, MAX_SET_SEED, value=session.set_number or 1,
                          key=_key(game_key, "teacher:number"))
        right.number_input(_("Exercises"), 1, MAX_SET_LENGTH, value=DEFAULT_LENGTH,
                           key=_key(game_key, "teacher:length"))
        number = int(st.session_state.get(_key(game_key, "teacher:number")) or 0)
        length = int(st.session_state.get(_key(game_key, "teacher:length")) or DEFAULT_LENGTH)
        st.code(_share_link(game_key, number, length, current_preset(game_key)), language=None, wrap_lines=True)
        st.button(_("Start this set here"), key=_key(game_key, "teacher:use"), icon=":material/play_arrow:",
                  on_click=_use_set, args=(game_key,))


def _finished(game_key: str, session: Session) -> None:
    st.success(_("You finished the set: {right} of {answered} right at the first try.").format(
        right=_num(session.right_first), answered=_num(session.answered)),
               icon=":material/celebration:")
    missed = [_(rule_by_key(r).title) for r, ok in session.history if not ok]
    if missed:
        counts = {t: missed.count(t) for t in dict.fromkeys(missed)}
        st.markdown(_("Worth another look: {skills}.").format(
            skills=", ".join(f"**{plain(t)}** ({_num(n)}×)" for t, n in counts.items())))
    with st.container(horizontal=True):
        st.button(_("Do the set again"), key=_key(game_key, "again"), icon=":material/replay:", on_click=_again,
                  args=(game_key,))
        st.button(_("Practise freely"), key=_key(game_key, "free"), icon=":material/all_inclusive:",
                  on_click=_practise_freely, args=(game_key,), type="primary")


def _draw(game_key: str, session: Session, attempt: Attempt) -> None:
    try:
        exercise = _exercise(session, attempt)
    except CardTableError as error:
        st.error(_("This exercise could not be made: {reason}").format(reason=plain(str(error))),
                 icon=":material/error:")
        st.button(_("Next"), key=_key(game_key, f"next:{attempt.number}"), on_click=_next, args=(game_key,),
                  icon=":material/arrow_forward:", type="primary")
        return
    key = _key(game_key, str(attempt.number))
    done = attempt.solved or attempt.why
    with st.container(border=True):
        st.markdown(f"#### {plain(exercise.title)}" + (" ✓" if attempt.solved else ""))
        deal = _("deal {seed}").format(seed=_num(attempt.seed))
        st.caption((_("Exercise {n} of {total}").format(n=_num(attempt.number), total=_num(len(session.fixed)))
                    if session.fixed is not None else _("Exercise {n}").format(n=_num(attempt.number)))
                   + f" · {deal}")
        st.markdown(plain(exercise.prompt))
        _facts(exercise)
        _rows(key, exercise.rows)
        if exercise.pick is not None:
            _pick(game_key, key, exercise, attempt)
        else:
            _choices(game_key, key, exercise, attempt)
        _feedback(game_key, key, exercise, attempt)
        with st.container(horizontal=True, gap="small"):
            if not done:
                st.button(_("Show me why"), key=f"{key}:why", icon=":material/help:", on_click=_show_why,
                          args=(game_key,), disabled=attempt.tries == 0,
                          help=_("Answer first: a wrong answer gets a hint and another try"))
            last = session.fixed is not None and attempt.number >= len(session.fixed)
            st.button(_("See how you did") if last else _("Next"), key=f"{key}:next",
                      icon=":material/arrow_forward:", on_click=_next, args=(game_key,), disabled=not done,
                      type="primary" if done else "secondary",
                      help=None if done else _("Answer it first (or ask “Show me why” after a try)"))


def render_practice(game_key: str) -> None:
    """Draw the practice page of ``game_key``."""
    info = GAMES[game_key]
    st.title(_("{game} — Practice").format(game=_(info.title).split(" (")[0]))
    with st.sidebar:
        learner = current_learner()  # the sidebar already says who is learning
    show_message()
    name_picker(game_key, learner)
    preset = current_preset(game_key)
    link = _read_link(game_key)
    if link is not None:
        number, length, wanted = link
        if wanted is not None and wanted != preset:
            set_preset(game_key, wanted)  # reruns at once when the sidebar is already drawn
            preset = wanted
        session = _new_session(game_key, preset, practice_set(game_key, number, length), number)
    session = _session(game_key) or _new_session(game_key, preset)
    _read_focus(game_key, session)
    message = st.session_state.pop(_key(game_key, "message"), None)
    if message:
        st.warning(plain(message), icon=":material/link_off:")
    store_message = st.session_state.pop(_key("store", "message"), None)
    if store_message:
        st.warning(plain(store_message))
    if session.preset != preset:  # the sidebar's rules changed: the exercise on screen follows them
        session.preset = preset
        if session.current is not None and not (session.current.solved or session.current.why):
            session.current = replace(session.current, wrong=set(), feedback=None, tries=0)
    if session.fixed is not None:
        title = _(game(game_key).presets[session.preset].title)
        st.caption(":material/assignment: " + _(
            "Set {set} · {n} exercises · {rules}. Everyone with this link gets the same exercises in the same "
            "order.").format(set=_num(session.set_number or 0), n=_num(len(session.fixed)), rules=title))
    if session.current is None:
        _advance(session, learner)
    else:
        _choose_for(session, learner)
    _scoreboard(session, learner)
    _focus_caption(game_key, session)
    if session.ended:
        _finished(game_key, session)
    elif session.current is not None:
        _draw(game_key, session, session.current)
    _mastery_panel(session, learner)
    _rules_panel(session, learner)
    _teacher_panel(game_key, session)


__all__ = ["LENGTH_QUERY", "RULES_QUERY", "SET_QUERY", "PracticeRule", "render_practice"]
