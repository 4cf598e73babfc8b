"""Practice sets: endless exercises that the engine makes up for each rule of a game and judges itself.

An exercise is a frozen value made from (rule, seed, preset) alone, so the same seed always poses the same
exercise — a teacher can share a whole set — and a test can pose exactly what a learner saw::

    exercise = make_exercise("euchre:trick", seed=12)
    exercise.prompt, exercise.rows, exercise.choices     # the question: plain words, cards as cards
    feedback = exercise.judge(2)                         # a choice by its index (or its text), or cards
    feedback.right, feedback.hint, feedback.reason       # one line first; the whole reason on request

The rules (:data:`RULES`, by game with :func:`rules_for`):

- ``<game>:play`` "Which may you play?" (all four games): a seeded position from a game the bots play; the
  choices mix legal and illegal plays (or ask for the one illegal play) and every verdict with its reason is
  the contract's own ``Game.check`` — nothing here knows a rule of the game.
- ``shengji:trick`` / ``euchre:trick`` "Who wins the trick?": a trick the games' ``legal`` commands let each seat
  play from a seeded deal, judged by their ``winner`` commands.
- ``shengji:tractor`` "Is it a tractor?" (``is_tractor``) and ``shengji:levels`` "How many levels?"
  (``score`` and the level table of ``bands``).
- ``thirteen:beat`` / ``doudizhu:beat`` "What beats this?": a combination another seat could lead; the learner
  picks cards from a hand, judged by ``check``.
- ``euchre:call`` / ``doudizhu:bid`` "Which call / bid may you make?": a calling position from a game the bots
  play, the calls judged legal or illegal by ``Game.check`` (not as strategy).

Only the games' public names are used: ``engine.games.game(key)`` (the contract), their JSON commands, and the
names their packages export for calls (Euchre's ``ORDER_UP`` and ``NameTrump``, Dou Dizhu's ``BID_ACTIONS``).
No Streamlit, no store: the pages keep the learner's progress (ui/practice.py).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from engine.base import PASS
from engine.cards import Card, Rank, Suit, format_cards, parse_cards
from engine.contract import SEAT_NAMES, Game
from engine.errors import CardTableError, InvalidNotationError, InvalidRequestError, UnknownNameError
from engine.games import GAMES, game, json_commands

__all__ = [
    "MAX_SET_LENGTH",
    "MAX_SET_SEED",
    "RULES",
    "CardPick",
    "CardRow",
    "Choice",
    "Exercise",
    "Feedback",
    "PracticeError",
    "PracticeRule",
    "SetItem",
    "make_exercise",
    "practice_set",
    "rule_by_key",
    "rules_for",
]

MAX_SET_SEED: Final = 999_999
"""The largest seed of a shared practice set (short enough to read out in class)."""
MAX_SET_LENGTH: Final = 100
"""The longest practice set a link may ask for."""
_ATTEMPTS: Final = 60
"""Deals or positions tried before a generator gives up (it never needs more than a few)."""


class PracticeError(InvalidRequestError):
    """An exercise that cannot be made: an unknown rule or game, a seed out of range, or (never seen) no
    position found for the rule."""


# ------------------------------------------------------------------------------------------------ values


@dataclass(frozen=True)
class CardRow:
    """Cards to draw above the question: ``label`` ("Your hand", "The trick") and groups of cards, each with
    a small label ("Trumps", "♠", "North led")."""

    label: str
    groups: tuple[tuple[str, tuple[Card, ...]], ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, cards in self.groups for c in cards)


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
    """A card-picking answer: choose cards from ``groups``; the engine's ``command`` (``check``) judges the
    cards with ``request`` (JSON text) plus ``"play"``. ``example`` is one right answer; ``count`` how many
    distinct right answers there are."""

    label: str
    groups: tuple[tuple[str, tuple[Card, ...]], ...]
    command: str
    request: str
    example: tuple[Card, ...]
    count: int

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

    @property
    def solution(self) -> str:
        """The right answer in words."""
        if self.pick is not None:
            return _cards_words(self.pick.example)
        return " · ".join(c.text for c in self.choices if c.right)

    @property
    def right_choice(self) -> int | None:
        """The index of the right choice (None for a card-picking exercise)."""
        return next((i for i, c in enumerate(self.choices) if c.right), None)

    def judge(self, answer: int | str | Sequence[Card]) -> Feedback:
        """The engine's verdict on ``answer``; PracticeError for an answer of the wrong kind."""
        if self.pick is not None:
            if isinstance(answer, (int, str)) or not all(isinstance(c, Card) for c in answer):
                raise PracticeError("this exercise is answered with cards")
            return self._judge_cards(tuple(answer))
        if isinstance(answer, bool) or not isinstance(answer, (int, str)):
            raise PracticeError("this exercise is answered with one of its choices")
        index = answer if isinstance(answer, int) else next(
            (i for i, c in enumerate(self.choices) if c.text == answer), -1)
        if not 0 <= index < len(self.choices):
            raise PracticeError(f"there is no choice {str(answer)[:40]!r}")
        chosen = self.choices[index]
        if chosen.right:
            return Feedback(True, f"Right. {_one_line(chosen.reason)}", self._why(), chosen.text)
        if not self.per_choice_hint:
            return Feedback(False, self.hint, self._why(), chosen.text)
        verdict = {True: "That one is allowed", False: "That one is not allowed", None: "Not that one"}[chosen.legal]
        return Feedback(False, f"{verdict}: {_one_line(chosen.reason)}", self._why(), chosen.text)

    def _why(self) -> str:
        if self.explanation:
            return self.explanation
        marks = {True: "✓ allowed", False: "✗ not allowed"}
        lines = [f"{c.text} — {marks[c.legal]}: {_sentence(c.reason)}" if c.legal is not None
                 else f"{c.text}: {_sentence(c.reason)}" for c in self.choices]
        return "\n".join(lines)

    def _judge_cards(self, cards: tuple[Card, ...]) -> Feedback:
        pick = self.pick
        assert pick is not None
        words = _cards_words(cards)
        if not cards:
            return Feedback(False, "Choose at least one card.", self._pick_why(""), words)
        request = {**json.loads(pick.request), "play": format_cards(cards)}
        try:
            verdict = json_commands(self.game)[pick.command](request)
        except CardTableError as error:
            reason = str(error)
            return Feedback(False, _one_line(reason), self._pick_why(reason), words)
        reason = str(verdict.get("reason", ""))
        if verdict.get("legal"):
            return Feedback(True, f"Right. {_one_line(reason)}", _sentence(reason), words)
        return Feedback(False, _one_line(reason), self._pick_why(reason), words)

    def _pick_why(self, reason: str) -> str:
        pick = self.pick
        assert pick is not None
        others = pick.count - 1
        more = f" (and {others} other play{'s' if others != 1 else ''})" if others > 0 else ""
        lead = f"{_sentence(reason)}\n" if reason else ""
        return f"{lead}{self.explanation} One play that does: {_cards_words(pick.example)}{more}.".strip()


@dataclass(frozen=True)
class PracticeRule:
    """One kind of exercise: ``key`` is stable (``shengji:tractor``: what the store keeps), ``title`` the
    learner's name for it ("Is it a tractor?"), ``blurb`` one line on what it practises."""

    key: str
    game: str
    title: str
    blurb: str
    make: Callable[[random.Random, str], Exercise] = field(repr=False, compare=False)


@dataclass(frozen=True)
class SetItem:
    """One exercise of a fixed practice set."""

    rule: str
    seed: int


# ------------------------------------------------------------------------------------------------ words


def _cards_words(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True) if cards else "no cards"


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _one_line(text: str, limit: int = 220) -> str:
    """The first sentence of ``text``, capitalised, at most ``limit`` characters (cut at a word)."""
    first = _SENTENCE_END.split(" ".join(text.split()), maxsplit=1)[0]
    if len(first) > limit:
        first = first[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return _sentence(first)


def _drop_verdict_word(reason: str) -> str:
    """A reason without a leading "Legal:" (the choice already says whether it is allowed)."""
    return reason[len("Legal:"):].strip() if reason.startswith("Legal:") else reason


def _seat_name(letter: str) -> str:
    return SEAT_NAMES.get(letter, letter)


def _suit_words(suit: Suit) -> str:
    return f"{suit.symbol} {suit.plural}"


# ------------------------------------------------------------------------------------------------ helpers


def _game(key: str) -> Game[Any, Any, Any]:
    return game(key)


def _play_cards(g: Game[Any, Any, Any], rules: Any, action: Any) -> tuple[Card, ...] | None:
    """The cards a play of cards consists of, or None for a call, a bid, the pass, a discard or a burial (their
    text holds a word, a play's only cards). Games whose typed plays are not card tuples (Dou Dizhu's
    combinations) are read back from their notation."""
    if action is PASS:
        return None
    text = g.action_text(action).split(" as ", 1)[0]
    try:
        parsed = tuple(g.deck(rules).parse(text))
    except CardTableError:
        return None
    cards = g.action_cards(action)
    return cards if cards is not None else parsed
    cards = g.action_cards(action)
    if cards is not None:
        return cards
    text = g.action_text(action).split(" as ", 1)[0]
    try:
        return tuple(g.deck(rules).parse(text))
    except CardTableError:
        return None


def _verdict(g: Game[Any, Any, Any], state: Any, text: str) -> tuple[bool, str] | None:
    """(legal, reason) of the action ``text`` now, by the contract's ``check``; an action that cannot even be
    read as one (cards that form no combination) is illegal with the engine's message; None when ``text`` is
    no action of this moment at all."""
    try:
        action = g.parse_action(state, text)
    except InvalidNotationError:
        return None
    except CardTableError as error:
        return False, str(error)
    verdict = g.check(state, action)
    return verdict.legal, verdict.reason


_NOISE: Final = frozenset({"Rules", "Deal", "Phase"})
_PLAY_NOISE: Final = _NOISE | {"Turn order", "Levels", "Declared", "Attackers' points", "Stake", "Tricks"}


def _info_facts(info: Sequence[tuple[str, str]], skip: frozenset[str] = _NOISE) -> tuple[tuple[str, str], ...]:
    """The view's lines of information that matter for the question ("Trump", "Dealer", "To beat")."""
    return tuple((label, value) for label, value in info if label not in skip and value)


def _groups(g: Game[Any, Any, Any], state: Any, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    return tuple((label, tuple(members)) for label, members in g.hand_groups(state, cards))


def _walk(g: Game[Any, Any, Any], rules: Any, rng: random.Random, wanted: Callable[[Any], bool],
          tries: int = 8) -> list[Any]:
    """Up to a few states of one seeded game played by the bots in which ``wanted`` holds, in random order
    (the game is played once; ``wanted`` is asked of at most ``tries`` states drawn at random)."""
    seed = rng.randrange(2**31)
    state = g.new_game(rules, seed)
    bot = g.bot(rng.choice(("heuristic", "random")))
    bot_rng = random.Random(seed)
    states: list[Any] = []
    for _ in range(g.max_actions):
        if g.is_terminal(state):
            break
        states.append(state)
        state = g.apply_unchecked(state, bot.choose(state, bot_rng))
    found = []
    for state in rng.sample(states, min(tries, len(states))):
        if wanted(state):
            found.append(state)
    return found


def _pick_variant(rng: random.Random, legal: Sequence[Choice], illegal: Sequence[Choice]
                  ) -> tuple[bool, list[Choice]] | None:
    """(ask for the legal one?, the choices): one legal among up to three illegal, or one illegal among up to
    three legal; None when neither can be made."""
    options = []
    if legal and len(illegal) >= 2:
        options.append(True)
    if illegal and len(legal) >= 2:
        options.append(False)
    if not options:
        return None
    ask_legal = rng.choice(options)
    wanted, others = (legal, illegal) if ask_legal else (illegal, legal)
    chosen = [replace(rng.choice(list(wanted)), right=True)]
    chosen += [replace(c, right=False) for c in rng.sample(list(others), min(3, len(others)))]
    rng.shuffle(chosen)
    return ask_legal, chosen


# ---------------------------------------------------------------------------------- which may you play?


def _table_is_current(g: Game[Any, Any, Any], state: Any, action: Any) -> bool:
    """Whether the view's table is the trick being played (a play adds to it), not the last finished one."""
    before = [(s, tuple(c)) for s, c, _ in g.view(state, None).table]
    after = [(s, tuple(c)) for s, c, _ in g.view(g.apply_unchecked(state, action), None).table]
    return bool(before) and after[: len(before)] == before


def _illegal_candidates(hand: Sequence[Card], legal: Sequence[tuple[Card, ...]], rng: random.Random
                        ) -> list[tuple[Card, ...]]:
    """Plays worth asking about, near the legal ones first: same-rank groups and single cards of the sizes the
    legal plays have, legal plays with one card swapped, then random sets of cards of those sizes."""
    sizes = sorted({len(p) for p in legal}) or [1]
    near: list[tuple[Card, ...]] = []
    by_rank: dict[tuple[Rank, Suit | None], list[Card]] = {}
    by_rank_only: dict[Rank, list[Card]] = {}
    for card in hand:
        by_rank.setdefault((card.rank, card.suit), []).append(card)
        by_rank_only.setdefault(card.rank, []).append(card)
    for size in sizes:
        if size == 1:
            near += [(c,) for c in dict.fromkeys(hand)]
        for cards in (*by_rank.values(), *by_rank_only.values()):
            if len(cards) >= size > 1:
                near.append(tuple(cards[:size]))
    for play in rng.sample(list(legal), min(12, len(legal))):
        rest = list(hand)
        for card in play:
            rest.remove(card)
        if not rest:
            continue
        swapped = list(play)
        swapped[rng.randrange(len(swapped))] = rng.choice(rest)
        near.append(tuple(swapped))
    rng.shuffle(near)
    far = []
    for _ in range(12):
        size = rng.choice(sizes)
        if size <= len(hand):
            far.append(tuple(rng.sample(list(hand), size)))
    return near + far


def _play_exercise(key: str) -> Callable[[random.Random, str], Exercise]:
    def make(rng: random.Random, preset: str) -> Exercise:
        g = _game(key)
        rules = g.rules(preset)

        def deciding_a_play(state: Any) -> bool:
            return any(_play_cards(g, rules, a) for a in g.legal_actions(state, limit=400))

        for _ in range(_ATTEMPTS):
            for state in _walk(g, rules, rng, deciding_a_play):
                made = _play_from(g, rules, state, rng, key, preset)
                if made is not None:
                    return made
        raise PracticeError(f"no position for a {key} play exercise was found")

    return make


def _play_from(g: Game[Any, Any, Any], rules: Any, state: Any, rng: random.Random, key: str, preset: str
               ) -> Exercise | None:
    seat = g.to_act(state)
    if seat is None:
        return None
    view = g.view(state, seat)
    hand = [c for c in view.seats[seat].cards if c is not None]
    plays = [(a, cards) for a in g.legal_actions(state, limit=400) if (cards := _play_cards(g, rules, a))]
    if not plays or not hand:
        return None
    current = _table_is_current(g, state, plays[0][0])
    if not current and rng.random() < 0.8:
        return None  # mostly positions that follow a lead: that is where the rules bite
    legal_texts = {format_cards(sorted(c, key=_sort_key)) for _, c in plays}
    legal: list[Choice] = []
    for action, cards in rng.sample(plays, min(6, len(plays))):
        verdict = g.check(state, action)
        shown = _in_hand_order(cards, hand)
        legal.append(Choice(_cards_words(shown), True, _drop_verdict_word(verdict.reason), shown, legal=True))
    illegal: list[Choice] = []
    seen: set[str] = set(legal_texts)
    sizes = {len(c) for _, c in plays}
    for drawn in _illegal_candidates(hand, [c for _, c in plays], rng):
        cards = _in_hand_order(drawn, hand)
        text = format_cards(sorted(cards, key=_sort_key))
        if text in seen:
            continue
        seen.add(text)
        judged = _verdict(g, state, format_cards(cards))
        if judged is None or judged[0]:
            continue
        illegal.append(Choice(_cards_words(cards), False, judged[1], tuple(cards), legal=False))
        if len(illegal) >= 8:
            break
    # Near misses (the same number of cards as a legal play) make the exercise; a wrong count alone is too easy.
    illegal = [c for c in illegal if len(c.cards) in sizes] or []
    variant = _pick_variant(rng, legal, illegal)
    if variant is None:
        return None
    ask_legal, choices = variant
    name = _seat_name(view.seats[seat].name)
    rows: list[CardRow] = []
    if current:
        trick = tuple((_trick_label(_seat_name(view.seats[s].name), label), tuple(cards))
                      for s, cards, label in view.table if cards)
        rows.append(CardRow("On the table", trick))
        situation = "The cards on the table are shown below."
    else:
        situation = "You lead: the table is empty."
    rows.append(CardRow("Your hand", _groups(g, state, hand)))
    question = "Which one of these may you play?" if ask_legal else "Which one of these may you NOT play?"
    return Exercise(
        game=key, rule=f"{key}:play", seed=0, preset=preset, title=_title("play", ask_legal),
        prompt=f"You are {name}. {situation} {question}",
        facts=_info_facts(view.info, _PLAY_NOISE), rows=tuple(rows), choices=tuple(choices),
    )


def _extra_rows(extra: Sequence[tuple[str, Sequence[Card | None]]]) -> tuple[CardRow, ...]:
    """The view's other face-up card rows (the upcard, a kitty shown to all)."""
    return tuple(CardRow(label, (("", tuple(c for c in cards if c is not None)),))
                 for label, cards in extra if cards and all(c is not None for c in cards))


def _in_hand_order(cards: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in the order the hand shows them."""
    place = {card: i for i, card in reversed(list(enumerate(hand)))}
    return tuple(sorted(cards, key=lambda c: place.get(c, len(hand))))


def _trick_label(seat: str, label: str) -> str:
    return f"{seat} ({label})" if label else seat


def _sort_key(card: Card) -> tuple[int, str]:
    return (int(card.rank), card.suit.value if card.suit is not None else "")


# ------------------------------------------------------------------------------------ which call / bid?


def _call_texts(key: str) -> tuple[str, ...]:
    """The calls a learner may be asked about, in the game's own action notation."""
    g = _game(key)
    if key == "euchre":
        from engine.euchre import ORDER_UP, NameTrump

        return (g.action_text(PASS), g.action_text(ORDER_UP), *(g.action_text(NameTrump(s)) for s in Suit))
    if key == "doudizhu":
        from engine.doudizhu import BID_ACTIONS

        return (g.action_text(PASS), *(g.action_text(b) for b in BID_ACTIONS.values()))
    raise PracticeError(f"{key} has no calling exercise")


def _call_words(text: str) -> str:
    """A call in words: ``name H`` → "name ♥ hearts", ``bid 2`` → "bid 2"."""
    verb, _, rest = text.partition(" ")
    if verb == "name" and rest:
        try:
            return f"name {_suit_words(Suit.parse(rest))} as trump"
        except CardTableError:
            return text
    return text


def _call_exercise(key: str, noun: str) -> Callable[[random.Random, str], Exercise]:
    def make(rng: random.Random, preset: str) -> Exercise:
        g = _game(key)
        rules = g.rules(preset)
        texts = _call_texts(key)

        def calling(state: Any) -> bool:
            said = [g.action_text(a) for a in g.legal_actions(state, limit=50)]
            return any(t != texts[0] for t in said) and all(t in texts for t in said)

        for _ in range(_ATTEMPTS):
            for state in _walk(g, rules, rng, calling, tries=30):
                made = _call_from(g, state, rng, key, preset, texts, noun)
                if made is not None:
                    return made
        raise PracticeError(f"no calling position for {key} was found")

    return make


def _call_from(g: Game[Any, Any, Any], state: Any, rng: random.Random, key: str, preset: str,
               texts: Sequence[str], noun: str) -> Exercise | None:
    seat = g.to_act(state)
    if seat is None:
        return None
    legal: list[Choice] = []
    illegal: list[Choice] = []
    for text in texts:
        judged = _verdict(g, state, text)
        if judged is None:
            continue
        (legal if judged[0] else illegal).append(Choice(_call_words(text), judged[0], judged[1], legal=judged[0]))
    variant = _pick_variant(rng, legal, illegal)
    if variant is None:
        return None
    ask_legal, choices = variant
    view = g.view(state, seat)
    hand = [c for c in view.seats[seat].cards if c is not None]
    rows = [CardRow("Your hand", _groups(g, state, hand)), *_extra_rows(view.extra)]
    question = (f"Which one of these {noun}s may you make now?" if ask_legal
                else f"Which one of these {noun}s may you NOT make now?")
    return Exercise(
        game=key, rule=f"{key}:{noun}", seed=0, preset=preset, title=_title(noun, ask_legal),
        prompt=f"You are {_seat_name(view.seats[seat].name)}. {question}",
        facts=_info_facts(view.info) + ((("Now", view.phase),) if view.phase else ()),
        rows=tuple(rows), choices=tuple(choices),
    )


# ------------------------------------------------------------------------------------ who wins the trick?


def _trick_exercise(key: str) -> Callable[[random.Random, str], Exercise]:
    def make(rng: random.Random, preset: str) -> Exercise:
        for _ in range(_ATTEMPTS):
            made = (_shengji_trick if key == "shengji" else _euchre_trick)(rng, preset)
            if made is not None:
                return made
        raise PracticeError(f"no trick for {key} was found")

    return make


def _random_play(plays: Sequence[Mapping[str, Any]], rng: random.Random) -> str:
    return str(rng.choice(list(plays))["cards"])


def _trick_choices(order: Sequence[str], plays: Sequence[str], winner: str, reason: str
                   ) -> tuple[tuple[Choice, ...], CardRow]:
    choices = tuple(Choice(_seat_name(s), s == winner, reason if s == winner else "") for s in order)
    groups = tuple((f"{_seat_name(s)}{' (led)' if i == 0 else ''}", parse_cards(p)) for i, (s, p)
                   in enumerate(zip(order, plays, strict=True)))
    return choices, CardRow("The trick, in the order played", groups)


def _euchre_trick(rng: random.Random, preset: str) -> Exercise | None:
    c = json_commands("euchre")
    base = {"preset": preset}
    deal = c["deal"]({**base, "seed": rng.randrange(2**31)})
    hands: Mapping[str, str] = deal["hands"]
    g = _game("euchre")
    letters = list(g.seat_letters(g.rules(preset)))
    trump = rng.choice(list(Suit))
    start = rng.randrange(len(letters))
    order = letters[start:] + letters[:start]
    table: list[str] = []
    for seat in order:
        legal = c["legal"]({**base, "trump": trump.value, "hand": hands[seat], "table": " ".join(table)})
        table.append(_random_play(legal["plays"], rng))
    answer = c["winner"]({**base, "trump": trump.value, "table": " ".join(table), "leader": order[0]})
    winner = str(answer["winner"])
    bowers = c["trumps"]({**base, "trump": trump.value})
    choices, row = _trick_choices(order, table, winner, str(answer["reason"]))
    right, left = (parse_cards(str(bowers[k]))[0].symbol_text for k in ("right_bower", "left_bower"))
    hint = (f"Trumps win over every other suit; {right} is the highest trump and {left} (the left bower) counts as "
            f"a {trump.plural[:-1]}. With no trump in the trick, the highest card of the suit led wins.")
    return Exercise(
        game="euchre", rule="euchre:trick", seed=0, preset=preset, title=_TITLES["trick"],
        prompt=f"{_seat_name(order[0])} led. Who wins this trick?",
        facts=(("Trump", _suit_words(trump)),), rows=(row,), choices=choices, hint=hint,
        explanation=_sentence(str(answer["reason"])), per_choice_hint=False,
    )


_SHENGJI_RANKS: Final = tuple(r for r in Rank if not r.is_joker)


def _shengji_trick(rng: random.Random, preset: str) -> Exercise | None:
    c = json_commands("shengji")
    g = _game("shengji")
    rank = rng.choice(_SHENGJI_RANKS)
    suit = None if rng.random() < 0.15 else rng.choice(list(Suit))
    base: dict[str, Any] = {"preset": preset, "trump_rank": rank.text, "trump_suit": suit.value if suit else "none"}
    deal = c["deal"]({"preset": preset, "seed": rng.randrange(2**31)})
    hands: Mapping[str, str] = deal["hands"]
    letters = list(g.seat_letters(g.rules(preset)))
    start = rng.randrange(len(letters))
    order = letters[start:] + letters[:start]
    leads = c["legal"]({**base, "hand": hands[order[0]], "table": "", "limit": 400})["plays"]
    units = [p for p in leads if "throw" not in str(p.get("what", ""))]
    shaped = [p for p in units if len(parse_cards(str(p["cards"]))) > 1]
    lead = _random_play(shaped if shaped and rng.random() < 0.5 else units, rng)
    plays = [lead]
    for seat in order[1:]:
        follow = c["legal"]({**base, "hand": hands[seat], "table": lead, "limit": 300})["plays"]
        plays.append(_random_play(follow, rng))
    answer = c["winner"]({**base, "plays": plays, "leader": order[0]})
    winner = str(answer["seat"])
    roles = [str(r) for r in answer.get("roles") or ()]
    reason = _sentence(str(answer["reason"]))
    if roles:
        reason += " " + " ".join(_sentence(f"{_seat_name(s)} {r}") for s, r in zip(order, roles, strict=False))
    choices, row = _trick_choices(order, plays, winner, str(answer["reason"]))
    trump_words = (f"the jokers, the {rank.text}s and every {suit.plural[:-1]}" if suit
                   else f"only the jokers and the {rank.text}s")
    hint = (f"Only a play in the shape that was led can win. Trumps — {trump_words} — beat the suit led; "
            "otherwise the highest play in the led suit wins, and of equal plays the first stays ahead.")
    facts = (("Trump rank", rank.text), ("Trump suit", _suit_words(suit) if suit else "none (no trump)"))
    return Exercise(
        game="shengji", rule="shengji:trick", seed=0, preset=preset, title=_TITLES["trick"],
        prompt=f"{_seat_name(order[0])} led. Who wins this trick?",
        facts=facts, rows=(row,), choices=choices, hint=hint, explanation=reason, per_choice_hint=False,
    )


# -------------------------------------------------------------------------------------- is it a tractor?


def _tractor_exercise(rng: random.Random, preset: str) -> Exercise:
    c = json_commands("shengji")
    want = rng.random() < 0.5
    for _ in range(_ATTEMPTS * 4):
        rank = rng.choice(_SHENGJI_RANKS)
        suit = None if rng.random() < 0.15 else rng.choice(list(Suit))
        cards = _tractor_candidate(rng, rank, suit)
        if cards is None:
            continue
        request = {"preset": preset, "trump_rank": rank.text, "trump_suit": suit.value if suit else "none",
                   "cards": format_cards(cards)}
        try:
            answer = c["is_tractor"](request)
        except CardTableError:
            continue
        if bool(answer["tractor"]) != want:
            continue
        reason = str(answer["reason"])
        choices = (Choice("Yes", want, reason), Choice("No", not want, reason))
        suit_words = _suit_words(suit) if suit else "none (no trump)"
        hint = (f"A tractor is two or more pairs next to each other in the order of one suit, or all in trumps. "
                f"The {rank.text}s are trumps here: they leave their suits, so the ranks on either side of "
                f"{rank.text} become neighbours.")
        return Exercise(
            game="shengji", rule="shengji:tractor", seed=0, preset=preset, title=_TITLES["tractor"],
            prompt="Is this play a tractor?",
            facts=(("Trump rank", rank.text), ("Trump suit", suit_words)),
            rows=(CardRow("The play", (("", cards),)),), choices=choices, hint=hint,
            explanation=_sentence(reason), per_choice_hint=False,
        )
    raise PracticeError("no tractor question was found")


def _tractor_candidate(rng: random.Random, rank: Rank, suit: Suit | None) -> tuple[Card, ...] | None:
    """Two or three pairs made to be near a tractor: neighbours in a suit, across the trump rank's gap, across
    suits, the trump-rank cards and the jokers."""
    kind = rng.randrange(7)
    pairs = 3 if rng.random() < 0.15 else 2
    side = rng.choice([s for s in Suit if s is not suit])
    ranks = [r for r in _SHENGJI_RANKS]

    def pair(card: Card) -> list[Card]:
        return [card, card]

    if kind <= 2:  # neighbours (or near) in one suit, the trump suit sometimes
        where = suit if (kind == 2 and suit is not None) else side
        start = rng.randrange(len(ranks) - pairs - 1)
        step = rng.choice((1, 1, 2))
        chosen = [ranks[min(start + i * step, len(ranks) - 1)] for i in range(pairs)]
        if len(set(chosen)) < pairs:
            return None
        return tuple(c for r in chosen for c in pair(Card(r, where)))
    if kind == 3:  # across the trump rank's gap
        i = ranks.index(rank)
        if not 0 < i < len(ranks) - 1:
            return None
        below, above = ranks[i - 1], ranks[i + 1]
        return tuple(pair(Card(below, side)) + pair(Card(above, side)))
    if kind == 4:  # the same ranks in two suits
        other = rng.choice([s for s in Suit if s is not side])
        r = rng.choice(ranks[:-1])
        nxt = ranks[ranks.index(r) + 1]
        return tuple(pair(Card(r, side)) + pair(Card(nxt, other)))
    if kind == 5:  # trump-rank cards: off-suit with the trump suit's, or two off-suit ones
        offs = [s for s in Suit if s is not suit]
        first = rng.choice(offs)
        second = suit if (suit is not None and rng.random() < 0.6) else rng.choice([s for s in offs if s is not first])
        return tuple(pair(Card(rank, first)) + pair(Card(rank, second)))
    # the jokers, or the trump suit's ace with an off-suit trump-rank pair
    if rng.random() < 0.5:
        small, big = parse_cards("BJ")[0], parse_cards("RJ")[0]
        if rng.random() < 0.5 or suit is None:
            return tuple(pair(small) + pair(big))
        return tuple(pair(Card(rank, suit)) + pair(small))
    if suit is None:
        return None
    top = Rank.ACE if rank is not Rank.ACE else Rank.KING
    return tuple(pair(Card(top, suit)) + pair(Card(rank, rng.choice([s for s in Suit if s is not suit]))))


# -------------------------------------------------------------------------------------- how many levels?


def _levels_exercise(rng: random.Random, preset: str) -> Exercise:
    c = json_commands("shengji")
    bands = c["bands"]({"preset": preset})
    threshold, width = int(bands["threshold"]), int(bands["band"])
    total = int(c["rules"]({"preset": preset})["total_points"])
    outcomes = [(bool(b["bankers_keep"]), int(b["levels"]), str(b["text"])) for b in bands["bands"]]
    for _ in range(_ATTEMPTS):
        centre = threshold + rng.choice((-2, -1, -1, 0, 0, 1, 1, 2)) * width
        points = 0 if rng.random() < 0.08 else max(0, min(total, 5 * round(rng.gauss(centre, width / 2) / 5)))
        kitty = rng.choice((0, 5, 10, 10, 15, 20, 25, 30))
        won_last = rng.random() < 0.4 and kitty > 0
        last_cards = rng.choice((1, 1, 2, 2, 4)) if won_last else 1
        answer = c["score"]({"preset": preset, "attacker_points": points, "kitty_points": kitty,
                             "last_trick_cards": last_cards, "attackers_won_last": won_last})
        result = (bool(answer["bankers_keep"]), int(answer["levels_up"]))
        if any((keep, levels) == result for keep, levels, _ in outcomes):
            break  # a result the level table shows (not a score far beyond it)
    else:
        raise PracticeError("no score inside the level table was found")
    choices: list[Choice] = []
    for keep, levels, text in outcomes:
        words = _levels_words(keep, levels)
        if all(ch.text != words for ch in choices):
            choices.append(Choice(words, (keep, levels) == result, text))
    shape = {1: "a single card", 2: "a pair", 4: "a tractor of two pairs"}.get(last_cards, f"{last_cards} cards")
    last = (f"The attackers won the last trick with {shape}." if won_last
            else "The bankers won the last trick.")
    held = f"{kitty} points" if kitty else "no points"
    prompt = (f"The attackers took {points} points in tricks. The kitty holds {held}. {last} "
              "What happens to the levels?")
    kitty_hint = (f"the kitty counts ×{int(answer['kitty_multiplier'])} because the attackers won the last trick"
                  if won_last else "the kitty counts only when the attackers win the last trick")
    hint = (f"Add up the attackers' points first ({kitty_hint}). Then: {threshold} takes the bank, and every "
            f"{width} points more or less is one level.")
    return Exercise(
        game="shengji", rule="shengji:levels", seed=0, preset=preset, title=_TITLES["levels"],
        prompt=prompt, facts=(("Attackers need", str(threshold)), ("One level is", f"{width} points")),
        choices=tuple(choices), hint=hint, explanation=_sentence(str(answer["reason"])), per_choice_hint=False,
    )


def _levels_words(keep: bool, levels: int) -> str:
    plural = "level" if levels == 1 else "levels"
    if keep:
        return f"The bankers go up {levels} {plural}"
    if levels == 0:
        return "The attackers take the bank, no level change"
    return f"The attackers take the bank and go up {levels} {plural}"


# -------------------------------------------------------------------------------------- what beats this?


def _beat_exercise(key: str) -> Callable[[random.Random, str], Exercise]:
    def make(rng: random.Random, preset: str) -> Exercise:
        for _ in range(_ATTEMPTS):
            made = _beat_from(key, rng, preset)
            if made is not None:
                return made
        raise PracticeError(f"no combination to beat for {key} was found")

    return make


def _beat_from(key: str, rng: random.Random, preset: str) -> Exercise | None:
    c = json_commands(key)
    g = _game(key)
    rules = g.rules(preset)
    deal = c["deal"]({"preset": preset, "seed": rng.randrange(2**31)})
    hands: Mapping[str, str] = deal["hands"]
    letters = list(g.seat_letters(rules))
    me, them = rng.sample(letters, 2)
    leads = c["legal"]({"preset": preset, "hand": hands[them], "table": "", "limit": 600})["plays"]
    small = [p for p in leads if len(_parse(g, rules, str(p["cards"]))) <= 6]
    if not small:
        return None
    lead = _random_play(small, rng)
    request = {"preset": preset, "hand": hands[me], "table": lead}
    answer = c["legal"]({**request, "limit": 600})
    beating = [p for p in answer["plays"] if str(p["cards"]).strip()]
    if not beating or len(beating) > 12:
        return None  # none beats it, or nearly anything does
    example = _parse(g, rules, _random_play(beating, rng))
    hand = _parse(g, rules, hands[me])
    lead_cards = _parse(g, rules, lead)
    described = _describe(c, preset, lead, answer)
    rows = (CardRow("On the table", ((f"{_seat_name(them)} played", lead_cards),)),)
    groups = tuple((label, tuple(cs)) for label, cs in _suit_groups(hand))
    pick = CardPick("Your hand", groups, "check", json.dumps(request, sort_keys=True), example, len(beating))
    hint = ("Beat it with the same kind of combination, higher"
            + (", or with a bomb" if key == "doudizhu" else "; a bomb can chop a 2") + ".")
    return Exercise(
        game=key, rule=f"{key}:beat", seed=0, preset=preset, title=_TITLES["beat"],
        prompt=f"{_seat_name(them)} played {described}. Choose cards from your hand that beat it.",
        rows=rows, pick=pick, hint=hint,
        explanation=f"To beat {described} you need {_need(key)}.",
    )


def _need(key: str) -> str:
    if key == "doudizhu":
        return "the same combination with more power (the same length), a bomb, or the rocket"
    return "the same combination with a higher top card (rank first, then suit), or a bomb on a 2"


def _parse(g: Game[Any, Any, Any], rules: Any, text: str) -> tuple[Card, ...]:
    return tuple(g.deck(rules).parse(text)) if text.strip() else ()


def _describe(c: Mapping[str, Any], preset: str, lead: str, answer: Mapping[str, Any]) -> str:
    table = answer.get("table")
    if isinstance(table, Mapping):
        for name in ("name", "description"):
            if table.get(name):
                return str(table[name])
    try:
        classified = c["classify"]({"preset": preset, "cards": lead})
    except (CardTableError, KeyError):
        classified = {}
    for name in ("description", "name", "label"):
        if classified.get(name):
            return str(classified[name])
    return lead


def _suit_groups(cards: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    groups: dict[str, list[Card]] = {}
    for card in cards:
        label = "Jokers" if card.is_joker else (card.suit.symbol if card.suit is not None else "")
        groups.setdefault(label, []).append(card)
    return list(groups.items())


# ------------------------------------------------------------------------------------------------ rules


_TITLES: Final[Mapping[str, str]] = {
    "play": "Which may you play?",
    "trick": "Who wins the trick?",
    "tractor": "Is it a tractor?",
    "levels": "How many levels?",
    "beat": "What beats this?",
    "call": "Which call may you make?",
    "bid": "Which bid may you make?",
}

_NOT_TITLES: Final[Mapping[str, str]] = {
    "play": "Which may you NOT play?",
    "call": "Which call may you NOT make?",
    "bid": "Which bid may you NOT make?",
}


def _title(kind: str, ask_legal: bool) -> str:
    """The heading over a "which may you …" question: it asks what the question asks (may, or may NOT)."""
    return _TITLES[kind] if ask_legal else _NOT_TITLES[kind]


def _rules() -> tuple[PracticeRule, ...]:
    out: list[PracticeRule] = []

    def add(key: str, kind: str, blurb: str, make: Callable[[random.Random, str], Exercise]) -> None:
        out.append(PracticeRule(f"{key}:{kind}", key, _TITLES[kind], blurb, make))

    add("shengji", "play", "following the lead: what you must play from the hand you hold", _play_exercise("shengji"))
    add("shengji", "trick", "which play takes the trick: shape, trumps and the led suit", _trick_exercise("shengji"))
    add("shengji", "tractor", "pairs next to each other, and the gap the trump rank leaves", _tractor_exercise)
    add("shengji", "levels", "from the attackers' points to the level change", _levels_exercise)
    add("thirteen", "play", "what you may play on the table, or lead", _play_exercise("thirteen"))
    add("thirteen", "beat", "the same combination, higher, or a bomb on a 2", _beat_exercise("thirteen"))
    add("euchre", "play", "following suit, and the left bower's suit", _play_exercise("euchre"))
    add("euchre", "trick", "trumps, bowers and the suit led", _trick_exercise("euchre"))
    add("euchre", "call", "ordering up, passing and naming trump in the two rounds", _call_exercise("euchre", "call"))
    add("doudizhu", "play", "what you may play on the table, or lead", _play_exercise("doudizhu"))
    add("doudizhu", "beat", "the same combination with more power, bombs and the rocket", _beat_exercise("doudizhu"))
    add("doudizhu", "bid", "the auction: each bid higher than the last", _call_exercise("doudizhu", "bid"))
    return tuple(out)


RULES: Final[tuple[PracticeRule, ...]] = _rules()
"""Every practice rule of every game."""


def rules_for(game_key: str) -> tuple[PracticeRule, ...]:
    """The practice rules of ``game_key`` (UnknownNameError for a game that does not exist)."""
    if game_key not in GAMES:
        raise UnknownNameError("game", game_key, GAMES)
    return tuple(r for r in RULES if r.game == game_key)


def rule_by_key(key: str) -> PracticeRule:
    """The rule ``key`` (``euchre:trick``); UnknownNameError listing the known ones."""
    for r in RULES:
        if r.key == key:
            return r
    raise UnknownNameError("practice rule", key, [r.key for r in RULES])


def _check_seed(seed: object, what: str = "seed") -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SET_SEED:
        raise PracticeError(f"the {what} is a whole number from 0 to {MAX_SET_SEED:,}")
    return seed


@lru_cache(maxsize=2048)
def _made(key: str, seed: int, preset: str) -> Exercise:
    rule = rule_by_key(key)
    rng = random.Random(f"{key}:{seed}:{preset}")
    made = rule.make(rng, preset)
    return _with_seed(made, seed)


def _with_seed(exercise: Exercise, seed: int) -> Exercise:
    return replace(exercise, seed=seed)


def make_exercise(rule: str, seed: int, preset: str | None = None) -> Exercise:
    """The exercise of practice rule ``rule`` for ``seed`` (0 … :data:`MAX_SET_SEED`) under the game's
    ``preset`` (its default when None): always the same for the same arguments."""
    found = rule_by_key(rule)
    g = _game(found.game)
    name = preset if preset is not None else g.default_preset
    if name not in g.presets:
        raise UnknownNameError("preset", name, g.presets)
    return _made(rule, _check_seed(seed), name)


def practice_set(game_key: str, seed: int, length: int) -> tuple[SetItem, ...]:
    """A fixed practice set: ``length`` exercises of ``game_key`` from the set's ``seed``, the same for every
    learner, in order. Every rule comes once per round (in a seeded order), each exercise with its own seed."""
    rules = [r.key for r in rules_for(game_key)]
    _check_seed(seed, "set's number")
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_SET_LENGTH:
        raise PracticeError(f"a practice set has 1 to {MAX_SET_LENGTH} exercises")
    rng = random.Random(f"set:{game_key}:{seed}")
    order: list[str] = []
    while len(order) < length:
        round_ = rules[:]
        rng.shuffle(round_)
        if order and round_[0] == order[-1] and len(round_) > 1:
            round_[0], round_[1] = round_[1], round_[0]
        order += round_
    seeds = random.Random(f"set-seeds:{game_key}:{seed}")  # apart, so that a shorter set starts the longer one
    return tuple(SetItem(rule, seeds.randrange(MAX_SET_SEED + 1)) for rule in itertools.islice(order, length))
