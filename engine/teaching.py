"""The shared pieces of practice exercises, below the games: the generators that need nothing but the contract
(:class:`Game`). The values an exercise is made of, their words and the titles of the kinds of question are in
:mod:`engine.exercises`, re-exported here.

Each game's ``teach`` module (``engine/<game>/teach.py``) builds its practice rules from these and exposes them
through :meth:`engine.contract.Game.practice_rules`; :mod:`engine.practice` gathers them from the registry, makes
exercises from (rule, seed, preset) and sets. Nothing here names a game.

- :func:`play_exercise` "Which may you play?": a seeded position from a game the bots play; the choices mix legal
  and illegal plays (or ask for the one illegal play) and every verdict with its reason is the contract's own
  ``Game.check``.
- :func:`call_exercise` "Which call / bid may you make?": a calling position, the calls (given by the game in its
  own notation) judged legal or illegal by ``Game.check`` (not as strategy).
- :func:`beat_exercise` "What beats this?" for a climbing game: the learner picks cards from a hand; the game
  gives its deal, legal plays, names and check as typed calls (:class:`Climbing`), and a card pick is judged by
  the game's own check (:attr:`CardPick.check`).
- :func:`trick_choices`, :func:`suit_groups`, :func:`random_pick`: pieces the games' own generators share.

Every word an exercise shows is written in the current language (:func:`engine.i18n.use_language`) when the
exercise is made or judged. A :class:`PracticeRule`'s ``title`` and ``blurb`` are catalog messages (marked where
they are defined), translated where they are shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, TypeVar

from engine.base import PASS, Verdict
from engine.cards import Card, Rank, Suit, format_cards
from engine.contract import SomeGame
from engine.errors import CardTableError, InvalidNotationError
from engine.exercises import (
    NOT_TITLES,
    TITLES,
    CardPick,
    CardRow,
    Choice,
    Exercise,
    Feedback,
    LinkRule,
    LinkTemplate,
    Make,
    PracticeError,
    PracticeRule,
    cards_words,
    one_line,
    practice_rule,
    seat_name,
    sentence,
    suit_words,
    title,
)
from engine.i18n import N_, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number

__all__ = [
    "LinkRule",
    "LinkTemplate",
    "ATTEMPTS",
    "NOT_TITLES",
    "TITLES",
    "CardPick",
    "CardRow",
    "Climbing",
    "Choice",
    "Exercise",
    "Feedback",
    "Make",
    "PracticeError",
    "PracticeRule",
    "beat_exercise",
    "call_exercise",
    "call_question",
    "call_words",
    "cards_words",
    "one_line",
    "play_exercise",
    "practice_rule",
    "seat_position",
    "SeatPosition",
    "random_pick",
    "retried",
    "seat_name",
    "sentence",
    "suit_groups",
    "suit_words",
    "title",
    "trick_choices",
]

_T = TypeVar("_T")

ATTEMPTS: Final = 60
"""Deals or positions tried before a generator gives up (it never needs more than a few)."""


# ------------------------------------------------------------------------------------------------ helpers


def _drop_verdict_word(reason: str) -> str:
    """A reason without a leading "Legal:" (the choice already says whether it is allowed)."""
    return reason[len("Legal:"):].strip() if reason.startswith("Legal:") else reason


def _play_cards(g: SomeGame, rules: Any, action: Any) -> tuple[Card, ...] | None:
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


def _verdict(g: SomeGame, state: Any, text: str) -> tuple[bool, str] | None:
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
    """The view's lines of information that matter for the question ("Trump", "Dealer", "To beat"); the labels
    skipped are known in English and in the current language."""
    skipped = skip | {_(label) for label in skip}
    return tuple((label, value) for label, value in info if label not in skipped and value)


def _groups(g: SomeGame, state: Any, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    return tuple((label, tuple(members)) for label, members in g.hand_groups(state, cards))


def _walk(g: SomeGame, rules: Any, rng: random.Random, wanted: Callable[[Any], bool],
          tries: int = 8) -> list[Any]:
    """Up to a few states of one seeded game played by the bots in which ``wanted`` holds, in random order
    (the game is played once; ``wanted`` is asked of at most ``tries`` states drawn at random)."""
    seed = rng.randrange(2**31)
    state = g.new_game(rules, seed)
    bot = g.bot(rng.choice(("heuristic", "random")))
    bot_rng = random.Random(seed)
    states: list[Any] = []
    for _try in range(g.max_actions):
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


def _table_is_current(g: SomeGame, state: Any, action: Any) -> bool:
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
    for _try in range(12):
        size = rng.choice(sizes)
        if size <= len(hand):
            far.append(tuple(rng.sample(list(hand), size)))
    return near + far


def play_exercise(g: SomeGame) -> Make:
    """"Which may you play?" for game ``g``: every verdict and reason is its own ``check``."""
    key = g.key

    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)

        def deciding_a_play(state: Any) -> bool:
            return any(_play_cards(g, rules, a) for a in g.legal_actions(state, limit=400))

        for _try in range(ATTEMPTS):
            for state in _walk(g, rules, rng, deciding_a_play):
                made = _play_from(g, rules, state, rng, key, preset)
                if made is not None:
                    return made
        raise PracticeError(_("no position for a {game} play exercise was found").format(game=key))

    return make


def _play_from(g: SomeGame, rules: Any, state: Any, rng: random.Random, key: str, preset: str
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
        legal.append(Choice(cards_words(shown), True, _drop_verdict_word(verdict.reason), shown, legal=True))
    illegal: list[Choice] = []
    seen: set[str] = set(legal_texts)
    sizes = {len(c) for _, c in plays}
    for drawn in _illegal_candidates(hand, [c for _action, c in plays], rng):
        cards = _in_hand_order(drawn, hand)
        text = format_cards(sorted(cards, key=_sort_key))
        if text in seen:
            continue
        seen.add(text)
        judged = _verdict(g, state, format_cards(cards))
        if judged is None or judged[0]:
            continue
        illegal.append(Choice(cards_words(cards), False, judged[1], tuple(cards), legal=False))
        if len(illegal) >= 8:
            break
    # Near misses (the same number of cards as a legal play) make the exercise; a wrong count alone is too easy.
    illegal = [c for c in illegal if len(c.cards) in sizes] or []
    variant = _pick_variant(rng, legal, illegal)
    if variant is None:
        return None
    ask_legal, choices = variant
    where = seat_position(g, state, seat, current)
    question = _("Which one of these may you play?") if ask_legal else _("Which one of these may you NOT play?")
    return Exercise(
        game=key, rule=f"{key}:play", seed=0, preset=preset, title=title("play", ask_legal),
        prompt=f"{where.situation} {question}", facts=where.facts, rows=where.rows, choices=tuple(choices),
    )


@dataclass(frozen=True)
class SeatPosition:
    """What a seat sees of a position, for a question: who you are and whether you lead (``situation``, one or two
    sentences), the view's lines that matter (``facts``) and the cards to draw (``rows``)."""

    situation: str
    facts: tuple[tuple[str, str], ...]
    rows: tuple[CardRow, ...]


def seat_position(g: SomeGame, state: Any, seat: int, current: bool | None = None) -> SeatPosition:
    """What ``seat`` (the seat to act) sees in ``state``: the trick on the table when it is the one being played
    (``current``; None: asked of the game with the seat's first legal action), its hand, and — while it calls,
    bids or discards rather than plays — the phase and any other face-up cards (an upcard)."""
    view = g.view(state, seat)
    hand = [c for c in view.seats[seat].cards if c is not None]
    calling = False
    if current is None:
        first = next(iter(g.legal_actions(state, limit=1)), None)
        calling = first is None or _play_cards(g, g.rules_of(state), first) is None
        current = not calling and first is not None and _table_is_current(g, state, first)
    rows: list[CardRow] = []
    if current:
        trick = tuple((_trick_label(seat_name(view.seats[s].name), label), tuple(cards))
                      for s, cards, label in view.table if cards)
        rows.append(CardRow(_("On the table"), trick))
        situation = _("The cards on the table are shown below.")
    elif calling:
        situation = _("Your decision now: {phase}.").format(phase=view.phase) if view.phase else ""
    else:
        situation = _("You lead: the table is empty.")
    rows.append(CardRow(_("Your hand"), _groups(g, state, hand)))
    if calling:
        rows += _extra_rows(view.extra)
    you = _("You are {seat}.").format(seat=seat_name(view.seats[seat].name))
    return SeatPosition(f"{you} {situation}".strip(),
                        _info_facts(view.info, _PLAY_NOISE), tuple(r for r in rows if r.cards))


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




def call_words(text: str) -> str:
    """A call in words: ``name H`` → "name ♥ hearts as trump", ``bid 2`` → "bid 2" (in the current language)."""
    verb, _sep, rest = text.partition(" ")
    if verb == "name" and rest:
        try:
            return _("name {suit} as trump").format(suit=suit_words(Suit.parse(rest)))
        except CardTableError:
            return text
    if verb == "bid" and rest.isdigit():
        return _("bid {amount}").format(amount=local_number(int(rest)))
    if text == "pass":
        return pgettext("a call", "pass")
    if text == "order up":
        return pgettext("a call", "order up")
    return text


_CALL_QUESTIONS: Final[Mapping[str, tuple[str, str]]] = {
    "call": (N_("Which one of these calls may you make now?"), N_("Which one of these calls may you NOT make now?")),
    "bid": (N_("Which one of these bids may you make now?"), N_("Which one of these bids may you NOT make now?")),
}
"""The question of a calling exercise by its noun (one of :data:`TITLES`' kinds), asking for a legal call or not."""


def call_exercise(g: SomeGame, noun: str, texts: Sequence[str]) -> Make:
    """"Which call (``noun``) may you make?" for game ``g``: ``texts`` are the calls a learner may be asked
    about in the game's own action notation, the pass first; every verdict is the game's own ``check``."""
    key = g.key

    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)

        def calling(state: Any) -> bool:
            said = [g.action_text(a) for a in g.legal_actions(state, limit=50)]
            return any(t != texts[0] for t in said) and all(t in texts for t in said)

        for _try in range(ATTEMPTS):
            for state in _walk(g, rules, rng, calling, tries=30):
                made = _call_from(g, state, rng, key, preset, texts, noun)
                if made is not None:
                    return made
        raise PracticeError(_("no calling position for {game} was found").format(game=key))

    return make


def call_question(g: SomeGame, state: Any, rng: random.Random, preset: str, texts: Sequence[str],
                  noun: str) -> Exercise | None:
    """"Which call (``noun``) may you make?" in the calling position ``state`` (a game's own drill poses it), or
    None when the calls of ``texts`` cannot make a question there (every verdict is ``Game.check``)."""
    return _call_from(g, state, rng, g.key, preset, texts, noun)


def _call_from(g: SomeGame, state: Any, rng: random.Random, key: str, preset: str,
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
        (legal if judged[0] else illegal).append(Choice(call_words(text), judged[0], judged[1], legal=judged[0]))
    variant = _pick_variant(rng, legal, illegal)
    if variant is None:
        return None
    ask_legal, choices = variant
    view = g.view(state, seat)
    hand = [c for c in view.seats[seat].cards if c is not None]
    rows = [CardRow(_("Your hand"), _groups(g, state, hand)), *_extra_rows(view.extra)]
    question = _(_CALL_QUESTIONS[noun][0] if ask_legal else _CALL_QUESTIONS[noun][1])
    you = _("You are {seat}.").format(seat=seat_name(view.seats[seat].name))
    return Exercise(
        game=key, rule=f"{key}:{noun}", seed=0, preset=preset, title=title(noun, ask_legal),
        prompt=f"{you} {question}",
        facts=_info_facts(view.info) + (((_("Now"), view.phase),) if view.phase else ()),
        rows=tuple(rows), choices=tuple(choices),
    )


# ------------------------------------------------------------------------------------ shared pieces


def retried(attempt: Callable[[random.Random, str], Exercise | None], what: str) -> Make:
    """A generator that tries ``attempt`` (an exercise, or None when this draw makes none) up to
    :data:`ATTEMPTS` times; PracticeError naming ``what`` was not found (never seen)."""

    def make(rng: random.Random, preset: str) -> Exercise:
        for _try in range(ATTEMPTS):
            made = attempt(rng, preset)
            if made is not None:
                return made
        raise PracticeError(_("no {what} was found").format(what=what))

    return make


def random_pick(plays: Sequence[_T], rng: random.Random) -> _T:
    """One of ``plays``, drawn by ``rng``."""
    return rng.choice(list(plays))


def trick_choices(order: Sequence[str], plays: Sequence[Sequence[Card]], winner: str, reason: str
                  ) -> tuple[tuple[Choice, ...], CardRow]:
    """"Who wins the trick?": a choice per seat (in the order played) and the trick as a row of cards."""
    choices = tuple(Choice(seat_name(s), s == winner, reason if s == winner else "") for s in order)
    groups = tuple((_("{seat} (led)").format(seat=seat_name(s)) if i == 0 else seat_name(s), tuple(p))
                   for i, (s, p) in enumerate(zip(order, plays, strict=True)))
    return choices, CardRow(_("The trick, in the order played"), groups)


def suit_groups(cards: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    """Cards by suit (the jokers together), in the order met."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        label = _("Jokers") if card.is_joker else (card.suit.symbol if card.suit is not None else "")
        groups.setdefault(label, []).append(card)
    return list(groups.items())


# ------------------------------------------------------------------------------------------------ what beats this?


Hand = tuple[Card, ...]


@dataclass(frozen=True)
class Climbing:
    """What "What beats this?" needs of a climbing game, as typed calls into its own package (``rules`` are the
    game's rules): the hands of a seeded deal by seat letter; the cards of each legal play of a hand on a table
    (at most ``limit``; an empty table is a lead); the combination on a table in words; the verdict on a play.
    ``hint`` is the one-line hint, ``need`` what beats a combination ("the same combination with more power …")."""

    hands: Callable[[Any, int], Mapping[str, Hand]]
    plays: Callable[[Any, Hand, Hand, int], Sequence[Hand]]
    name: Callable[[Any, Hand, Hand], str]
    check: Callable[[Any, Hand, Hand, Hand], Verdict]
    hint: str
    need: str


_BEAT_LIMIT: Final = 600


def beat_exercise(g: SomeGame, climbing: Climbing) -> Make:
    """"What beats this?" for a climbing game ``g``: a combination another seat could lead; the learner picks
    cards from a hand, judged by the game's own check."""

    def make(rng: random.Random, preset: str) -> Exercise:
        for _try in range(ATTEMPTS):
            made = _beat_from(g, climbing, rng, preset)
            if made is not None:
                return made
        raise PracticeError(_("no combination to beat for {game} was found").format(game=g.key))

    return make


def _beat_from(g: SomeGame, climbing: Climbing, rng: random.Random, preset: str) -> Exercise | None:
    rules = g.rules(preset)
    hands = climbing.hands(rules, rng.randrange(2**31))
    letters = list(g.seat_letters(rules))
    me, them = rng.sample(letters, 2)
    small = [p for p in climbing.plays(rules, hands[them], (), _BEAT_LIMIT) if len(p) <= 6]
    if not small:
        return None
    lead = random_pick(small, rng)
    hand = hands[me]
    beating = [p for p in climbing.plays(rules, hand, lead, _BEAT_LIMIT) if p]
    if not beating or len(beating) > 12:
        return None  # none beats it, or nearly anything does
    example = random_pick(beating, rng)
    described = climbing.name(rules, hand, lead)
    rows = (CardRow(_("On the table"), ((_("{seat} played").format(seat=seat_name(them)), lead),)),)
    groups = tuple((label, tuple(cs)) for label, cs in suit_groups(hand))

    def check(cards: Hand) -> Verdict:
        return climbing.check(rules, hand, lead, cards)

    pick = CardPick(_("Your hand"), groups, example, len(beating), check)
    return Exercise(
        game=g.key, rule=f"{g.key}:beat", seed=0, preset=preset, title=_(TITLES["beat"]),
        prompt=_("{seat} played {combination}. Choose cards from your hand that beat it.").format(
            seat=seat_name(them), combination=described),
        rows=rows, pick=pick, hint=_(climbing.hint),
        explanation=_("To beat {combination} you need {need}.").format(combination=described, need=_(climbing.need)),
    )
