"""Live class questions on screen: the teacher's panel on ``/class`` (ask a question about a Table step, an editor
position or a practice question; watch the answers arrive; show the engine's verdict and the coach's choice) and
the student's panel on ``/join`` (the question, answered by clicking cards; the verdict when it is shown).

Both follow the store with a fragment that runs again every :data:`POLL_SECONDS`, so a question pushed through
one app server reaches students served by another (README: several processes on PostgreSQL). Students' screens
never show a name; the teacher's shows who has answered. Verdicts, reasons and the coach's choice are
ui.live_moment's, which takes them from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

import plotly.graph_objects as go
import streamlit as st

from engine.cards import Card
from engine.contract import SEAT_NAMES
from engine.errors import CardTableError
from engine.games import GAMES
from engine.practice import rules_for
from ui import card_hand as ch
from ui.learner import store
from ui.live_moment import (
    ASKS,
    BEST,
    EDITOR,
    LEGAL,
    PRACTICE,
    TABLE,
    Built,
    Judged,
    MomentError,
    editor_moment,
    hand_of,
    judge_exercise,
    judge_play,
    practice_moment,
    rebuild,
    solution,
    table_moment,
)
from ui.store import LiveAnswer, LiveQuestion, StoreError, Teacher
from ui.table_hands import text_label
from ui.widgets import plain

POLL_SECONDS: Final = 1.0  # students' screens show a new question within about this long (README: under 2 s)
SOURCE_LABELS: Final = {TABLE: "A Table step", EDITOR: "An editor position", PRACTICE: "A practice question"}
ASK_LABELS: Final = {LEGAL: "Which play is legal?", BEST: "What should the player play?"}
NO_QUESTION: Final = "No question from your teacher right now: it shows here as soon as your teacher asks one."
ERROR_KEY: Final = "live:error"
RIGHT, WRONG, WAITING = "#15803d", "#b91c1c", "#64748b"


def _words(answer: str) -> str:
    """An answer as shown: card notation with suit symbols (``KH KH`` → ``K♥ K♥``), words as they are."""
    return text_label(answer)


# ------------------------------------------------------------------------------------------------ the moment


def _seat(built: Built, index: int) -> str:
    return SEAT_NAMES.get(built.view.seats[index].name, built.view.seats[index].name)


def draw_moment(built: Built, key: str) -> None:
    """What everyone sees of the question (no student's name): the facts, the cards on the table; for a
    practice question its own rows."""
    if built.exercise is not None:
        exercise = built.exercise
        st.markdown(plain(exercise.prompt))
        if exercise.facts:
            st.caption(" · ".join(f"{plain(label)}: {plain(value)}" for label, value in exercise.facts))
        for i, row in enumerate(exercise.rows):
            groups = [ch.CardGroup(label, cards) for label, cards in row.groups if cards]
            ch.show_cards(f"{key}:row:{i}", groups, label=row.label, fit=True)
        return
    view = built.view
    facts = [(label, value) for label, value in view.info if value and label not in ("Rules", "Deal")]
    if facts:
        st.caption(" · ".join(f"{plain(label)}: {plain(value)}" for label, value in facts))
    played = [ch.CardGroup(f"{_seat(built, seat)}{' · ' + label if label else ''}", cards)
              for seat, cards, label in view.table if cards]
    if played:
        ch.show_cards(f"{key}:table", played, label="On the table", fit=True)
    else:
        st.caption(f"{_seat(built, built.seat or 0)} leads: the table is empty.")
    for name, cards in view.extra:
        if any(c is not None for c in cards):
            ch.show_cards(f"{key}:extra:{name}", list(cards), label=name, size="small")


def _hand_groups(built: Built) -> list[ch.CardGroup]:
    hand = hand_of(built)
    return [ch.CardGroup(label, cards) for label, cards in built.game.hand_groups(built.state, hand) if cards]


# ------------------------------------------------------------------------------------------------ students


def _answer(learner_id: str, question: LiveQuestion, judged: Judged) -> None:
    opened = store()
    if opened is None:
        return
    try:
        opened.answer_question(learner_id, question.id, judged.answer, judged.correct)
    except StoreError as error:
        st.session_state[ERROR_KEY] = str(error)
    else:
        st.session_state.pop(ERROR_KEY, None)


def _answer_controls(learner_id: str, question: LiveQuestion, built: Built, key: str) -> None:
    exercise = built.exercise
    if exercise is None:
        ch.card_hand(f"{key}:hand", _hand_groups(built), label=f"{_seat(built, built.seat or 0)}'s hand",
                     actions=(ch.Action("answer", "Answer with these cards", min_chosen=1, primary=True),),
                     on_action=lambda event: _answer(learner_id, question, judge_play(built, _notation(event.cards))),
                     fit=True)
        others = built.buttons
        if others:
            row = st.container(horizontal=True, gap="small")
            for i, text in enumerate(others):
                row.button(_words(text), key=f"{key}:call:{i}", on_click=_answer,
                           args=(learner_id, question, judge_play(built, text)))
        return
    if exercise.pick is not None:
        groups = [ch.CardGroup(label, cards) for label, cards in exercise.pick.groups if cards]
        ch.card_hand(f"{key}:pick", groups, label=exercise.pick.label,
                     actions=(ch.Action("answer", "Answer with these cards", min_chosen=1, primary=True),),
                     on_action=lambda event: _answer(learner_id, question, judge_exercise(built, event.cards)))
        return
    row = st.container(horizontal=True, gap="small")
    for i, choice in enumerate(exercise.choices):
        label = " ".join(c.symbol_text for c in choice.cards) if choice.cards else choice.text
        row.button(label, key=f"{key}:choice:{i}", on_click=_answer,
                   args=(learner_id, question, judge_exercise(built, i)))


def _notation(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards)


def _student_verdict(built: Built, mine: LiveAnswer | None) -> None:
    right, why = solution(built)
    if mine is None:
        st.info("Your teacher has shown the verdict; you did not answer this one.", icon=":material/info:")
    else:
        judged = judge_play(built, mine.answer) if built.exercise is None else None
        reason = f" {plain(judged.reason)}." if judged is not None else ""
        if mine.correct:
            st.success(f"Your answer {plain(_words(mine.answer))} — right.{reason}", icon=":material/check_circle:")
        else:
            st.error(f"Your answer {plain(_words(mine.answer))} — not this time.{reason}", icon=":material/cancel:")
    if right:
        who = "The coach's choice" if built.exercise is None else "The answer"
        st.info(f"**{who}: {plain(_words(right))}** — {plain(why)}", icon=":material/psychology:")


def _student_panel(learner_id: str) -> tuple[int, bool] | None:
    """Draw the class's question as the store has it now; what was drawn (the signal the screen follows)."""
    opened = store()
    if opened is None:
        return None
    try:
        question = opened.question_for(learner_id)
        mine = opened.my_answer(learner_id, question.id) if question is not None else None
    except StoreError as error:
        st.error(plain(str(error)))
        return None
    if question is None:
        st.caption(NO_QUESTION)
        return None
    signal = (question.id, question.revealed is not None)
    try:
        built = rebuild(question.game, question.moment)
    except CardTableError as error:
        st.error(f"This question cannot be shown: {plain(str(error))}")
        return signal
    key = f"live:{question.id}"
    with st.container(border=True, key="live-question"):
        st.subheader(plain(question.prompt))
        draw_moment(built, key)
        if question.revealed is not None:
            _student_verdict(built, mine)
            return signal
        problem = st.session_state.get(ERROR_KEY)
        if problem:
            st.error(plain(problem))
        _answer_controls(learner_id, question, built, key)
        if mine is not None:
            st.success(f"Your answer: **{plain(_words(mine.answer))}**. You can change it until your teacher "
                       "shows the verdict.", icon=":material/how_to_reg:")
    return signal


def student_screen(learner_id: str) -> None:
    """The class's question on a student's screen. A small fragment asks the store every POLL_SECONDS whether
    the question (or its verdict) changed and only then redraws the page: one small query per student per
    second, however large the question."""
    shown = _student_panel(learner_id)

    @st.fragment(run_every=POLL_SECONDS)
    def follow() -> None:
        opened = store()
        try:
            now = opened.question_signal(learner_id) if opened is not None else shown
        except StoreError:
            return  # the panel says so at the next redraw; a passing database hiccup must not blank the screen
        if now != shown:
            st.rerun()

    follow()


# ------------------------------------------------------------------------------------------------ the teacher


def _push(teacher: Teacher, class_id: str) -> str | None:
    """Push the question the form describes; None, or the sentence saying why not."""
    s = st.session_state
    game, source, ask = s.get("live:game"), s.get("live:source"), s.get("live:ask", LEGAL)
    if game not in GAMES or source not in SOURCE_LABELS or ask not in ASKS:
        return "Choose a game and what to ask about."
    try:
        with st.spinner("The engine is setting the question (and the coach is weighing the plays)…"):
            if source == TABLE:
                prompt, moment = table_moment(game, str(s.get("live:link", "")), ask,
                                              int(s.get("live:seed", 1)), int(s.get("live:step", 0)))
            elif source == EDITOR:
                prompt, moment = editor_moment(game, str(s.get("live:position", "")), ask)
            else:
                prompt, moment = practice_moment(str(s.get("live:rule", "")))
    except MomentError as error:
        return str(error)
    except CardTableError as error:
        return f"This question could not be made: {error}."
    opened = store()
    if opened is None:
        return "The progress database cannot be opened right now."
    try:
        opened.push_question(teacher.id, class_id, source, game, prompt, moment)
    except StoreError as error:
        return str(error)
    return None


def _ask_form(teacher: Teacher, class_id: str) -> None:
    games = list(GAMES)
    game = st.selectbox("Game", games, key="live:game", format_func=lambda k: GAMES[k].title)
    source = st.radio("Ask about", list(SOURCE_LABELS), key="live:source", horizontal=True,
                      format_func=SOURCE_LABELS.__getitem__)
    if source == PRACTICE:
        rules = rules_for(game)
        st.selectbox("Skill", [r.key for r in rules], key="live:rule",
                     format_func={r.key: r.title for r in rules}.__getitem__)
    else:
        if source == TABLE:
            st.text_input("The Table's link (copy it from the address bar of the Table)", key="live:link",
                          placeholder="…/shengji_table?mode=watch&seed=12&step=30")
            deal, step = st.columns(2)
            deal.number_input("or: deal number", min_value=0, max_value=2**31, value=1, step=1, key="live:seed")
            step.number_input("and step", min_value=0, max_value=5_000, value=10, step=1, key="live:step",
                              help="The number of plays made so far; the question is the next decision.")
        else:
            st.text_area("The editor's link (its Share button puts it in the address bar) or the position's JSON",
                         key="live:position", height=90)
        st.radio("Question", list(ASKS), key="live:ask", horizontal=True, format_func=ASK_LABELS.__getitem__)
    if st.button("Push to the class", key="live:push", type="primary", icon=":material/cast_for_education:"):
        problem = _push(teacher, class_id)
        if problem:
            st.error(plain(problem))
        else:
            st.rerun()


def _chart(built: Built, answers: Sequence[LiveAnswer], revealed: bool) -> go.Figure:
    counts = Counter(a.answer for a in answers)
    right = {a.answer: a.correct for a in answers}
    labels = sorted(counts, key=lambda a: (-counts[a], a))
    colours = [(RIGHT if right[a] else WRONG) if revealed else WAITING for a in labels]
    figure = go.Figure(go.Bar(x=[_words(a) for a in labels], y=[counts[a] for a in labels], marker_color=colours,
                              text=[counts[a] for a in labels], textposition="auto"))
    figure.update_layout(height=260, margin={"t": 10, "b": 10, "l": 10, "r": 10}, yaxis={"title": "students",
                         "dtick": 1}, xaxis={"title": "answer", "type": "category"})
    return figure


def _teacher_verdict(built: Built, answers: Sequence[LiveAnswer]) -> None:
    right, why = solution(built)
    lines = []
    for answer in sorted({a.answer for a in answers}):
        given = [a for a in answers if a.answer == answer]
        mark = "✓" if given[0].correct else "✗"
        judged = judge_play(built, answer) if built.exercise is None else None
        legal = "" if judged is None else (" allowed" if judged.legal else " not allowed")
        reason = f": {plain(judged.reason)}" if judged is not None else ""
        lines.append(f"- {mark} **{plain(_words(answer))}** ({len(given)}){legal}{reason}")
    if lines:
        st.markdown("**The engine's verdict**\n" + "\n".join(lines))
    if right:
        who = "The coach's choice" if built.exercise is None else "The answer"
        st.info(f"**{who}: {plain(_words(right))}** — {plain(why)}", icon=":material/psychology:")


def _reveal(teacher_id: str, question_id: int) -> None:
    opened = store()
    if opened is not None:
        opened.reveal_question(teacher_id, question_id)


def teacher_screen(teacher: Teacher, class_id: str, students: int) -> None:
    """The teacher's live question: a form to ask one, or the one on the screens with its answers arriving."""
    opened = store()
    if opened is None:
        return
    try:
        current = opened.class_question(teacher.id, class_id)
    except StoreError as error:
        st.error(plain(str(error)))
        return
    if current is None:
        with st.container(border=True):
            st.caption("Push a moment to every student's screen; their answers arrive here.")
            _ask_form(teacher, class_id)
        return

    @st.fragment(run_every=POLL_SECONDS)
    def live() -> None:
        try:
            question = opened.class_question(teacher.id, class_id)
            answers = opened.live_answers(teacher.id, question.id) if question is not None else ()
        except StoreError as error:
            st.error(plain(str(error)))
            return
        if question is None:
            st.rerun()
            return
        built = rebuild(question.game, question.moment)
        with st.container(border=True, key="live-teacher"):
            st.subheader(plain(question.prompt))
            draw_moment(built, f"live-t:{question.id}")
            if built.exercise is None:
                ch.show_cards(f"live-t:{question.id}:hand", _hand_groups(built),
                              label=f"{_seat(built, built.seat or 0)}'s hand", fit=True)
            revealed = question.revealed is not None
            st.markdown(f"**{len(answers)} of {students} students answered**")
            if answers:
                st.plotly_chart(_chart(built, answers, revealed), key=f"live-t:{question.id}:chart",
                                config={"displayModeBar": False})
                st.caption("Answered: " + ", ".join(plain(a.name) for a in answers))
            buttons = st.container(horizontal=True)
            if not revealed:
                buttons.button("Show the verdict", key="live:reveal", type="primary", icon=":material/gavel:",
                               on_click=_reveal, args=(teacher.id, question.id))
            else:
                _teacher_verdict(built, answers)
            buttons.button("Close the question", key="live:close", icon=":material/close:",
                           on_click=opened.close_question, args=(teacher.id, question.id))

    live()

