"""The lesson page of any game: lessons are data (lessons/<game>/*.md), the engine judges the exercises.

A page is one line: ``render_lessons(GAME.key)``. See engine/lessons.py for the file format; ui.lesson_menu keeps
which lesson is open (the menu, Back, Next, the address), ui.lesson_links draws the links to other pages.

What the page does for a learner:

- **A place that lasts.** ``?lesson=7`` (a number from 1) or ``?lesson=07-tractors`` (a file's name) opens that
  lesson, and the address follows Back, Next and the menu, so a teacher can send a class to a lesson; a damaged
  value is refused with a message. The learner picks a name once (ui.learner: kept in the browser, progress in
  ui.store; before that, progress is kept for the tab, a reload included); the menu marks lessons done with ✓
  and a returning learner resumes at the last lesson open.
- **Feedback that teaches.** A wrong answer gets a one-line hint and another try; "Show me why" gives the
  engine's whole explanation; a right answer says why it is right; a graded answer can be "legal, but poor".
  Rows of the example marked ``after`` (they would give the answer away) appear only once it is answered.
- **Links.** Each live example opens in the game's position editor and at its Table where those read it; the
  last lesson ends with a link to the Table; ``pages`` in a lesson's header links other pages of the game.
- **Plain words.** Values are drawn as cards or written as words ("yes", "North"), never as Python values.
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

import streamlit as st

from engine.cards import Card, format_cards, parse_cards
from engine.command_tables import json_commands
from engine.contract import SEAT_NAMES
from engine.errors import CardTableError
from engine.games import GAMES
from engine.games import game as game_of
from engine.glossary import GlossaryFormatError, cjk_characters, load_glossary
from engine.i18n import DEFAULT_LANGUAGE, language, use_language
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.lessons import (
    LESSONS_DIR,
    Claim,
    Exercise,
    Feedback,
    Lesson,
    check_claim,
    example_request,
    fill,
    fill_text,
    judge,
    load_lessons,
    lookup,
    same_answer,
)
from engine.words import and_list, clause, seat_name, sentence
from ui import card_hand as ch
from ui import lesson_menu
from ui.language import in_session_language, with_language
from ui.learner import Tracker, current_learner, keep_tab, name_picker, session_learner, show_message
from ui.lesson_links import example_links, page_link, practise_this, see_also
from ui.lesson_menu import LESSON_QUERY
from ui.nav import current_preset
from ui.table_draw import presenter_style, step_keys
from ui.widgets import plain

_LOG = logging.getLogger(__name__)

Commands = Mapping[str, Callable[[Mapping[str, Any]], dict[str, Any]]]

PRESENT_QUERY: Final = "present"
"""``?present=1``: presenter mode (a projector): no sidebar, large text and cards, ←/→ to the previous or next
lesson."""
_PRESENTING: ContextVar[bool] = ContextVar("lesson_presenting", default=False)
"""Whether the lesson being drawn is on a projector (its cards then drawn jumbo-index)."""


def _cards_size(size: ch.Size = "normal") -> dict[str, Any]:
    """The card size of a lesson's cards: ``size``, or on a projector one size up with jumbo indexes."""
    if not _PRESENTING.get():
        return {"size": size}
    return {"size": "normal" if size == "small" else "large", "jumbo": True}


# ------------------------------------------------------------------------------------------ the glossary


GLOSSARY_PAGE: Final = "/glossary"
"""Where a glossary term links to: ``/glossary?term=<key>`` opens the glossary on that term."""

_PROTECTED: Final = re.compile(
    r"`+[^`]*?`+"                              # inline code
    r"|!?\[[^\]]*\]\([^)]*\)"                   # links and images
    r"|!?\[[^\]]*\]\[[^\]]*\]"                   # reference links
    r"|<[^>\n]+>"                              # autolinks and HTML
    r"|https?://\S+"                           # bare addresses
    r"|:[a-z]+(?:-background)?\[[^\]]*\]"       # colour directives :red[…]
    r"|:material/[a-z0-9_]+:"                  # icons
    r"|\{[^{}\n]*\}"                           # placeholders
    r"|\boptions? \*[^*\n]+\*|“[^”\n]*”"         # option labels, as the editor shows them (*Turn order*, “Deal”)
    r"|\S*[♠♥♦♣]\S*"                           # cards written with suit symbols (K♥, ♥2233)
    r"|(?<![\w])(?:10|[2-9TJQKA])[SHDC](?![\w])"  # cards in notation (10S, QH)
    r"|(?<![\w])[BR]J(?![\w])"                  # the jokers
)
_FENCE: Final = re.compile(r"^(```|~~~)[^\n]*\n.*?^\1[^\n]*$", re.M | re.S)
_HEADING: Final = re.compile(r"^\s{0,3}(?:#{1,6}(?:\s|$)|\[[^\]]+\]:\s)")
_LINKED_TERMS: ContextVar[set[str] | None] = ContextVar("linked_glossary_terms", default=None)


@lru_cache(maxsize=8)
def _glossary_matchers(game: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, link id) for every spelling of every glossary term of ``game``: whole words (an English
    plural counts) in any case; Chinese terms wherever they stand. The link id is the term's key, with
    ``:native`` for its Chinese or Vietnamese spelling, which is linked once on its own."""
    try:
        terms = load_glossary()
    except (OSError, GlossaryFormatError) as error:
        _LOG.warning("glossary not read: %s", error)
        return ()
    out = []
    for term in terms:
        if game not in term.games:
            continue
        for form in term.forms:
            words = r"\s+".join(re.escape(part) for part in unicodedata.normalize("NFC", form).split())
            native = ":native" if form == term.native else ""
            if cjk_characters(form):
                out.append((re.compile(words), term.key + native))
            else:
                out.append((re.compile(rf"(?<!\w){words}(?:e?s)?(?!\w)", re.IGNORECASE), term.key + native))
    return tuple(out)


def _link_plain(text: str, matchers: Sequence[tuple[re.Pattern[str], str]], linked: set[str]) -> str:
    """``text`` (nothing protected in it) with the first occurrence of each term not yet ``linked`` linked."""
    found = sorted(((m.start(), m.end(), key) for pattern, key in matchers for m in pattern.finditer(text)),
                   key=lambda s: (s[0], -(s[1] - s[0])))
    kept: list[tuple[int, int, str]] = []
    for start, end, key in found:
        if not kept or start >= kept[-1][1]:
            kept.append((start, end, key))
    out, at = [], 0
    for start, end, link in kept:
        if link in linked:
            continue
        linked.add(link)
        key = link.split(":", 1)[0]
        out += [text[at:start], f"[{text[start:end]}]({with_language(f'{GLOSSARY_PAGE}?term={key}')})"]
        at = end
    out.append(text[at:])
    return "".join(out)


def _link_line(line: str, matchers: Sequence[tuple[re.Pattern[str], str]], linked: set[str]) -> str:
    if _HEADING.match(line):
        return line
    out, at = [], 0
    for match in _PROTECTED.finditer(line):
        out += [_link_plain(line[at:match.start()], matchers, linked), match.group()]
        at = match.end()
    out.append(_link_plain(line[at:], matchers, linked))
    return "".join(out)


def link_glossary_terms(text: str, game: str) -> str:
    """THE GLOSSARY HOOK: lesson text (Markdown) with each glossary term linked to the glossary page.

    Every learner-visible lesson text (body, summary, prompt, hint, caption, key facts) passes through here.
    The first occurrence of each term of ``game``'s glossary (lessons/glossary.toml) becomes
    ``[word](/glossary?term=<key>)`` — once for its English name and other spellings, once for its Chinese or
    Vietnamese word ("**Shengji** (升级)": both lead to the entry with the pinyin); later ones stay plain.
    Code, cards (``K♥``, ``10S``, ``BJ``), links, HTML, icons, placeholders and headings are left as they are.
    Inside :func:`lesson_glossary_scope` "first" means first in the whole lesson (the page opens one scope per
    run), else first in ``text``.
    """
    matchers = _glossary_matchers(game)
    if not matchers or not text:
        return text
    scope = _LINKED_TERMS.get()
    linked = scope if scope is not None else set()
    text = unicodedata.normalize("NFC", text)
    out, at = [], 0
    for fence in _FENCE.finditer(text):
        out.append("\n".join(_link_line(line, matchers, linked) for line in text[at:fence.start()].split("\n")))
        out.append(fence.group())
        at = fence.end()
    out.append("\n".join(_link_line(line, matchers, linked) for line in text[at:].split("\n")))
    return "".join(out)


@contextmanager
def lesson_glossary_scope() -> Iterator[None]:
    """Within this block, :func:`link_glossary_terms` links each term once for all the texts it is given (one
    lesson page)."""
    token = _LINKED_TERMS.set(set())
    try:
        yield
    finally:
        _LINKED_TERMS.reset(token)


def _handout_button(game: str) -> None:
    """"Download the rules on one page (PDF)" for the sidebar's rule set (made when it is pressed)."""
    from ui.handouts import handout_filename, handout_pdf

    preset = current_preset(game)
    if not preset:
        return
    lang = language()  # the PDF is made when the button is pressed, outside this run
    st.download_button(_("Download the rules on one page (PDF)"), data=lambda: handout_pdf(game, preset, lang),
                       file_name=handout_filename(game, preset), mime="application/pdf", on_click="ignore",
                       icon=":material/picture_as_pdf:", key=f"{game}:lesson:handout",
                       help=_("A one-page summary of the rules chosen in the sidebar, to print"))


# ----------------------------------------------------------------------------------------- plain words


def parse_any_cards(text: str) -> tuple[Card, ...] | None:
    """Cards in ``text`` (suited, or bare ranks), or None if it is not card notation."""
    for suitless in (False, True):
        try:
            return parse_cards(text, suitless=suitless)
        except ValueError:
            continue
    return None


def _cards_text(text: str) -> tuple[Card, ...] | None:
    """Cards in ``text`` when it is card notation meant as cards (one card or more, not an empty text)."""
    if not text.strip():
        return None
    return parse_any_cards(text)


def _seat(text: str) -> str:
    return seat_name(SEAT_NAMES.get(text, text))


def words(value: Any) -> str:
    """A value of an engine answer written for a learner: cards as symbols (``10♠ Q♥``), true/false as
    "yes"/"no", nothing as "none", lists as "a, b and c", tables as "North: 3; East: 1" — never a Python value."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        cards = _cards_text(value)
        if cards is not None and any(c.suit is not None or c.is_joker for c in cards):
            return format_cards(cards, symbols=True)
        return value
    if isinstance(value, Mapping):
        if not value:
            return _("none")
        return "; ".join(f"{_seat(str(k))}: {words(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        items = [words(v) for v in value]
        return and_list(items) if items else _("none")
    return str(value)


def choice_label(choice: str) -> str:
    """A choice of an exercise as the radio draws it: cards as symbols, a seat letter by its name."""
    cards = parse_any_cards(choice)
    if cards and all(c.suit is not None or c.is_joker for c in cards):
        return format_cards(cards, symbols=True)
    return _seat(choice) if choice in SEAT_NAMES or choice in SEAT_NAMES.values() else choice


def _text(text: str, example_answer: Any, game: str) -> str:
    """Lesson text with its ``{example.…}`` placeholders filled (in words) and glossary terms linked."""
    if example_answer is not None:
        try:
            text = fill_text(text, example_answer, words)
        except CardTableError:
            _LOG.warning("lesson text names a value the example does not have: %r", text[:80])
    return link_glossary_terms(text, game)


# ------------------------------------------------------------------------------------------------ state


def _seed_key(lesson: Lesson) -> str:
    return f"{lesson.game}:lesson:{lesson.slug}:seed"


def _answer_key(lesson: Lesson, seed: int | None) -> str:
    return f"{lesson.game}:lesson:{lesson.slug}:answer:{seed}"


def exercise_id(lesson: Lesson) -> str:
    """The store's name of a lesson's exercise."""
    return f"{lesson.slug}.exercise"


def _next_seed(seed: int, answer: Any) -> int:
    """The seed "Deal another" moves to: past the deal the example used (an example that searches the deals
    from its seed for a fitting one reports it as ``seed_used``), so that the next deal is a new one."""
    used = answer.get("seed_used") if isinstance(answer, Mapping) else None
    return max(seed, used if isinstance(used, int) and not isinstance(used, bool) else seed) + 1


def _reseed(key: str, seed: int) -> None:
    st.session_state[key] = seed


@dataclass
class ExerciseState:
    """One exercise on one deal: the tries so far and what to show."""

    tries: int = 0
    solved: bool = False
    why: bool = False
    kind: str | None = None
    """The last verdict: ``right``, ``poor`` (legal, graded below good), ``wrong`` or ``error``."""
    message: str = ""
    grade: str | None = None
    truth: str = ""
    """The right answer in words (choice, yes/no and number inputs), for "Show me why"."""

    @property
    def answered(self) -> bool:
        """Whether the answer may be shown: answered right, or the explanation asked for."""
        return self.solved or self.why


def _state(key: str) -> ExerciseState:
    value = st.session_state.get(f"{key}:state")
    if not isinstance(value, ExerciseState):
        value = ExerciseState()
        st.session_state[f"{key}:state"] = value
    return value


def _show_why(key: str) -> None:
    _state(key).why = True


@dataclass(frozen=True)
class Ask:
    """What a judging callback needs: the exercise on the deal the learner saw."""

    lesson: Lesson
    run: Callable[[Mapping[str, Any]], dict[str, Any]]
    example_answer: Any
    seed: int | None
    key: str
    english_answer: Any = None
    """The example's answer in English (the page's in English): what the verdict is worked out on."""


def _verdict(ask: Ask, answer: Any) -> Feedback:
    """The engine's verdict on ``answer``, worked out in English (the engine's answers hold words in the language
    it runs in, and a lesson's expected answers are written once, in English), with the message, and the grade,
    in the page's language."""
    exercise = ask.lesson.exercise
    assert exercise is not None
    english_example = ask.example_answer if ask.english_answer is None else ask.english_answer
    with use_language(DEFAULT_LANGUAGE):
        verdict = judge(exercise, answer, ask.run, english_example, ask.seed, words)
    if language() == DEFAULT_LANGUAGE:
        return verdict
    request = fill(exercise.request, answer=answer, seed=ask.seed, example=english_example)
    result = ask.run(request)
    text = exercise.right_why if verdict.right and exercise.right_why else exercise.why
    if text:
        try:
            message = fill_text(text, ask.example_answer if ask.example_answer is not None else {}, words, result)
        except CardTableError:  # the answers in the language name a value otherwise: the English values, in words
            with use_language(DEFAULT_LANGUAGE):
                english_result = ask.run(request)
            message = fill_text(text, english_example if english_example is not None else {}, words, english_result)
    else:
        message = str(lookup(result, exercise.explain)) if exercise.explain else ""
    grade = str(lookup(result, exercise.quality)) if verdict.grade is not None and exercise.quality else None
    return replace(verdict, message=message, grade=grade)


def _judge(ask: Ask, answer: Any, answer_text: str) -> None:
    """Judge an answer with the engine, record the try, and keep the verdict to show."""
    exercise = ask.lesson.exercise
    assert exercise is not None
    state = _state(ask.key)
    try:
        feedback = _verdict(ask, answer)
    except CardTableError as error:
        state.kind, state.message = "error", _("{problem}: change your answer and try again").format(
            problem=clause(str(error)))
        return
    state.tries += 1
    state.message, state.grade = feedback.message, feedback.grade
    state.truth = "" if exercise.input == "cards" else _truth_words(exercise, feedback)
    tracker = Tracker(ask.lesson.game, session_learner())
    tracker.record_try(exercise_id(ask.lesson), feedback.right, answer_text)
    if feedback.right:
        state.kind, state.solved = "right", True
        tracker.lesson_done(ask.lesson.slug)
    else:
        state.kind = "poor" if feedback.poor else "wrong"


def _truth_words(exercise: Exercise, feedback: Feedback) -> str:
    truth = feedback.engine_answer
    if exercise.input == "yes_no":
        return _("yes") if truth else _("no")
    if exercise.input == "choice":
        match = [c for c in exercise.choices if same_answer(c, truth)]
        return choice_label(match[0]) if match else words(truth)
    return words(truth)


def _judge_choice(ask: Ask, value_of: Callable[[Any], Any]) -> None:
    raw = st.session_state.get(ask.key)
    if raw is None:
        return
    _judge(ask, value_of(raw), choice_label(str(raw)))


def _judge_number(ask: Ask) -> None:
    raw = st.session_state.get(ask.key)
    if raw is None:
        return
    _judge(ask, int(raw), str(int(raw)))


def _judge_cards(ask: Ask, event: ch.HandEvent) -> None:
    if event.action == "check" and event.cards:
        _judge(ask, format_cards(event.cards), format_cards(event.cards, symbols=True))


# ------------------------------------------------------------------------------------------ the example


@lru_cache(maxsize=256)
def _cached_answer(game: str, command: str, request: str, lang: str) -> Any:
    """The engine's answer to an example's request, in ``lang`` (its descriptions and reasons are words, so the
    language is part of the key: sessions in other languages share nothing but their own answers)."""
    with use_language(lang):
        return json_commands(game)[command](json.loads(request))


def _run_example(lesson: Lesson, run: Commands, request: dict[str, Any], default: bool) -> Any:
    assert lesson.example is not None
    if default:
        return _cached_answer(lesson.game, lesson.example.command, json.dumps(request, sort_keys=True), language())
    return run[lesson.example.command](request)


def _show_value(key: str, label: str, value: Any) -> None:
    """One row of the example: cards drawn as cards (rows by seat for a table of hands), else a sentence."""
    if isinstance(value, str):
        cards = _cards_text(value)
        if cards is not None:
            st.markdown(f"**{label}**")
            ch.show_cards(key, list(cards), label=label, **_cards_size())
            return
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        rows = [_cards_text(v) for v in value]
        if all(r is not None for r in rows):
            st.markdown(f"**{label}**")
            for i, row in enumerate(rows):
                ch.show_cards(f"{key}:{i}", list(row or ()), label=f"{label} {i + 1}", **_cards_size("small"))
            return
    if isinstance(value, Mapping) and value and all(isinstance(v, str) for v in value.values()):
        rows = [_cards_text(v) for v in value.values()]
        if all(r is not None for r in rows):
            st.markdown(f"**{label}**")
            for i, (seat, row) in enumerate(zip(value, rows, strict=True)):
                st.caption(plain(_seat(str(seat))))
                ch.show_cards(f"{key}:{i}", list(row or ()), label=_seat(str(seat)), **_cards_size("small"))
            return
    st.markdown(f"**{label}:** {words(value)}")


def _example(lesson: Lesson, run: Commands, default: bool) -> tuple[Any, int | None]:
    example = lesson.example
    if example is None:
        return None, None
    seed_key = _seed_key(lesson)
    seed: int | None = None
    if example.reseed:
        seed = int(st.session_state.get(seed_key, example.request.get("seed", 1)))
    answer = _run_example(lesson, run, example_request(example, seed), default)
    answered = _state(_answer_key(lesson, seed)).answered or lesson.exercise is None
    with st.container(border=True):
        head, button = st.columns([4, 1], vertical_alignment="center")
        head.markdown("#### " + (_("Live example") if seed is None else
                                 _("Live example · deal {seed}").format(seed=seed)))
        if example.reseed and seed is not None:
            button.button(_("Deal another"), icon=":material/casino:", key=f"{seed_key}:again", on_click=_reseed,
                          args=(seed_key, _next_seed(seed, answer)),
                          help=_("A new deal for the example and the exercise"))
        if example.caption:
            st.caption(_text(example.caption, answer, lesson.game))
        hidden = 0
        for i, row in enumerate(example.show):
            if row.after and not answered:
                hidden += 1
                continue
            _show_value(f"{seed_key}:{seed}:show:{i}", row.label, lookup(answer, row.path))
        if hidden:
            st.caption(":material/visibility_off: " + _("More of the example shows once you have answered."))
        example_links(lesson, example, answer, seed, default)
    return answer, seed


# ----------------------------------------------------------------------------------------- the exercise


def _offered(exercise: Exercise, example_answer: Any) -> tuple[Card, ...]:
    if not exercise.pick_from:
        return ()
    source = exercise.pick_from
    text = lookup(example_answer, source[len("$example."):]) if source.startswith("$example.") else source
    return parse_any_cards(str(text)) or ()


def _pick_groups(lesson: Lesson, example_answer: Any, cards: Sequence[Card]) -> list[ch.CardGroup] | None:
    """How the offered cards are drawn: as the game groups its example's cards (Game.example_groups); None (by
    suit) when it does not, or when the exercise says ``group_trumps = false`` (grouping would answer it)."""
    exercise = lesson.exercise
    if lesson.example is None or not isinstance(example_answer, Mapping) or not cards:
        return None
    if exercise is not None and not exercise.group_trumps:
        return None
    try:
        groups = game_of(lesson.game).example_groups(lesson.example.request, example_answer, cards)
    except CardTableError:
        return None
    return None if groups is None else [ch.CardGroup(label, members) for label, members in groups]


def _answer_widget(ask: Ask) -> None:
    """The learner's answer: cards chosen by clicking them, a choice, yes/no or a number."""
    exercise = ask.lesson.exercise
    assert exercise is not None
    if exercise.input == "cards":
        offered = _offered(exercise, ask.example_answer)
        groups = _pick_groups(ask.lesson, ask.example_answer, offered)
        ch.card_hand(ask.key, groups or ch.suit_groups(offered), label=_("Cards to choose from"),
                     actions=(ch.Action("check", _("Check my choice"), min_chosen=1, primary=True),),
                     on_action=in_session_language(lambda event: _judge_cards(ask, event)), **_cards_size())
        return
    if exercise.input == "choice":
        labels = {c: exercise.choice_labels.get(c) or choice_label(c) for c in exercise.choices}
        st.radio(_("Your answer"), exercise.choices, index=None, key=ask.key, format_func=labels.__getitem__,
                 horizontal=len(exercise.choices) <= 6, on_change=in_session_language(_judge_choice),
                 args=(ask, lambda v: v))
        return
    if exercise.input == "yes_no":
        yes_no = {"Yes": _("Yes"), "No": _("No")}
        st.radio(_("Your answer"), ["Yes", "No"], index=None, key=ask.key, horizontal=True,
                 format_func=yes_no.__getitem__,
                 on_change=in_session_language(_judge_choice), args=(ask, lambda v: v == "Yes"))
        return
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(_("Your answer"), step=1, value=None, key=ask.key, width=220)
        st.button(_("Check"), key=f"{ask.key}:check", icon=":material/task_alt:",
                  on_click=in_session_language(_judge_number), args=(ask,), type="primary")


def _hint(lesson: Lesson, example_answer: Any) -> str:
    exercise = lesson.exercise
    assert exercise is not None
    if exercise.hint:
        return _text(exercise.hint, example_answer, lesson.game)
    if lesson.summary:
        return _("Remember: {summary}").format(summary=_text(lesson.summary, example_answer, lesson.game))
    return _("Look at the example again.")


def _feedback(lesson: Lesson, ask: Ask, state: ExerciseState) -> None:
    if state.kind is None:
        return
    if state.kind == "error":
        st.error(plain(sentence(state.message)), icon=":material/error:")
        return
    if state.kind == "right":
        why = sentence(state.message) if state.message else (
            _("The answer is {answer}.").format(answer=state.truth) if state.truth else
            _("That is what the rules say."))
        st.success(_("Right. {why}").format(why=why), icon=":material/check_circle:")
        return
    if state.kind == "poor":
        st.warning(_("Legal, but {grade}: {reason}. Try a better one.").format(
            grade=plain(state.grade or _("not the best")), reason=clause(state.message)), icon=":material/lightbulb:")
        return
    if not state.why:
        st.error(_("Not quite. {hint} Have another try.").format(hint=sentence(_hint(lesson, ask.example_answer))),
                 icon=":material/cancel:")
        st.button(_("Show me why"), key=f"{ask.key}:why", icon=":material/help:", on_click=_show_why,
                  args=(ask.key,))
        return
    why = sentence(state.message)
    text = _("Why: {why} The answer: **{answer}**.").format(why=why, answer=state.truth) if state.truth else \
        _("Why: {why}").format(why=why)
    st.info(text.strip(), icon=":material/school:")


def _exercise(lesson: Lesson, run: Commands, example_answer: Any, seed: int | None, default: bool) -> None:
    exercise = lesson.exercise
    if exercise is None:
        return
    key = _answer_key(lesson, seed)
    english = example_answer
    if language() != DEFAULT_LANGUAGE and lesson.example is not None:
        with use_language(DEFAULT_LANGUAGE):
            english = _run_example(lesson, run, example_request(lesson.example, seed), default)
    ask = Ask(lesson, run[exercise.command], example_answer, seed, key, english)
    state = _state(key)
    with st.container(border=True):
        st.markdown("#### " + _("Try it") + (" ✓" if state.solved else ""))
        st.markdown(_text(exercise.prompt, example_answer, lesson.game))
        _answer_widget(ask)
        _feedback(lesson, ask, state)


# --------------------------------------------------------------------------------------------- the lessons


def _lesson_files(game: str, root: Path) -> tuple[tuple[str, int, int], ...]:
    """(name, modification time, size) of every file in ``game``'s lesson folder: what the parsed lessons depend on."""
    folder = root / game
    if not folder.is_dir():
        return ()
    return tuple((p.relative_to(folder).as_posix(), stat.st_mtime_ns, stat.st_size)
                 for p in sorted(folder.rglob("*.md")) for stat in [p.stat()])  # translations too


@lru_cache(maxsize=32)
def _parsed_lessons(game: str, root: str, files: tuple[tuple[str, int, int], ...], lang: str) -> tuple[Lesson, ...]:
    return tuple(load_lessons(game, Path(root), lang))


def lessons_of(game: str, root: Path = LESSONS_DIR, lang: str | None = None) -> list[Lesson]:
    """The lessons of ``game`` in ``lang`` (the page's language by default; English where a translation is
    missing), read and parsed once per server process while their files stay as they are (an edited file is read
    again). Every session shares the same lesson values, so none keeps its own copy: do not modify them."""
    return list(_parsed_lessons(game, str(root), _lesson_files(game, root), lang or language()))


# --------------------------------------------------------------------------------------------- key facts


def _problems(claim: Claim, run: Commands) -> tuple[str, ...]:
    """What the engine says against ``claim``, checked in English whatever the page's language: a claim's
    expected values are written once, in the English header, and the engine's answers hold words (reasons,
    descriptions) in the language it runs in."""
    with use_language(DEFAULT_LANGUAGE):
        try:
            return tuple(check_claim(claim, run[claim.command]))
        except CardTableError as error:
            return (str(error),)


@lru_cache(maxsize=1024)
def _cached_problems(game: str, path: str, index: int) -> tuple[str, ...]:
    """The problems of a lesson's ``index``-th claim (the English lesson at ``path``), for every session: the
    claims and their check are the same in every language, so the language is not part of the key."""
    lesson = next(x for x in lessons_of(game, Path(path).parent.parent, DEFAULT_LANGUAGE) if str(x.path) == path)
    return _problems(lesson.claims[index], json_commands(game))


def _claims(lesson: Lesson, run: Commands, default: bool) -> None:
    if not lesson.claims:
        return
    with st.expander(_("Key facts ({count})").format(count=local_number(len(lesson.claims))),
                     icon=":material/fact_check:"):
        for i, claim in enumerate(lesson.claims):
            problems = _cached_problems(lesson.game, str(lesson.path), i) if default else _problems(claim, run)
            text = link_glossary_terms(claim.text, lesson.game)
            st.markdown(f"- {text}" if not problems else
                        "- :red[✗] " + _("{fact} — the rules say otherwise").format(fact=text))


# ------------------------------------------------------------------------------------------------ page


def _ending(game: str, lessons: Sequence[Lesson], index: int) -> None:
    if index == len(lessons) - 1:
        st.success(_("That was the last lesson. You know the rules: time to play."), icon=":material/celebration:")
        page_link(game, "table", _("Now play a hand at the Table"), ":material/playing_cards:")
        return
    nxt = lessons[index + 1]
    st.button(_("Next: {title}").format(title=plain(nxt.title)), key=f"{lesson_menu.index_key(game)}:next-bottom",
              on_click=lesson_menu.step, args=(game, 1, len(lessons)), icon=":material/arrow_forward:")


def render_lessons(
    game: str,
    *,
    root: Path = LESSONS_DIR,
    commands: Commands | None = None,
    title: str | None = None,
    extra: Callable[[], None] | None = None,
) -> None:
    """Draw the lesson browser for ``game``: choose a lesson, read it, deal examples, try the exercise.

    ``extra`` draws a game's interactive piece under the lesson (above the way on to the next lesson); ``root``
    and ``commands`` (the game's JSON commands by default) are there for tests.
    """
    default = commands is None
    present = st.query_params.get(PRESENT_QUERY) in ("1", "true", "yes")
    if present:
        presenter_style(text_rem=1.6)
    else:
        st.title(title or _("{game} — Lessons").format(game=_(GAMES[game].title) if game in GAMES else game))
    if default and game in GAMES and not present:
        _handout_button(game)
    token = _PRESENTING.set(present)
    try:
        with lesson_glossary_scope():
            _render_lessons(game, root, commands, extra, default)
    finally:
        _PRESENTING.reset(token)


def _leave_presenter() -> None:
    st.query_params.pop(PRESENT_QUERY, None)


def _presenter_bar(game: str, lessons: Sequence[Lesson], index: int) -> None:
    """Presenter mode's one row: ←/→ (or a clicker) to the previous or next lesson, where the class is, and the way
    out (the sidebar, the menu and the learner's name stay out of the projector's picture)."""
    count = len(lessons)
    step_keys(f"{lesson_menu.index_key(game)}:keys",
              lambda direction: lesson_menu.step(game, 1 if direction == "next" else -1, count))
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.button(_("Back"), icon=":material/chevron_left:", key=f"{lesson_menu.index_key(game)}:present-back",
                  on_click=lesson_menu.step, args=(game, -1, count), disabled=index == 0,
                  help=_("The previous lesson (←)"))
        st.button(_("Next"), icon=":material/chevron_right:", key=f"{lesson_menu.index_key(game)}:present-next",
                  on_click=lesson_menu.step, args=(game, 1, count), disabled=index == count - 1, type="primary",
                  help=_("The next lesson (→)"))
        where = _("Lesson {number} of {count}").format(number=local_number(index + 1), count=local_number(count))
        st.markdown(f"**{where}** · ← →", width="content")
        st.button(_("Leave presenter mode"), icon=":material/close_fullscreen:",
                  key=f"{lesson_menu.index_key(game)}:leave", on_click=_leave_presenter)


def _render_lessons(game: str, root: Path, commands: Commands | None, extra: Callable[[], None] | None,
                    default: bool) -> None:
    lessons = lessons_of(game, root)
    if not lessons:
        st.info(_("The lessons for this game are being written."))
        return
    run: Commands = json_commands(game) if commands is None else commands
    learner = current_learner()  # the sidebar (ui.nav) says who is learning
    if learner is None:
        keep_tab()  # a reload of this tab finds its progress again
    tracker = Tracker(game, learner)
    present = _PRESENTING.get()
    if not present:
        show_message()
        name_picker(game, learner)
    index = lesson_menu.place(game, lessons, tracker)
    lesson = lessons[index]
    tracker.open_lesson(lesson.slug)
    if lesson.exercise is None:
        tracker.lesson_done(lesson.slug)
    progress = tracker.progress()
    lesson_menu.link_error(game, lessons)
    if present:
        _presenter_bar(game, lessons, index)
    else:
        lesson_menu.menu(game, lessons, index, progress.lessons_done)
    st.header(lesson.title)
    if lesson.slug in progress.lessons_done:
        st.badge(_("Done"), icon=":material/check:", color="green")
    if lesson.summary:
        st.caption(link_glossary_terms(lesson.summary, game))
    st.markdown(link_glossary_terms(lesson.body, game))
    see_also(lesson)
    try:
        example_answer, seed = _example(lesson, run, default)
        _exercise(lesson, run, example_answer, seed, default)
    except CardTableError as error:
        st.error(plain(_("This lesson's example cannot be played under these rules: {problem}. Choose other rules "
                         "in the sidebar, or go on to the next lesson.").format(problem=clause(str(error)))),
                 icon=":material/error:")
    _claims(lesson, run, default)
    if extra is not None:
        extra()
    practise_this(lesson)
    _ending(game, lessons, index)
    lesson_menu.write_url(game, index)


__all__ = ["GLOSSARY_PAGE", "LESSON_QUERY", "PRESENT_QUERY", "exercise_id", "lesson_glossary_scope",
           "link_glossary_terms", "parse_any_cards", "render_lessons", "words"]
