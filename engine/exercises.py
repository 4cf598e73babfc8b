"""The values a practice exercise is made of (:class:`Exercise`, its :class:`Choice` s, :class:`CardRow` s and
:class:`CardPick`, the :class:`Feedback` on an answer, a :class:`PracticeRule`), the words they are written in,
the titles of the kinds of question, and where a lesson's live example opens (:class:`LinkRule`).

:mod:`engine.teaching` makes exercises of these and re-exports them; nothing here names a game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.base import Verdict
from engine.cards import Card, Suit, format_cards
from engine.contract import SEAT_NAMES, SomeGame
from engine.errors import CardTableError, InvalidRequestError
from engine.i18n import N_, ngettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.words import seat_name as seat_word
from engine.words import sentence as whole_sentence

__all__ = [
    "NOT_TITLES",
    "TITLES",
    "CardPick",
    "CardRow",
    "Choice",
    "Exercise",
    "Feedback",
    "LinkRule",
    "LinkTemplate",
    "Make",
    "PracticeError",
    "PracticeRule",
    "cards_words",
    "one_line",
    "practice_rule",
    "seat_name",
    "sentence",
    "suit_words",
    "title",
]


class PracticeError(InvalidRequestError):
    """An exercise that cannot be made: an unknown rule or game, a seed out of range, or (never seen) no
    position found for the rule."""


# ------------------------------------------------------------------------------------------------ values


Make = Callable[[random.Random, str], "Exercise"]
"""A generator: an exercise from a seeded random source and a preset's name."""


@dataclass(frozen=True)
class CardRow:
    """Cards to draw above the question: ``label`` ("Your hand", "The trick") and groups of cards, each with
    a small label ("Trumps", "♠", "North led")."""

    label: str
    groups: tuple[tuple[str, tuple[Card, ...]], ...]

    def __post_init__(self) -> None:
        _translate_labels(self)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, cards in self.groups for c in cards)


def _translated(text: str) -> str:
    return _(text) if text else text


def _translate_labels(row: CardRow | CardPick) -> None:
    """A row's label and its groups' labels in the current language (a game marks them with ``N_``; a label
    already translated, or one no catalog holds, stays as it is)."""
    object.__setattr__(row, "label", _translated(row.label))
    object.__setattr__(row, "groups", tuple((_translated(label), cards) for label, cards in row.groups))


@dataclass(frozen=True)
class Choice:
    """One answer to choose: ``text`` in plain words ("North", "order up", "Yes"); ``cards`` when the choice
    is a play (drawn as cards); whether it is the right answer and the engine's reason for it."""

    text: str
    right: bool
    reason: str
    cards: tuple[Card, ...] = ()
    legal: bool | None = None
    """For a play or a call: whether the rules allow it (the question may ask for the one they do not)."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``hint`` is one line (for a wrong answer it points the way without giving
    the answer away); ``reason`` is the whole explanation, with the right answer."""

    right: bool
    hint: str
    reason: str
    answer: str
    """The answer given, in words (what a store records)."""


@dataclass(frozen=True)
class CardPick:
    """A card-picking answer: choose cards from ``groups``; ``check`` is the game's own verdict on the cards
    chosen (CardTableError for cards that cannot even be judged). ``example`` is one right answer; ``count`` how
    many distinct right answers there are."""

    label: str
    groups: tuple[tuple[str, tuple[Card, ...]], ...]
    example: tuple[Card, ...]
    count: int
    check: Callable[[tuple[Card, ...]], Verdict] = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        _translate_labels(self)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, cards in self.groups for c in cards)


@dataclass(frozen=True)
class Exercise:
    """One practice question, made and judged by the engine. Answer with :meth:`judge`: the index of a
    choice (or its text) when there are ``choices``; cards when there is a ``pick``."""

    game: str
    rule: str
    seed: int
    preset: str
    title: str
    prompt: str
    facts: tuple[tuple[str, str], ...] = ()
    rows: tuple[CardRow, ...] = ()
    choices: tuple[Choice, ...] = ()
    pick: CardPick | None = None
    hint: str = ""
    """The one-line hint for a wrong answer when the chosen answer has no reason of its own to show."""
    explanation: str = ""
    """The reason for the right answer (for "Show me why")."""
    per_choice_hint: bool = True
    """Whether a wrong choice's own reason is the hint (plays and calls) or :attr:`hint` is (tricks, levels)."""
    several_right: bool = False
    """Whether more than one choice may be right (the coach accepts every option within its interval of the best);
    otherwise exactly one is."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", _translated(self.title))  # a kind's title (TITLES) is a catalog message

    @property
    def solution(self) -> str:
        """The right answer in words."""
        if self.pick is not None:
            return cards_words(self.pick.example)
        return " · ".join(c.text for c in self.choices if c.right)

    @property
    def right_choice(self) -> int | None:
        """The index of the right choice (None for a card-picking exercise)."""
        return next((i for i, c in enumerate(self.choices) if c.right), None)

    def judge(self, answer: int | str | Sequence[Card]) -> Feedback:
        """The engine's verdict on ``answer``; PracticeError for an answer of the wrong kind."""
        if self.pick is not None:
            if isinstance(answer, (int, str)) or not all(isinstance(c, Card) for c in answer):
                raise PracticeError(_("this exercise is answered with cards"))
            return self._judge_cards(tuple(answer))
        if isinstance(answer, bool) or not isinstance(answer, (int, str)):
            raise PracticeError(_("this exercise is answered with one of its choices"))
        index = answer if isinstance(answer, int) else next(
            (i for i, c in enumerate(self.choices) if c.text == answer), -1)
        if not 0 <= index < len(self.choices):
            raise PracticeError(_("there is no choice {choice}").format(choice=repr(str(answer)[:40])))
        chosen = self.choices[index]
        if chosen.right:
            return Feedback(True, _("Right. {reason}").format(reason=one_line(chosen.reason)), self._why(),
                            chosen.text)
        if not self.per_choice_hint:
            return Feedback(False, self.hint, self._why(), chosen.text)
        verdict = {True: _("That one is allowed: {reason}"), False: _("That one is not allowed: {reason}"),
                   None: _("Not that one: {reason}")}[chosen.legal]
        return Feedback(False, verdict.format(reason=one_line(chosen.reason)), self._why(), chosen.text)

    def _why(self) -> str:
        if self.explanation:
            return self.explanation
        marks = {True: _("{choice} — ✓ allowed: {reason}"), False: _("{choice} — ✗ not allowed: {reason}")}
        lines = [marks[c.legal].format(choice=c.text, reason=sentence(c.reason)) if c.legal is not None
                 else f"{c.text}: {sentence(c.reason)}" for c in self.choices]
        return "\n".join(lines)

    def _judge_cards(self, cards: tuple[Card, ...]) -> Feedback:
        pick = self.pick
        assert pick is not None
        words = cards_words(cards)
        if not cards:
            return Feedback(False, _("Choose at least one card."), self._pick_why(""), words)
        try:
            verdict = pick.check(cards)
        except CardTableError as error:
            reason = str(error)
            return Feedback(False, one_line(reason), self._pick_why(reason), words)
        reason = verdict.reason
        if verdict.legal:
            return Feedback(True, _("Right. {reason}").format(reason=one_line(reason)), sentence(reason), words)
        return Feedback(False, one_line(reason), self._pick_why(reason), words)

    def _pick_why(self, reason: str) -> str:
        pick = self.pick
        assert pick is not None
        others = pick.count - 1
        example = cards_words(pick.example)
        if others > 0:
            one = ngettext("One play that does: {example} (and {count} other play).",
                           "One play that does: {example} (and {count} other plays).", others).format(
                example=example, count=local_number(others))
        else:
            one = _("One play that does: {example}.").format(example=example)
        lead = f"{sentence(reason)}\n" if reason else ""
        return f"{lead}{self.explanation} {one}".strip()


@dataclass(frozen=True)
class PracticeRule:
    """One kind of exercise: ``key`` is stable (``shengji:tractor``: what the store keeps), ``title`` the
    learner's name for it ("Is it a tractor?"), ``blurb`` one line on what it practises."""

    key: str
    game: str
    title: str
    """A catalog message: translate it where it is shown."""
    blurb: str
    """A catalog message: translate it where it is shown."""
    make: Make = field(repr=False, compare=False)
    lessons: tuple[str, ...] = ()
    """The lessons (their slugs, ``07-tractors``) whose rule this kind of exercise practises: the skill's lessons."""


def practice_rule(game: SomeGame, kind: str, blurb: str, make: Make, lessons: tuple[str, ...] = (),
                  heading: str | None = None) -> PracticeRule:
    """The practice rule ``<game>:<kind>`` with the title of its kind of question (or ``heading``), practising
    the rule of ``lessons``."""
    return PracticeRule(f"{game.key}:{kind}", game.key, heading or TITLES[kind], blurb, make, lessons)


# ------------------------------------------------------------------------------------------------ words


def cards_words(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True) if cards else _("no cards")


def sentence(text: str) -> str:
    """``text`` on one line as a whole sentence (a capital first, a full stop — "।" in Bengali and Assamese)."""
    return whole_sentence(" ".join(text.split()))


_SENTENCE_END = re.compile(r"(?<=[.!?\u0964])\s+(?=[A-Z\u0980-\u09FF])")


def one_line(text: str, limit: int = 220) -> str:
    """The first sentence of ``text``, capitalised, at most ``limit`` characters (cut at a word)."""
    first = _SENTENCE_END.split(" ".join(text.split()), maxsplit=1)[0]
    if len(first) > limit:
        first = first[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return sentence(first)


def seat_name(letter: str) -> str:
    """A seat's name in the current language, from its letter or its English name."""
    return seat_word(SEAT_NAMES.get(letter, letter))


_SUIT_PLURALS: Final = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
"""The suits' names (:attr:`engine.cards.Suit.plural`), for the catalogs."""


def suit_words(suit: Suit) -> str:
    return f"{suit.symbol} {_(suit.plural)}"


# ------------------------------------------------------------------------------------------------ titles


TITLES: Final[Mapping[str, str]] = {
    "play": N_("Which may you play?"),
    "trick": N_("Who wins the trick?"),
    "tractor": N_("Is it a tractor?"),
    "levels": N_("How many levels?"),
    "beat": N_("What beats this?"),
    "call": N_("Which call may you make?"),
    "bid": N_("Which bid may you make?"),
}
"""The kinds of question by their English titles (catalog messages: translate them where shown, :func:`title`)."""

NOT_TITLES: Final[Mapping[str, str]] = {
    "play": N_("Which may you NOT play?"),
    "call": N_("Which call may you NOT make?"),
    "bid": N_("Which bid may you NOT make?"),
}


def title(kind: str, ask_legal: bool) -> str:
    """The heading over a "which may you …" question, in the current language: it asks what the question asks
    (may, or may NOT)."""
    return _(TITLES[kind] if ask_legal else NOT_TITLES[kind])


# --- where a lesson's live example opens in the editor or at the Table ---------------------------------------

LinkTemplate = Mapping[str, Any] | str
"""A position (or record) with ``$example.…``/``$request``/``$seed`` placeholders (see :func:`engine.lessons.fill`)."""


@dataclass(frozen=True)
class LinkRule:
    """Where a game's editor (or Table) reads a lesson's example when the lesson does not say: examples of
    ``command`` whose request has one of the ``when`` values (field → allowed values; empty: any) are carried
    as ``template`` filled from the example's answer and request. A template whose values are not all in the
    answer does not apply (the next rule is tried)."""

    command: str
    template: LinkTemplate
    when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def applies(self, command: str, request: Mapping[str, Any]) -> bool:
        """Whether an example of ``command`` with ``request`` is carried by this rule."""
        return command == self.command and all(request.get(k) in values for k, values in self.when.items())
