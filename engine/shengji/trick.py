"""Throws (do they stand? the forced part and the penalty) and the winner of a trick.

A throw stands when no other hand could beat any of its parts in the led group: no higher single than
its singles, no higher pair than its pairs, no higher tractor of the same shape than its tractors. When
it fails, the thrower must lead the smallest failing part; when parts of different kinds fail (seed 000's
Q44: a single above Q *and* a pair above 44 are out), the next player chooses which of them is led. With
``failed_throw_part = next_player_chooses`` the next player chooses among every failing part.

The winner: a play wins only in the led shape. In the led group, the highest such play wins; a player
void in the led group who plays trumps in exactly the led shape beats every non-trump play, and a later
higher trump play in that shape overtrumps. A throw that stood cannot be beaten in its own group; trump
plays on it compare by their largest part of the leading kind (tractors, else triples, else pairs, else
singles). Equal plays: the earlier one wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.errors import InvalidPositionError
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.shengji.combos import (
    Combo,
    Format,
    Holding,
    Shape,
    decompose,
    describe_format,
    describe_lead,
    format_of,
    group_of,
    satisfy,
    shape_name,
)
from engine.shengji.order import Group, Trump, points, seat_words
from engine.shengji.rules import FailedThrowPart, Rules, default_note, is_default
from engine.words import and_list, count, or_list


def _text(cards: Iterable[Card], trump: Trump) -> str:
    return " ".join(c.symbol_text for c in trump.sort(cards))


# ---------------------------------------------------------------------------------------------------
# Throws
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Beaten:
    """One failing part of a throw: who beats it and with which cards."""

    part: Combo
    seat: str
    by: tuple[Card, ...]


@dataclass(frozen=True)
class ThrowJudgement:
    """The verdict on a throw against the other hands.

    ``options`` are the parts the thrower may be made to lead: one (forced) or several (``chooser``, the
    next player, picks). ``penalty_per_card`` × the cards taken back is transferred to the other side.
    """

    cards: tuple[Card, ...]
    parts: tuple[Combo, ...]
    stands: bool
    beaten: tuple[Beaten, ...]
    options: tuple[tuple[Card, ...], ...]
    chooser: str | None
    reason: str

    @property
    def forced(self) -> tuple[Card, ...] | None:
        """The part the thrower must lead when there is no choice."""
        return self.options[0] if len(self.options) == 1 else None

    def taken_back(self, led: Sequence[Card]) -> int:
        """Cards taken back when ``led`` is the part finally led."""
        return len(self.cards) - len(led)


def judge_throw(
    cards: Sequence[Card],
    others: Sequence[tuple[str, Sequence[Card]]],
    trump: Trump,
    rules: Rules,
    thrower: str = "you",
) -> ThrowJudgement:
    """Whether the lead ``cards`` stands against ``others`` (seat name, hand) — listed in turn order after
    the leader, so the first is the next player (who chooses the forced part when there is a choice). The reason
    names the leader as ``thrower`` ("you", or a seat letter in commentary).

    A lead that is one combination always stands. Raises InvalidPositionError for a lead of mixed groups.
    """
    cards = tuple(cards)
    group = group_of(cards, trump)
    if group is None:
        raise InvalidPositionError(_("{cards} mixes suits: a throw must be one suit, or all trumps").format(
            cards=_text(cards, trump)))
    parts = decompose(cards, trump, rules)
    if len(parts) <= 1:
        return ThrowJudgement(cards, parts, True, (), (), None, _("a single combination always stands"))
    holdings = [(seat, Holding.of(hand, trump, group)) for seat, hand in others]
    beaten: list[Beaten] = []
    for part in parts:
        for seat, holding in holdings:
            top = holding.best_top(part.shape)
            if top is not None and top > part.top:
                unit = next(u for u in holding.units(part.shape) if trump.level(u[0]) > part.top)
                by = tuple(c for c in unit for _ in range(part.width))
                beaten.append(Beaten(part, seat, by))
                break
    if not beaten:
        return ThrowJudgement(cards, parts, True, (), (), None,
                              _("no other hand can beat any part of it in {suit}").format(suit=group.noun))
    options = _failing_options([b.part for b in beaten], rules)
    by_holder: dict[tuple[str, tuple[Card, ...]], list[str]] = {}
    for b in beaten:
        by_holder.setdefault((b.seat, b.by), []).append(b.part.name)
    why = "; ".join(_("{seat} holds {cards}, which beats {parts}").format(
        seat=seat_words(seat), cards=_text(by, trump), parts=and_list(names))
        for (seat, by), names in by_holder.items())
    per = rules.throw_penalty_per_card
    you = thrower == "you"
    if len(options) == 1:
        smallest = ""
        if len(beaten) > 1:
            smallest = ", " + _("the smallest failing part")
            if is_default(rules, "failed_throw_part"):
                smallest += f" ({default_note('failed_throw_part')})"
        back = len(cards) - len(options[0])
        if per:
            cost = ", " + _("and {points} ({cards} taken back) go to the other side").format(
                points=count(per * back, "point"), cards=count(back, "card"))
        elif is_default(rules, "throw_penalty_per_card"):
            cost = "; " + _("no points change hands ({note})").format(note=default_note("throw_penalty_per_card"))
        else:
            cost = ""
        must = (_("you must lead {cards}") if you else _("{seat} must lead {cards}")).format(
            seat=seat_words(thrower), cards=_text(options[0], trump))
        reason = f"{why}; {must}{smallest}{cost}"
        chooser = None
    else:
        chooser = others[0][0] if others else None
        listed = or_list(_text(o, trump) for o in options)
        cost = "; " + _("each card taken back gives the other side {points}").format(
            points=count(per, "point")) if per else ""
        choose = (_("the next player ({chooser}) chooses which you must lead: {options}") if you else
                  _("the next player ({chooser}) chooses which {seat} must lead: {options}")).format(
            chooser=seat_words(chooser or ""), seat=seat_words(thrower), options=listed)
        reason = f"{why}; {choose}{cost}"
    return ThrowJudgement(cards, parts, False, tuple(beaten), options, chooser, reason)


def _failing_options(failing: Sequence[Combo], rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """The parts the thrower may be made to lead, widest kind first and, within a kind, smallest first.

    ``smallest`` (default): the smallest failing part of each kind. ``next_player_chooses``: every failing part.
    """
    if rules.failed_throw_part is FailedThrowPart.SMALLEST:
        smallest: dict[Shape, Combo] = {}
        for part in failing:
            cur = smallest.get(part.shape)
            if cur is None or part.top < cur.top:
                smallest[part.shape] = part
        failing = list(smallest.values())
    ordered = sorted(failing, key=lambda p: (tuple(-x for x in p.shape), p.top))
    out: list[tuple[Card, ...]] = []
    for part in ordered:
        if all(Counter(part.cards) != Counter(o) for o in out):
            out.append(part.cards)
    return tuple(out)


# ---------------------------------------------------------------------------------------------------
# Trick winner
# ---------------------------------------------------------------------------------------------------


def leading_shape(parts: Sequence[Combo]) -> Shape:
    """The kind throws compare by: tractors (longest) first, then triples, then pairs, then singles."""
    return max((p.shape for p in parts), key=lambda s: (s[1] >= 2, s[0], s[1]))


def strength(cards: Sequence[Card], fmt: Format, shape: Shape, trump: Trump) -> int | None:
    """The top level of the highest ``shape`` unit of ``cards`` in an arrangement meeting ``fmt``; None when
    the cards cannot be arranged as ``fmt`` (or are of several groups)."""
    group = group_of(cards, trump)
    if group is None:
        return None
    holding = Holding(Counter(cards), trump, group)
    rest: list[Shape] = list(fmt)
    rest.remove(shape)
    rest_fmt = tuple(rest)
    width = shape[0]
    for unit in holding.units(shape):
        count = dict(holding.count)
        for c in unit:
            count[c] -= width
        if satisfy(holding, rest_fmt, count) is not None:
            return trump.level(unit[0])
    return None


@dataclass(frozen=True)
class TrickOutcome:
    """Who wins a trick (index into the plays, 0 = the lead), why, and each play's role."""

    winner: int
    reason: str
    roles: tuple[str, ...]
    points: int


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump, rules: Rules,
                 seats: Sequence[str] | None = None) -> TrickOutcome:
    """The winning play of a trick (or a trick so far). Plays are in turn order, the lead first.

    Raises InvalidPositionError when the lead is of mixed groups or the plays differ in size.
    """
    plays = [tuple(p) for p in plays]
    if not plays or not plays[0]:
        raise InvalidPositionError(_("a trick needs a lead"))
    lead = plays[0]
    n = len(lead)
    for i, p in enumerate(plays[1:], start=1):
        if len(p) != n:
            raise InvalidPositionError(_("play {index} has {held} cards but the lead has {led}: every player plays "
                                         "as many cards as were led").format(
                index=local_number(i + 1), held=local_number(len(p)), led=local_number(n)))
    group = group_of(lead, trump)
    if group is None:
        raise InvalidPositionError(_("the lead {cards} mixes suits: a lead is one suit, or all trumps").format(
            cards=_text(lead, trump)))
    names = ([seat_words(s) for s in seats] if seats is not None else
             [_("play {index}").format(index=local_number(i + 1)) for i in range(len(plays))])
    parts = decompose(lead, trump, rules)
    fmt = format_of(parts)
    shape = leading_shape(parts)
    lead_text = describe_lead(parts, group)
    best, best_strength, best_trumps = 0, strength(lead, fmt, shape, trump), False
    assert best_strength is not None
    roles = [_("leads {lead}").format(lead=lead_text)]
    for i, p in enumerate(plays[1:], start=1):
        g = group_of(p, trump)
        text = _text(p, trump)
        if g is group:
            s = strength(p, fmt, shape, trump)
            if len(parts) > 1:
                role = _("follows the throw with {cards}: a throw that stood cannot be beaten in its suit")
            elif s is None:
                role = _("follows with {cards}, not {shape}: cannot win")
            elif best_trumps and group is not Group.TRUMP:
                role = _("follows with {cards}: a trump play is already winning")
            elif s > best_strength:
                best, best_strength = i, s
                role = _("follows with {cards}, higher: wins so far")
            else:
                role = _("follows with {cards}, not higher")
        elif g is Group.TRUMP:
            s = strength(p, fmt, shape, trump)
            if s is None:
                role = _("plays trumps {cards}, not in the led shape ({shape}): a discard")
            elif not best_trumps:
                best, best_strength, best_trumps = i, s, True
                role = _("trumps with {cards}: wins so far")
            elif s > best_strength:
                best, best_strength = i, s
                role = _("overtrumps with {cards}: wins so far")
            else:
                role = _("trumps with {cards}, not higher than the trump play before: cannot win")
        else:
            role = _("discards {cards}")
        roles.append(role.format(cards=text, shape=describe_format(fmt)))
    total = sum(points(p) for p in plays)
    winner_name = names[best]
    if best == 0:
        reason = _("{winner} wins: nobody beat the lead ({lead})").format(winner=winner_name, lead=lead_text)
    elif best_trumps:
        won_with = _text(plays[best], trump)
        reason = (_("{winner} wins with the trump {cards}") if n == 1 else
                  _("{winner} wins with trumps {cards} in the led shape")).format(winner=winner_name, cards=won_with)
    else:
        reason = _("{winner} wins with the highest {shape} of the led suit: {cards}").format(
            winner=winner_name, shape=shape_name(shape, article=False), cards=_text(plays[best], trump))
    return TrickOutcome(best, reason, tuple(roles), total)
