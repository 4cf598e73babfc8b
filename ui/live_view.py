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
from engine.errors import CardTableError
from engine.games import GAMES
from engine.i18n import N_, digits
from engine.i18n import gettext as _
from engine.practice import rules_for
from engine.teaching import sentence
from engine.words import seat_name
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
    prompt_of,
    rebuild,
    solution,
    table_moment,
)
from ui.store import LiveAnswer, LiveQuestion, StoreError, Teacher
from ui.table_hands import text_label
from ui.widgets import plain

POLL_SECONDS: Final = 1.0  # students' screens show a new question within about this long (README: under 2 s)
SOURCE_LABELS: Final = {TABLE: N_("A Table step"), EDITOR: N_("An editor position"),
                         PRACTICE: N_("A practice question")}
ASK_LABELS: Final = {LEGAL: N_("Which play is legal?"), BEST: N_("What should the player play?")}
NO_QUESTION: Final = N_("No question from your teacher right now: it shows here as soon as your teacher asks one.")
ERROR_KEY: Final = "live:error"
RIGHT, WRONG, WAITING = "#15803d", "#b91c1c", "#64748b"


def _words(answer: str) -> str:
    """An answer as shown: card notation with suit symbols (``KH KH`` → ``K♥ K♥``), words as they are."""
    return text_label(answer)


# ------------------------------------------------------------------------------------------------ the moment


def _seat(built: Built, index: int) -> str:
    return seat_name(built.view.seats[index].name)


def _hand_label(built: Built) -> str:
    return _("{seat}'s hand").format(seat=_seat(built, built.seat or 0))


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
        ch.show_cards(f"{key}:table", played, label=_("On the table"), fit=True)
    else:
        st.caption(_("{seat} leads: the table is empty.").format(seat=_seat(built, built.seat or 0)))
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
        whose = _hand_label(built)
        st.markdown(_("**{hand}** — choose the cards, then answer.").format(hand=whose))
        ch.card_hand(f"{key}:hand", _hand_groups(built), label=whose,
                     actions=(ch.Action("answer", _("Answer with these cards"), min_chosen=1, primary=True),),
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
                     actions=(ch.Action("answer", _("Answer with these cards"), min_chosen=1, primary=True),),
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
        st.info(_("Your teacher has shown the verdict; you did not answer this one."), icon=":material/info:")
    else:
        judged = judge_play(built, mine.answer) if built.exercise is None else None
        reason = f" {plain(sentence(judged.reason))}" if judged is not None else ""
        answer = plain(_words(mine.answer))
        if mine.correct:
            st.success(_("Your answer {answer} — right.").format(answer=answer) + reason,
                       icon=":material/check_circle:")
        else:
            st.error(_("Your answer {answer} — not this time.").format(answer=answer) + reason,
                     icon=":material/cancel:")
    _solution_note(built, right, why)


def _solution_note(built: Built, right: str, why: str) -> None:
    """The coach's choice (a play question) or the exercise's answer, with the reason."""
    if right:
        who = _("The coach's choice") if built.exercise is None else _("The answer")
        st.info(f"**{who}: {plain(_words(right))}** — {plain(sentence(why))}", icon=":material/psychology:")


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
        st.caption(_(NO_QUESTION))
        return None
    signal = (question.id, question.revealed is not None)
    try:
        built = rebuild(question.game, question.moment)
    except CardTableError as error:
        st.error(_("This question cannot be shown: {reason}").format(reason=plain(str(error))))
        return signal
    key = f"live:{question.id}"
    with st.container(border=True, key="live-question"):
        st.subheader(plain(prompt_of(built)))
        draw_moment(built, key)
        if question.revealed is not None:
            _student_verdict(built, mine)
            return signal
        problem = st.session_state.get(ERROR_KEY)
        if problem:
            st.error(plain(problem))
        _answer_controls(learner_id, question, built, key)
        if mine is not None:
            st.success(_("Your answer: **{answer}**. You can change it until your teacher shows the "
                         "verdict.").format(answer=plain(_words(mine.answer))), icon=":material/how_to_reg:")
    return signal


def student_screen(learner_id: str) -> None:
    """The class's question on a student's screen, drawn by a fragment that runs again every POLL_SECONDS (two
    small queries and the panel; the question itself is rebuilt once per server and kept). A press on the hand
    reruns only the fragment too. Measured against redrawing the whole page when a signal changes, this keeps
    the 30 students' reruns spread over the second instead of queueing them all at once behind a new question
    (bench/README.md)."""
    @st.fragment(run_every=POLL_SECONDS)
    def panel() -> None:
        _student_panel(learner_id)

    panel()



# ------------------------------------------------------------------------------------------------ the teacher


def _push(teacher: Teacher, class_id: str) -> str | None:
    """Push the question the form describes; None, or the sentence saying why not."""
    s = st.session_state
    game, source, ask = s.get("live:game"), s.get("live:source"), s.get("live:ask", LEGAL)
    if game not in GAMES or source not in SOURCE_LABELS or ask not in ASKS:
        return _("Choose a game and what to ask about.")
    try:
        with st.spinner(_("The engine is setting the question (and the coach is weighing the plays)…")):
            link = str(s.get("live:link", "")).strip()
            if source == TABLE and link:  # the link says it all: its step, or the hand as far as it goes
                prompt, moment = table_moment(game, link, ask)
            elif source == TABLE:
                prompt, moment = table_moment(game, "", ask, int(s.get("live:seed", 1)), int(s.get("live:step", 0)))
            elif source == EDITOR:
                prompt, moment = editor_moment(game, str(s.get("live:position", "")), ask)
            else:
                prompt, moment = practice_moment(str(s.get("live:rule", "")))
    except MomentError as error:
        return str(error)
    except CardTableError as error:
        return _("This question could not be made: {reason}.").format(reason=error)
    opened = store()
    if opened is None:
        return _("The progress database cannot be opened right now.")
    try:
        opened.push_question(teacher.id, class_id, source, game, prompt, moment)
    except StoreError as error:
        return str(error)
    return None


def _ask_form(teacher: Teacher, class_id: str) -> None:
    games = list(GAMES)
    titles = {k: _(GAMES[k].title) for k in games}
    sources = {k: _(v) for k, v in SOURCE_LABELS.items()}
    game = st.selectbox(_("Game"), games, key="live:game", format_func=titles.__getitem__)
    source = st.radio(_("Ask about"), list(SOURCE_LABELS), key="live:source", horizontal=True,
                      format_func=sources.__getitem__)
    if source == PRACTICE:
        rules = rules_for(game)
        st.selectbox(_("Skill"), [r.key for r in rules], key="live:rule",
                     format_func={r.key: r.title for r in rules}.__getitem__)
    else:
        if source == TABLE:
            st.text_input(_("The Table's link (copy it from the address bar of the Table)"), key="live:link",
                          placeholder="…/shengji_table?mode=watch&seed=12&step=30")
            deal, step = st.columns(2)
            deal.number_input(_("or: deal number"), min_value=0, max_value=2**31, value=1, step=1, key="live:seed")
            step.number_input(_("and step"), min_value=0, max_value=5_000, value=10, step=1, key="live:step",
                              help=_("The number of plays made so far; the question is the next decision."))
        else:
            st.text_area(_("The editor's link (its Share button puts it in the address bar) or the position's "
                           "JSON"),
                         key="live:position", height=90)
        asks = {k: _(v) for k, v in ASK_LABELS.items()}
        st.radio(_("Question"), list(ASKS), key="live:ask", horizontal=True, format_func=asks.__getitem__)
    if st.button(_("Push to the class"), key="live:push", type="primary", icon=":material/cast_for_education:"):
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
    figure.update_layout(height=260, bargap=0.5 if len(labels) < 3 else 0.2,
                         xaxis={"title": _("answer"), "type": "category"},
                         margin={"t": 10, "b": 10, "l": 10, "r": 10}, yaxis={"title": _("students"), "dtick": 1})
    return figure


def _teacher_verdict(built: Built, answers: Sequence[LiveAnswer]) -> None:
    right, why = solution(built)
    lines = []
    for answer in sorted({a.answer for a in answers}):
        given = [a for a in answers if a.answer == answer]
        mark = "✓" if given[0].correct else "✗"
        judged = judge_play(built, answer) if built.exercise is None else None
        legal = "" if judged is None else " " + (_("allowed") if judged.legal else _("not allowed"))
        reason = f": {plain(sentence(judged.reason))}" if judged is not None else ""
        lines.append(f"- {mark} **{plain(_words(answer))}** ({digits(str(len(given)))}){legal}{reason}")
    if lines:
        st.markdown("**" + _("The engine's verdict") + "**\n" + "\n".join(lines))
    _solution_note(built, right, why)


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
            st.caption(_("Push a moment to every student's screen; their answers arrive here."))
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
            st.subheader(plain(prompt_of(built)))
            draw_moment(built, f"live-t:{question.id}")
            if built.exercise is None:
                st.markdown(f"**{_hand_label(built)}**")
                ch.show_cards(f"live-t:{question.id}:hand", _hand_groups(built), label=_hand_label(built), fit=True)
            revealed = question.revealed is not None
            st.markdown("**" + _("{n} of {students} students answered").format(
                n=digits(str(len(answers))), students=digits(str(students))) + "**")
            if answers:
                st.plotly_chart(_chart(built, answers, revealed), key=f"live-t:{question.id}:chart",
                                config={"displayModeBar": False})
                st.caption(_("Answered: {names}").format(names=", ".join(plain(a.name) for a in answers)))
            if revealed:
                _teacher_verdict(built, answers)
            buttons = st.container(horizontal=True)
            if not revealed:
                buttons.button(_("Show the verdict"), key="live:reveal", type="primary", icon=":material/gavel:",
                               on_click=_reveal, args=(teacher.id, question.id))
            buttons.button(_("Close the question"), key="live:close", icon=":material/close:",
                           on_click=opened.close_question, args=(teacher.id, question.id))

    live()

