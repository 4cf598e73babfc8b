"""The lesson page of any game: lessons are data (lessons/<game>/*.md), the engine judges the exercises.

A page is one line: ``render_lessons("doudizhu")``. See engine/lessons.py for the file format.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import streamlit as st

from engine.cards import Card, Deck, format_cards, parse_cards
from engine.games import GAMES, json_commands
from engine.lessons import (
    LESSONS_DIR,
    Exercise,
    Lesson,
    check_claim,
    example_request,
    judge,
    load_lessons,
    lookup,
)
from ui.widgets import card_picker, show_cards, show_error


def parse_any_cards(text: str) -> tuple[Card, ...] | None:
    """Cards in ``text`` (suited, or bare ranks), or None if it is not card notation."""
    for suitless in (False, True):
        try:
            return parse_cards(text, suitless=suitless)
        except ValueError:
            continue
    return None


def _choice_label(choice: str) -> str:
    cards = parse_any_cards(choice)
    if cards and all(c.suit is not None or c.is_joker for c in cards):
        return format_cards(cards, symbols=True)
    return choice


def _index_key(game: str) -> str:
    return f"{game}:lesson:index"


def _step(game: str, delta: int, count: int) -> None:
    key = _index_key(game)
    st.session_state[key] = max(0, min(count - 1, int(st.session_state.get(key, 0)) + delta))


def _reseed(key: str, seed: int) -> None:
    st.session_state[key] = seed + 1


def _show_value(label: str, value: Any) -> None:
    if isinstance(value, str):
        cards = parse_any_cards(value)
        if cards is not None:
            show_cards(cards, caption=label, overlap=0.4)
            return
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        rows = [parse_any_cards(v) for v in value]
        if all(r is not None for r in rows):
            st.markdown(f"**{label}**")
            for row in rows:
                show_cards(row or (), overlap=0.4, scale=0.8)
            return
    st.markdown(f"**{label}:** {value}")


def _example(lesson: Lesson, run: Mapping[str, Any]) -> tuple[Any, int | None]:
    example = lesson.example
    if example is None:
        return None, None
    seed_key = f"{lesson.game}:lesson:{lesson.slug}:seed"
    seed: int | None = None
    if example.reseed:
        seed = int(st.session_state.get(seed_key, example.request.get("seed", 1)))
    with st.container(border=True):
        head, button = st.columns([4, 1])
        head.markdown("#### Live example" + (f" · deal {seed}" if seed is not None else ""))
        if example.reseed and seed is not None:
            button.button("Deal another", icon=":material/casino:", key=f"{seed_key}:again",
                          on_click=_reseed, args=(seed_key, seed))
        if example.caption:
            st.caption(example.caption)
        answer = run[example.command](example_request(example, seed))
        for label, path in example.show:
            _show_value(label, lookup(answer, path))
    return answer, seed


def _answer_widget(exercise: Exercise, key: str, example_answer: Any) -> tuple[Any, bool]:
    """The learner's answer and whether one has been given."""
    if exercise.input == "cards":
        offered: tuple[Card, ...] = ()
        if exercise.pick_from:
            source = exercise.pick_from
            text = lookup(example_answer, source[len("$example."):]) if source.startswith("$example.") else source
            offered = parse_any_cards(str(text)) or ()
        suitless = bool(offered) and all(c.suit is None for c in offered)
        deck = Deck.build("cards offered", offered, suitless=suitless)
        picked = card_picker(key, deck, label="Choose cards", limit_to=offered)
        return format_cards(picked), bool(picked)
    if exercise.input == "choice":
        value = st.radio("Your answer", exercise.choices, index=None, key=key, format_func=_choice_label,
                         horizontal=len(exercise.choices) <= 6)
        return value, value is not None
    if exercise.input == "yes_no":
        value = st.radio("Your answer", ["Yes", "No"], index=None, key=key, horizontal=True)
        return (value == "Yes"), value is not None
    value = st.number_input("Your answer", step=1, value=None, key=key)
    return (int(value) if value is not None else None), value is not None


def _exercise(lesson: Lesson, run: Mapping[str, Any], example_answer: Any, seed: int | None) -> None:
    exercise = lesson.exercise
    if exercise is None:
        return
    key = f"{lesson.game}:lesson:{lesson.slug}:answer:{seed}"
    with st.container(border=True):
        st.markdown("#### Try it")
        st.markdown(exercise.prompt)
        answer, given = _answer_widget(exercise, key, example_answer)
        if exercise.input == "cards":
            asked = st.button("Check my play", key=f"{key}:check", icon=":material/task_alt:", disabled=not given)
        else:
            asked = given  # choices get their feedback at once
        if not asked:
            return
        try:
            feedback = judge(exercise, answer, run[exercise.command], example_answer, seed)
        except ValueError as error:
            show_error(error)
            return
        if feedback.right:
            st.success(f"Right. {feedback.message}".strip(), icon=":material/check_circle:")
        else:
            st.error(f"Not quite. {feedback.message}".strip(), icon=":material/cancel:")


def _claims(lesson: Lesson, run: Mapping[str, Any]) -> None:
    if not lesson.claims:
        return
    with st.expander(f"Checked by the engine ({len(lesson.claims)})"):
        for claim in lesson.claims:
            try:
                problems = check_claim(claim, run[claim.command])
            except ValueError as error:
                problems = [str(error)]
            mark = ":green[✓]" if not problems else ":red[✗]"
            st.markdown(f"{mark} {claim.text}")


def render_lessons(
    game: str, *, root: Path = LESSONS_DIR, commands: Mapping[str, Any] | None = None, title: str | None = None
) -> None:
    """Draw the lesson browser for ``game``: choose a lesson, read it, deal examples, try the exercise.

    ``root`` and ``commands`` (the game's cli COMMANDS by default) are there for tests.
    """
    st.title(title or f"{GAMES[game].title} — Lessons")
    lessons = load_lessons(game, root)
    if not lessons:
        st.info("The lessons for this game are being written.")
        return
    run = commands if commands is not None else json_commands(game)
    key = _index_key(game)
    if key not in st.session_state:
        st.session_state[key] = 0
    count = len(lessons)
    nav = st.columns([5, 1, 1])
    nav[0].selectbox("Lesson", range(count), key=key, format_func=lambda i: f"{i + 1}. {lessons[i].title}",
                     label_visibility="collapsed")
    index = int(st.session_state[key])
    nav[1].button("Back", key=f"{key}:prev", on_click=_step, args=(game, -1, count), disabled=index == 0,
                  icon=":material/arrow_back:", width="stretch")
    nav[2].button("Next", key=f"{key}:next", on_click=_step, args=(game, 1, count), disabled=index == count - 1,
                  icon=":material/arrow_forward:", width="stretch")
    st.progress((index + 1) / count, text=f"Lesson {index + 1} of {count}")
    lesson = lessons[index]
    st.header(lesson.title)
    if lesson.summary:
        st.caption(lesson.summary)
    st.markdown(lesson.body)
    try:
        example_answer, seed = _example(lesson, run)
        _exercise(lesson, run, example_answer, seed)
    except ValueError as error:
        show_error(error)
    _claims(lesson, run)
