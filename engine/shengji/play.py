"""One turn's position: what must be played (the requirement), ``check`` with a reason, and the distinct legal plays.

A player who holds more cards of the led group than were led must meet the first rung of the ladder
(:mod:`engine.shengji.ladder`) their hand can meet; a player with no more led cards than were led must play all
of them (and any others); a player with none may play anything (a discard, or a trump play that wins only if it
has the led shape). A leader plays any combination of one group, or tries a throw.

``check`` decides a play by testing it against the one rung that applies, never by enumerating — it is the one
legality path for plays (the state machine, the Table, the editor, the lessons and the commands all ask it).
``legal_plays`` lists distinct plays (identical cards collapsed) up to a limit and counts them without listing
(:mod:`engine.shengji.enumeration`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import islice

from engine.base import ListedPlays, Verdict
from engine.cards import Card
from engine.errors import InvalidPositionError
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.shengji.combos import (
    SINGLE,
    Combo,
    Format,
    Holding,
    Placement,
    Shape,
    classify,
    decompose,
    describe_format,
    describe_lead,
    format_of,
    group_of,
    placement_cards,
    satisfy,
    shape_name,
    shapes_text,
)
from engine.shengji.deal import deck_of
from engine.shengji.enumeration import (
    COUNT_BUDGET,
    count_for_format,
    count_items,
    count_lead_plays,
    count_submultisets,
    lead_plays,
    placements,
    plays_for_format,
    sets_plays,
    submultisets,
    windows,
)
from engine.shengji.ladder import ladder_for
from engine.shengji.order import Group, Trump, cards_text
from engine.shengji.rules import Rules, option_note
from engine.shengji.trick import judge_throw
from engine.words import and_list, count, number, or_list, plural, sentence

__all__ = [
    "DEFAULT_LIMIT",
    "Duty",
    "LegalPlays",
    "Position",
    "Requirement",
    "Rung",
    "check",
    "covering_plays",
    "describe_lead",
    "iter_legal_plays",
    "ladder_steps",
    "legal_plays",
    "playable_cards",
    "requirement",
]

DEFAULT_LIMIT = 2000
"""How many plays :func:`legal_plays` lists when no limit is given."""


# ---------------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """One player's decision: their hand, and the cards led to this trick (empty: this player leads).

    ``others`` (optional) are the other hands as (seat letter, cards) in turn order after the leader, used to
    judge a throw. Build with :meth:`build`, which checks the position can occur; the engine's own code, which
    knows its positions can occur, calls the constructor.
    """

    rules: Rules
    trump: Trump
    hand: tuple[Card, ...]
    lead: tuple[Card, ...] = ()
    others: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    beat_lead: bool = False
    """The lead is the part a failed throw was forced to, and who can beat it must (option *must beat*)."""
    _cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False, hash=False)

    @classmethod
    def build(
        cls,
        *,
        hand: Iterable[Card],
        table: Iterable[Card] = (),
        rules: Rules,
        trump: Trump,
        others: Mapping[str, Iterable[Card]] | Sequence[tuple[str, Iterable[Card]]] = (),
        beat_lead: bool = False,
    ) -> Position:
        """A checked position (``table``: the lead, when not leading): copies within the decks, the lead one group,
        the hand large enough.

        Raises InvalidPositionError (a CardTableError) naming what cannot occur.
        """
        hand, lead = tuple(hand), tuple(table)
        pairs = list(others.items()) if isinstance(others, Mapping) else list(others)
        other_hands = tuple((str(seat), tuple(cards)) for seat, cards in pairs)
        deck = deck_of(rules)
        deck.check(hand, "in your hand")
        everything = list(hand) + list(lead) + [c for _, cs in other_hands for c in cs]
        deck.check(everything, "in the hands and the lead together")
        if lead:
            if group_of(lead, trump) is None:
                raise InvalidPositionError(
                    _("the lead {cards} mixes suits: a lead is one suit, or all trumps").format(
                        cards=cards_text(lead, trump)))
            if len(hand) < len(lead):
                raise InvalidPositionError(
                    _("the lead has {led} cards but your hand only {held}: every player holds as many cards as the "
                      "leader").format(led=local_number(len(lead)), held=local_number(len(hand))))
        limit = rules.hand_size
        if len(hand) > limit:
            raise InvalidPositionError(
                _("a hand of {held} cards is more than a player holds in the tricks ({limit} with {decks}; only the "
                  "starter holds the kitty too, while burying)").format(
                    held=local_number(len(hand)), limit=local_number(limit), decks=count(rules.decks, "deck")))
        for seat, cards in other_hands:
            if len(cards) > limit:
                raise InvalidPositionError(_("{seat}'s hand of {held} cards is more than a player holds in the tricks "
                                             "({limit})").format(seat=seat, held=local_number(len(cards)),
                                                                 limit=local_number(limit)))
        return cls(rules, trump, hand, lead, other_hands, beat_lead and rules.must_beat_failed_throw)

    @property
    def leading(self) -> bool:
        return not self.lead

    def lead_parts(self) -> tuple[Combo, ...]:
        parts = self._cache.get("parts")
        if parts is None:
            parts = decompose(self.lead, self.trump, self.rules)
            self._cache["parts"] = parts
        return parts  # type: ignore[return-value]

    def lead_group(self) -> Group:
        g = group_of(self.lead, self.trump)
        assert g is not None
        return g

    def holding(self) -> Holding:
        """The hand's cards of the led group."""
        h = self._cache.get("holding")
        if h is None:
            h = Holding.of(self.hand, self.trump, self.lead_group())
            self._cache["holding"] = h
        return h  # type: ignore[return-value]


def lead_kinds(rules: Rules) -> str:
    """The combinations a leader may play under ``rules``: "a single card, a pair, a triple or a tractor"."""
    kinds = [shape_name(SINGLE)]
    kinds += [shape_name((width, 1)) for width in range(2, min(rules.max_width, 4) + 1)]
    if rules.max_width >= 2:
        kinds.append(_("a tractor"))
    return or_list(kinds)


def penalty_clause(rules: Rules) -> str:
    """What a failed throw costs under ``rules``, as a clause ("" when it costs nothing)."""
    per = rules.throw_penalty_per_card
    return _("{points} for each card taken back go to the other side").format(points=count(per, "point")) if per \
        else ""


# ---------------------------------------------------------------------------------------------------
# The requirement
# ---------------------------------------------------------------------------------------------------


class Duty(Enum):
    """What kind of obligation a player has."""

    LEAD = "lead"  # free: any combination of one group, or a throw
    FOLLOW = "follow"  # more led cards than were led: meet the ladder's rung
    ALL_OF_SUIT = "all_of_suit"  # no more than were led: play all of them (and any others)
    VOID = "void"  # none of the led group: any cards (a discard, or trumps)


@dataclass(frozen=True)
class Rung:
    """One step of the ladder as the UI draws it."""

    index: int
    format: Format
    text: str
    met: bool  # the hand can play it
    example: tuple[Card, ...]  # cards that meet it (the units), empty when not met


@dataclass(frozen=True)
class Requirement:
    """What the player must play, without listing the plays.

    ``rung`` indexes ``ladder`` (FOLLOW only: None otherwise); ``must`` are cards every legal play contains (the
    whole led group when short); ``choices`` lists, for each kind of unit the rung asks for, every such unit the
    hand holds; ``example`` is one legal play. ``reason`` is the requirement as a reason clause ("the lead is a pair
    of ♥ and you hold …, so you must play a pair of ♥"); ``text`` the same as a sentence.
    """

    duty: Duty
    count: int
    group: Group | None
    lead_text: str
    ladder: tuple[Format, ...]
    rung: int | None
    must: tuple[Card, ...]
    choices: tuple[tuple[str, tuple[tuple[Card, ...], ...]], ...]
    example: tuple[Card, ...]
    reason: str
    beat: int | None = None
    """After a failed throw with *must beat* on: the level the follower's unit must top (None: no such duty)."""

    @property
    def text(self) -> str:
        return sentence(self.reason)

    @property
    def format(self) -> Format | None:
        return self.ladder[self.rung] if self.rung is not None else None

    def rung_text(self) -> str:
        """The rung that applies, in words ("" unless following)."""
        fmt = self.format
        return want_text(fmt, self.group) if fmt is not None and self.group is not None else ""


def requirement(pos: Position) -> Requirement:
    """What ``pos``'s player must play: the duty, the ladder rung that applies, and why."""
    cached = pos._cache.get("requirement")
    if cached is not None:
        return cached  # type: ignore[return-value]
    req = _requirement(pos)
    pos._cache["requirement"] = req
    return req


def _trump_rank_note(pos: Position, group: Group) -> str:
    """For a follower void in a plain suit who holds that suit's trump-rank cards: "(10♥ is a trump, as every 10
    is)" — so the learner sees why those cards do not follow."""
    trump = pos.trump
    suit = group.suit
    if suit is None or trump.rank is None:
        return ""
    hidden = sorted({c for c in pos.hand if c.suit is suit and trump.is_trump(c)}, key=trump.key, reverse=True)
    if not hidden:
        return ""
    shown = and_list(c.symbol_text for c in hidden)
    if len(hidden) == 1:
        return " (" + _("{cards} is a trump, as every {rank} is").format(cards=shown, rank=trump.rank.text) + ")"
    return " (" + _("{cards} are trumps, as every {rank} is").format(cards=shown, rank=trump.rank.text) + ")"


def _requirement(pos: Position) -> Requirement:
    trump, rules = pos.trump, pos.rules
    if pos.leading:
        if rules.throws_allowed:
            reason = _("you lead: play {kinds}, or throw several of them from one suit (a throw stands only if no "
                       "other hand can beat any part of it)").format(kinds=lead_kinds(rules))
        else:
            reason = _("you lead: play {kinds}").format(kinds=lead_kinds(rules))
        example: tuple[Card, ...] = (trump.sort(pos.hand)[0],) if pos.hand else ()
        return Requirement(Duty.LEAD, 0, None, "", (), None, (), (), example, reason)
    parts = pos.lead_parts()
    group = pos.lead_group()
    n = len(pos.lead)
    lead_text = describe_lead(parts, group)
    rungs = ladder_for(parts, rules)
    holding = pos.holding()
    if holding.total == 0:
        note = _trump_rank_note(pos, group)
        if group is Group.TRUMP:
            reason = _("you have no trumps, so you may discard any {cards}: a discard cannot win").format(
                cards=count(n, "card"))
        elif n == 1:
            reason = _("you have no {suit}{note}, so you may play any card: a discard, or a trump, which beats every "
                       "{suit}").format(suit=group.noun, note=note)
        else:
            reason = _("you have no {suit}{note}, so you may play any {cards}: a discard, or trumps, which win only "
                       "in the led shape ({shape})").format(suit=group.noun, note=note, cards=count(n, "card"),
                                                            shape=describe_format(format_of(parts)))
        example = tuple(sorted(pos.hand, key=trump.key)[:n])
        return Requirement(Duty.VOID, n, group, lead_text, rungs, None, (), (), example, reason)
    if holding.total <= n:
        must = tuple(holding.expanded())
        held = len(must)
        extra = n - held
        others_text = _("{count} other {cards}").format(count=number(extra), cards=plural(extra, "card"))
        values = {"held": group.count(held), "cards": cards_text(must, trump), "others": others_text}
        if held == 1:
            reason = (_("you hold only {held} ({cards}), so you must play it and {others}") if extra else
                      _("you hold only {held} ({cards}), exactly as many as were led, so you must play it"))
        elif held == 2:
            reason = (_("you hold only {held} ({cards}), so you must play both and {others}") if extra else
                      _("you hold only {held} ({cards}), exactly as many as were led, so you must play both"))
        else:
            reason = (_("you hold only {held} ({cards}), so you must play them all and {others}") if extra else
                      _("you hold only {held} ({cards}), exactly as many as were led, so you must play them all"))
        reason = reason.format(**values)
        others = sorted((c for c in pos.hand if trump.group(c) is not group), key=trump.key)
        example = must + tuple(others[:extra])
        return Requirement(Duty.ALL_OF_SUIT, n, group, lead_text, rungs, None, must, (), example, reason)
    index, fmt, placement = next((i, f, p) for i, f in enumerate(rungs) if (p := satisfy(holding, f)) is not None)
    beat = _beat_level(pos, holding, parts) if index == 0 else None
    if beat is not None:
        placement = _beating_placement(holding, parts[0], beat) or placement
    example = _complete(placement, holding, n, trump)
    choices = _choices(holding, fmt)
    reason = _rung_reason(index, rungs, fmt, placement, lead_text, group, trump, n)
    if beat is not None:
        reason += "; " + _("after a failed throw, you must beat it, as you can: with {unit} above it").format(
            unit=group.of(shape_name(parts[0].shape)))
    return Requirement(Duty.FOLLOW, n, group, lead_text, rungs, index, (), choices, example, reason, beat)


def _beat_level(pos: Position, holding: Holding, parts: Sequence[Combo]) -> int | None:
    """With *must beat* after a failed throw: the lead's top level when the holding can beat the lead (a single
    combination) with a unit of its shape; else None."""
    if not pos.beat_lead or len(parts) != 1:
        return None
    top = holding.best_top(parts[0].shape)
    return parts[0].top if top is not None and top > parts[0].top else None


def _beating_placement(holding: Holding, part: Combo, beat: int) -> Placement | None:
    """The lowest unit of the lead's shape that beats it."""
    for unit in reversed(holding.units(part.shape)):
        if holding.trump.level(unit[0]) > beat:
            return [(part.shape, unit)]
    return None


def _complete(placement: Placement, holding: Holding, n: int, trump: Trump) -> tuple[Card, ...]:
    """The placement's cards plus the lowest other cards of the holding up to ``n``."""
    used = placement_cards(placement)
    left = Counter(holding.count)
    left.subtract(used)
    low = sorted(left.elements(), key=trump.level)
    return tuple(used + low[: n - len(used)])


def _choices(holding: Holding, fmt: Format) -> tuple[tuple[str, tuple[tuple[Card, ...], ...]], ...]:
    out = []
    for shape in sorted({s for s in fmt if s != SINGLE}, reverse=True):
        units = holding.units(shape)
        out.append((shape_name(shape, plural=True), tuple(tuple(c for c in u for _ in range(shape[0])) for u in units)))
    return tuple(out)


def want_text(fmt: Format, group: Group) -> str:
    """What a rung asks for, in words: ``a pair of ♥``, ``two pairs and two other ♥``, ``any four ♥``."""
    text = describe_format(fmt, group.word)
    if all(s != SINGLE for s in fmt):
        return group.of(text)
    return text


def held_text(placement: Placement, group: Group, trump: Trump) -> str:
    """The units of a placement in words: ``a pair of ♥ (K♥ K♥)``, ``two pairs of ♥ (K♥ K♥, 9♥ 9♥)``."""
    by_shape: dict[Shape, list[str]] = {}
    for (w, ln), row in placement:
        by_shape.setdefault((w, ln), []).append(cards_text((c for c in row for _ in range(w)), trump))
    words = []
    for shape, shown in sorted(by_shape.items(), reverse=True):
        k = len(shown)
        name = shape_name(shape) if k == 1 else shapes_text([shape] * k)[0]
        words.append(f"{group.of(name)} ({', '.join(shown)})")
    return and_list(words)


def _rung_reason(
    index: int, rungs: Sequence[Format], fmt: Format, placement: Placement, lead_text: str, group: Group,
    trump: Trump, n: int,
) -> str:
    want = want_text(fmt, group)
    if index == 0:
        if not placement:
            return _("the lead is {lead}, so any {count} of your {cards} will do").format(
                lead=lead_text, count=number(n), cards=group.word(2))
        return _("the lead is {lead} and you hold {held}, so you must play {want}").format(
            lead=lead_text, held=held_text(placement, group, trump), want=want)
    higher = want_text(rungs[index - 1], group)
    if not placement:
        return _("the lead is {lead} and you cannot play {higher}, so {want} will do").format(
            lead=lead_text, higher=higher, want=want)
    return _("the lead is {lead} and you cannot play {higher}, but you hold {held}, so you must play {want}").format(
        lead=lead_text, higher=higher, held=held_text(placement, group, trump), want=want)


def ladder_steps(pos: Position) -> tuple[Rung, ...]:
    """Every rung of the ladder with whether the hand meets it and an example (for drawing the steps)."""
    if pos.leading:
        return ()
    parts = pos.lead_parts()
    group = pos.lead_group()
    holding = pos.holding()
    rungs = ladder_for(parts, pos.rules)
    out = []
    enough = holding.total > len(pos.lead)
    for i, fmt in enumerate(rungs):
        placement = satisfy(holding, fmt) if enough else None
        example = tuple(placement_cards(placement)) if placement is not None else ()
        out.append(Rung(i, fmt, want_text(fmt, group), placement is not None, example))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------
# check
# ---------------------------------------------------------------------------------------------------


def _missing(hand: Sequence[Card], play: Sequence[Card]) -> str | None:
    have = Counter(hand)
    for card, k in Counter(play).items():
        if have[card] < k:
            if have[card] == 0:
                return _("{card} is not in your hand").format(card=card.symbol_text)
            return _("you hold {held}, not {count}").format(held=rank_count(card, have[card]), count=number(k))
    return None


def rank_count(card: Card, n: int) -> str:
    """``n`` copies of a card in words: "one K♥", "two 10♠" (২টি 10♠)."""
    return _("{count} {card}").format(count=number(n), card=card.symbol_text)


def _all_must(n: int, group: Group) -> str:
    if n == 1:
        return _("you must play a trump") if group is Group.TRUMP else _("you must play a {suit}").format(
            suit=group.noun)
    if n == 2:
        return _("both cards must be {cards}").format(cards=group.word(2))
    return _("all {count} cards must be {cards}").format(count=number(n), cards=group.word(2))


def check(pos: Position, cards: Iterable[Card]) -> Verdict:
    """Whether the player of ``pos`` may play ``cards``, with the reason (naming the ladder rung)."""
    play = tuple(cards)
    trump = pos.trump
    if not play:
        return Verdict(False, _("play at least one card"))
    missing = _missing(pos.hand, play)
    if missing is not None:
        return Verdict(False, missing)
    if pos.leading:
        return _check_lead(pos, play)
    n = len(pos.lead)
    if len(play) != n:
        return Verdict(False, _("the lead has {cards}, so you must play {count}, not {played}").format(
            cards=count(n, "card"), count=number(n), played=number(len(play))))
    req = requirement(pos)
    group = req.group
    assert group is not None
    shown = cards_text(play, trump)
    if req.duty is Duty.VOID:
        return Verdict(True, _void_reason(pos, play))
    if req.duty is Duty.ALL_OF_SUIT:
        left = Counter(req.must)
        left.subtract(play)
        short = list(left.elements())
        if short:
            missing_text = (_("{cards} is missing from your play") if len(short) == 1 else
                            _("{cards} are missing from your play")).format(cards=cards_text(short, trump))
            return Verdict(False, f"{req.reason}; {missing_text}")
        return Verdict(True, _("{reason}, as your play does").format(reason=req.reason))
    off = [c for c in play if trump.group(c) is not group]
    if off:
        if n == 1:
            off_text = _("{cards} is not one") if len(off) == 1 else _("{cards} are not one")
        else:
            off_text = _("{cards} is not") if len(off) == 1 else _("{cards} are not")
        return Verdict(False, _("you hold {held}, so {must}; {off}").format(
            held=group.count(pos.holding().total), must=_all_must(n, group),
            off=off_text.format(cards=cards_text(off, trump))))
    fmt = req.format
    assert fmt is not None
    mine = Holding(Counter(play), trump, group)
    if satisfy(mine, fmt) is None:
        got = _best_rung(mine, req.ladder)
        only = _("{cards} is only {what}").format(cards=shown, what=play_text(req.ladder[got], group))
        return Verdict(False, f"{req.reason}; {only}")
    if req.beat is not None and (mine.best_top(pos.lead_parts()[0].shape) or -1) <= req.beat:
        return Verdict(False, f"{req.reason}; " + _("{cards} does not beat it").format(cards=shown))
    if all(s == SINGLE for s in fmt):
        if n == 1:
            return Verdict(True, _("{cards} is one of your {suit}: {reason}").format(
                cards=shown, suit=group.word(2), reason=req.reason))
        return Verdict(True, _("{cards} are {count} of your {suit}: {reason}").format(
            cards=shown, count=number(n), suit=group.word(2), reason=req.reason))
    return Verdict(True, _("{cards} is {what}: {reason}").format(cards=shown, what=want_text(fmt, group),
                                                                  reason=req.reason))


def play_text(fmt: Format, group: Group) -> str:
    """What a play of the led group is, in words: "two single ♥", "a pair and two single trumps"."""
    if all(s == SINGLE for s in fmt):
        return _("{count} single {cards}").format(count=number(len(fmt)), cards=group.word(len(fmt)))
    text = describe_format(fmt, group.word, rest="single")
    return text if any(s == SINGLE for s in fmt) else group.of(text)


def _best_rung(holding: Holding, rungs: Sequence[Format]) -> int:
    for i, fmt in enumerate(rungs):
        if satisfy(holding, fmt) is not None:
            return i
    return len(rungs) - 1


def _void_reason(pos: Position, play: tuple[Card, ...]) -> str:
    trump = pos.trump
    group = pos.lead_group()
    shown = cards_text(play, trump)
    if group is Group.TRUMP:
        return _("you have no trumps, so you may discard any cards; {cards} cannot win").format(cards=shown)
    note = _trump_rank_note(pos, group)
    if all(trump.is_trump(c) for c in play):
        fmt = format_of(pos.lead_parts())
        if len(play) == 1:
            return _("you have no {suit}{note}; {cards} is a trump, so it beats every {suit} and can win").format(
                suit=group.noun, note=note, cards=shown)
        if satisfy(Holding(Counter(play), trump, Group.TRUMP), fmt) is not None:
            return _("you have no {suit}{note}; {cards} are trumps in the led shape ({shape}), so they can "
                     "win").format(suit=group.noun, note=note, cards=shown, shape=describe_format(fmt))
        return _("you have no {suit}{note}; {cards} are trumps but not in the led shape ({shape}), so they count "
                 "as a discard").format(suit=group.noun, note=note, cards=shown, shape=describe_format(fmt))
    return _("you have no {suit}{note}, so you may discard any cards").format(suit=group.noun, note=note)


def _check_lead(pos: Position, play: tuple[Card, ...]) -> Verdict:
    trump, rules = pos.trump, pos.rules
    group = group_of(play, trump)
    if group is None:
        return Verdict(False, _("{cards} mixes suits: a lead is one suit, or all trumps").format(
            cards=cards_text(play, trump)))
    combo = classify(play, trump, rules)
    if combo is not None:
        return Verdict(True, _("you lead {combination}").format(combination=combo.name))
    four = four_of_a_kind_note(play, rules)
    if not rules.throws_allowed:
        return Verdict(False, four + _("throws are not allowed under these rules: lead {kinds}").format(
            kinds=lead_kinds(rules)))
    parts = decompose(play, trump, rules)
    what = describe_lead(parts, group)
    if not pos.others:
        cost = penalty_clause(rules)
        tail = (_("if it fails, you lead only a part that can be beaten, and {cost}").format(cost=cost) if cost else
                _("if it fails, you lead only a part that can be beaten"))
        return Verdict(True, four + _("{throw} may be tried: it stands only if no other hand can beat any part of it "
                                      "in {suit}").format(throw=what, suit=group.noun) + "; " + tail)
    result = judge_throw(play, pos.others, trump, rules)
    if result.stands:
        return Verdict(True, four + _("{throw} stands: {reason}").format(throw=what, reason=result.reason))
    return Verdict(False, four + _("the throw fails: {reason}").format(reason=result.reason))


def four_of_a_kind_note(play: Sequence[Card], rules: Rules) -> str:
    """Before the words on a throw of four identical cards (four decks, not one combination): why it is a throw."""
    tally = Counter(play)
    if rules.decks < 4 or rules.four_of_a_kind or max(tally.values(), default=0) < 4:
        return ""
    card = next(c for c, k in tally.items() if k >= 4)
    return _("four {card} are not one combination (these rules list nothing wider than a triple; {option}), so "
             ).format(card=card.symbol_text, option=option_note("four_of_a_kind"))


# ---------------------------------------------------------------------------------------------------
# legal plays
# ---------------------------------------------------------------------------------------------------


LegalPlays = ListedPlays
"""Shengji's legal plays: :class:`engine.base.ListedPlays` of card tuples (identical cards collapsed)."""


def legal_plays(pos: Position, limit: int | None = DEFAULT_LIMIT) -> ListedPlays[tuple[Card, ...]]:
    """The distinct legal plays of ``pos`` (each play's cards in no fixed order; sort them to show them), at most
    ``limit`` (None: all of them), and how many there are (counted without listing).

    Leading lists every combination (singles, pairs, triples, tractors) then, if throws are allowed, every
    throw attempt.
    """
    # list() then tuple(): building a tuple straight from a generator resizes it over and over
    if limit is None:
        every = tuple(list(iter_legal_plays(pos)))
        return LegalPlays(every, True, len(every), True)
    cap = max(0, limit)
    listed = list(islice(iter_legal_plays(pos), cap + 1))
    if len(listed) <= cap:
        return LegalPlays(tuple(listed), True, len(listed), True)
    count, exact = count_legal_plays(pos)
    return LegalPlays(tuple(listed[:cap]), False, max(count, cap), exact)


def count_legal_plays(pos: Position) -> tuple[int, bool]:
    """(how many distinct legal plays ``pos`` has, whether the count is exact) — without listing them."""
    trump = pos.trump
    if pos.leading:
        return count_lead_plays(pos.hand, trump, pos.rules), True
    req = requirement(pos)
    n = req.count
    if req.duty is Duty.VOID:
        return count_submultisets(Counter(pos.hand).values(), n), True
    if req.duty is Duty.ALL_OF_SUIT:
        rest = Counter(c for c in pos.hand if trump.group(c) is not req.group)
        return count_submultisets(rest.values(), n - len(req.must)), True
    fmt = req.format
    assert fmt is not None
    if req.beat is not None:
        found = 0
        for _ in _beating(pos, req, plays_for_format(pos.holding(), fmt, n)):
            found += 1
            if found >= COUNT_BUDGET:
                return found, False
        return found, True
    return count_for_format(pos.holding(), fmt, n)


def _beating(pos: Position, req: Requirement, plays: Iterable[tuple[Card, ...]]) -> Iterator[tuple[Card, ...]]:
    """The plays that beat the lead (the *must beat* duty after a failed throw)."""
    shape = pos.lead_parts()[0].shape
    group = pos.lead_group()
    for play in plays:
        top = Holding(Counter(play), pos.trump, group).best_top(shape)
        if top is not None and req.beat is not None and top > req.beat:
            yield play


def iter_legal_plays(pos: Position) -> Iterator[tuple[Card, ...]]:
    """Lazily, every distinct legal play of ``pos`` (see :func:`legal_plays`)."""
    trump = pos.trump
    if pos.leading:
        yield from lead_plays(pos.hand, trump, pos.rules)
        return
    req = requirement(pos)
    n = req.count
    if req.duty is Duty.VOID:
        yield from submultisets(count_items(pos.hand, trump), n)
        return
    if req.duty is Duty.ALL_OF_SUIT:
        rest = [c for c in pos.hand if trump.group(c) is not req.group]
        for tail in submultisets(count_items(rest, trump), n - len(req.must)):
            yield req.must + tail
        return
    fmt = req.format
    assert fmt is not None
    if req.beat is not None:
        yield from _beating(pos, req, plays_for_format(pos.holding(), fmt, n))
        return
    yield from plays_for_format(pos.holding(), fmt, n)


def covering_plays(pos: Position) -> list[tuple[Card, ...]]:
    """A few legal plays that together use every card that is in any legal play (so a UI can grey out the
    others), found from the requirement without listing every play."""
    trump = pos.trump
    if pos.leading:
        return [(c,) for c, _ in count_items(pos.hand, trump)]
    req = requirement(pos)
    n = req.count
    if req.duty is Duty.VOID:
        return windows(trump.sort(pos.hand), n)
    if req.duty is Duty.ALL_OF_SUIT:
        rest = list(pos.hand)
        for c in req.must:
            rest.remove(c)
        return [req.must + w for w in windows(trump.sort(rest), n - len(req.must))]
    holding = pos.holding()
    fmt = req.format
    assert fmt is not None
    if req.beat is not None:
        out_beat: list[tuple[Card, ...]] = []
        seen: set[Card] = set()
        for play in islice(_beating(pos, req, plays_for_format(holding, fmt, n)), COUNT_BUDGET):
            if not seen.issuperset(play):
                out_beat.append(play)
                seen.update(play)
        return out_beat
    big = [s for s in fmt if s != SINGLE]
    items = [(c, holding.count[c]) for c in holding.cards_desc()]
    if not big:
        return windows(holding.expanded(), n)
    if all(length == 1 for _, length in big):
        # sets only: for each card not yet covered, the first legal play that contains it (if any)
        out_sets: list[tuple[Card, ...]] = []
        done: set[Card] = set()
        for c, _ in items:
            if c not in done:
                first = next(sets_plays(items, [w for w, _ in big], n, force=c), None)
                if first is not None:
                    out_sets.append(first)
                    done.update(first)
        return out_sets
    index = {c: i for i, (c, _) in enumerate(items)}
    out: list[tuple[Card, ...]] = []
    covered: set[Card] = set()
    for used in sorted(placements(holding, big, index), reverse=True):
        head = tuple(c for (c, _), k in zip(items, used, strict=True) for _ in range(k))
        rest = [c for (c, n0), k in zip(items, used, strict=True) for _ in range(n0 - k)]
        for window in windows(rest, n - len(head)):
            play = head + window
            if not covered.issuperset(play):
                out.append(play)
                covered.update(play)
    return out


def playable_cards(pos: Position) -> set[Card]:
    """The cards that appear in at least one legal play."""
    return {c for play in covering_plays(pos) for c in play}
