"""Declaring trump: showing trump-rank cards (or a pair of jokers) while drawing, overriding, reinforcing,
and what happens when nobody declares.

Strength (weakest first). Competition (seed 000): one rank card < a pair of identical rank cards < two
small jokers < two big jokers < three identical rank cards < three small jokers < … — more identical cards
win, and at equal count rank cards < small jokers < big jokers. Tractor (seed 001): a single rank card is
overridden by a pair of identical rank cards or a pair of identical jokers; a pair of rank cards only by a
pair of jokers; a pair of jokers is final. Nobody may override their own declaration, but they may
reinforce it: show more copies of the same card. A joker declaration makes a no-trump round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.base import Verdict
from engine.cards import Card, CardsText, Rank, Suit
from engine.errors import InvalidPositionError
from engine.shengji.rules import DeclareOrder, NoDeclaration, Rules


@dataclass(frozen=True)
class Declaration(CardsText):
    """``count`` identical copies of ``card`` (a trump-rank card or a joker) shown by ``seat``."""

    seat: int
    card: Card
    count: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,) * self.count

    @property
    def suit(self) -> Suit | None:
        """The trump suit it names (None: no trump)."""
        return None if self.card.is_joker else self.card.suit

    @property
    def outcome(self) -> str:
        """``♥ trump`` or ``no trump``."""
        return "no trump" if self.suit is None else f"{self.suit.symbol} trump"


def strength(card: Card, count: int, rules: Rules) -> tuple[int, int]:
    """A comparable strength: a declaration overrides another only with a strictly greater one."""
    if rules.declare_order is DeclareOrder.TRACTOR:
        return (count, 1 if card.is_joker else 0)
    kind = {Rank.BLACK_JOKER: 1, Rank.RED_JOKER: 2}.get(card.rank, 0)
    return (count, kind)


def _shape(cards: Sequence[Card]) -> tuple[Card, int]:
    kinds = Counter(cards)
    if not cards:
        raise InvalidPositionError("a declaration shows at least one card")
    if len(kinds) != 1:
        shown = " ".join(c.symbol_text for c in cards)
        raise InvalidPositionError(f"{shown}: a declaration shows identical cards (one card, a pair, …)")
    (card, count), = kinds.items()
    return card, count


def judge(
    cards: Sequence[Card],
    seat: int,
    rank: Rank,
    current: Declaration | None,
    rules: Rules,
    hand: Iterable[Card] | None = None,
) -> tuple[Verdict, Declaration | None]:
    """Whether ``seat`` may declare with ``cards`` when the level is ``rank`` and ``current`` stands.

    Returns the verdict (with a reason a learner can read) and the declaration when legal. Cards that are
    not identical raise InvalidPositionError.
    """
    card, count = _shape(cards)
    shown = " ".join(c.symbol_text for c in cards)
    if card.is_joker:
        if count < 2:
            return Verdict(False, "A joker never declares alone: show a pair of identical jokers for no trump."), None
    elif card.rank is not rank:
        return Verdict(False, f"Only the trump rank ({rank.text}) can be declared; {shown} is not."), None
    if hand is not None:
        held = Counter(hand)[card]
        if held < count:
            return Verdict(False, f"You hold {held} {card.symbol_text}, not {count}."), None
    new = Declaration(seat, card, count)
    if current is None:
        return Verdict(True, f"{rules.seats[seat]} declares {shown}: {new.outcome}."), new
    if current.seat == seat:
        if card == current.card and count > current.count:
            return Verdict(True, f"{rules.seats[seat]} reinforces the declaration with {shown}."), new
        return Verdict(False, "You may not override your own declaration; you may only reinforce it by showing "
                              f"more copies of {current.card.symbol_text}."), None
    if strength(card, count, rules) > strength(current.card, current.count, rules):
        return Verdict(True, f"{rules.seats[seat]} overrides {current.symbols} with {shown}: {new.outcome}."), new
    return Verdict(False, f"{shown} cannot override {current.symbols}: {_order_hint(current, rules)}"), None


def _order_hint(current: Declaration, rules: Rules) -> str:
    if rules.declare_order is DeclareOrder.TRACTOR:
        if current.card.is_joker:
            return "a pair of jokers cannot be overridden."
        if current.count >= 2:
            return "a pair of rank cards is overridden only by a pair of identical jokers."
        return "a single rank card is overridden by a pair of identical rank cards or jokers."
    return ("it needs more identical cards, or as many cards of a stronger kind "
            "(rank cards < small jokers < big jokers).")


def legal_declarations(
    hand: Iterable[Card], seat: int, rank: Rank, current: Declaration | None, rules: Rules
) -> list[Declaration]:
    """Every declaration ``seat`` may make now with ``hand`` (weakest first)."""
    tally = Counter(hand)
    out: list[Declaration] = []
    for card, held in tally.items():
        if not (card.is_joker or card.rank is rank):
            continue
        for count in range(2 if card.is_joker else 1, held + 1):
            verdict, decl = judge((card,) * count, seat, rank, current, rules)
            if verdict.legal and decl is not None:
                out.append(decl)
    out.sort(key=lambda d: (strength(d.card, d.count, rules), d.card.text))
    return out


@dataclass(frozen=True)
class KittyTurn:
    """Trump fixed by turning the kitty when nobody declared: the suit (None: no trump), the cards turned."""

    suit: Suit | None
    turned: tuple[Card, ...]
    reason: str


def turn_kitty(kitty: Sequence[Card], rank: Rank, rules: Rules) -> KittyTurn:
    """Turn the kitty's cards one at a time to fix the trump suit (later rounds with no declaration)."""
    if rules.no_declaration is NoDeclaration.FIRST_KITTY_CARD:
        for i, card in enumerate(kitty):
            if not card.is_joker:
                return KittyTurn(card.suit, tuple(kitty[: i + 1]),
                                 f"nobody declared: the first kitty card turned, {card.symbol_text}, "
                                 f"makes {card.suit.symbol} trump." if card.suit else "")
    else:
        for i, card in enumerate(kitty):
            if card.rank is rank:
                return KittyTurn(card.suit, tuple(kitty[: i + 1]),
                                 f"nobody declared: the kitty was turned until a {rank.text} showed "
                                 f"({card.symbol_text}), so {card.suit.symbol if card.suit else ''} is trump.")
        plain = [c for c in kitty if not c.is_joker]
        if plain:
            best = max(plain, key=lambda c: c.rank.value)  # max keeps the first turned among ties
            return KittyTurn(best.suit, tuple(kitty),
                             f"nobody declared and no {rank.text} was in the kitty: its highest card, "
                             f"{best.symbol_text}, makes {best.suit.symbol if best.suit else ''} trump.")
    return KittyTurn(None, tuple(kitty), "nobody declared and the kitty holds only jokers: no trump suit.")
