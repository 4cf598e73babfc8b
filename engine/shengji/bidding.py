"""The decisions before play: declaring trump while the cards are drawn, and the kitty exchange.

**Declaring.** A player shows trump-rank cards (or a pair of jokers) while drawing; the suit shown becomes trump.
Strength (weakest first). Competition (seed 000): one rank card < a pair of identical rank cards < two small
jokers < two big jokers < three identical rank cards < three small jokers < … — more identical cards win, and at
equal count rank cards < small jokers < big jokers. Tractor (seed 001): a single rank card is overridden by a pair
of identical rank cards or a pair of identical jokers; a pair of rank cards only by a pair of jokers; a pair of
jokers is final. Nobody may override their own declaration, but they may reinforce it: show more copies of the
same card. A joker declaration makes a no-trump round. When nobody declares in a later round the kitty is
turned (:func:`turn_kitty`).

**The kitty exchange.** The starter takes the kitty and buries as many cards (:func:`check_bury`).

Every rule here answers with a :class:`~engine.base.Verdict`; the state machine, the bots and the commands ask
these functions, never a copy of their rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from engine.base import Verdict
from engine.cards import Card, CardsText, Rank, Suit
from engine.errors import InvalidPositionError
from engine.i18n import gettext as _
from engine.shengji.enumeration import submultisets, windows
from engine.shengji.order import Trump, cards_text, points, seat_words
from engine.shengji.rules import DeclareOrder, FixedTrump, NoDeclaration, Rules, default_note, is_default
from engine.words import and_list, clause, number
from engine.words import count as counted

__all__ = [
    "Declaration",
    "KittyTurn",
    "bury_choices",
    "check_bury",
    "check_declaration",
    "declaration",
    "legal_declarations",
    "strength",
    "turn_kitty",
]


# ---------------------------------------------------------------------------------------------------
# declaring
# ---------------------------------------------------------------------------------------------------


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
        return _("no trump") if self.suit is None else _("{suit} trump").format(suit=self.suit.symbol)


def strength(card: Card, count: int, rules: Rules) -> tuple[int, int]:
    """A comparable strength: a declaration overrides another only with a strictly greater one."""
    if rules.declare_order is DeclareOrder.TRACTOR:
        return (count, 1 if card.is_joker else 0)
    kind = {Rank.BLACK_JOKER: 1, Rank.RED_JOKER: 2}.get(card.rank, 0)
    return (count, kind)


def declaration(cards: Sequence[Card], seat: int) -> Declaration:
    """The declaration that showing ``cards`` makes; InvalidPositionError unless they are identical cards."""
    if not cards:
        raise InvalidPositionError(_("a declaration shows at least one card"))
    kinds = Counter(cards)
    if len(kinds) != 1:
        raise InvalidPositionError(_("{cards}: a declaration shows identical cards (one card, a pair, …)").format(
            cards=cards_text(cards)))
    ((card, count),) = kinds.items()
    return Declaration(seat, card, count)


def check_declaration(
    cards: Sequence[Card],
    seat: int,
    rank: Rank,
    current: Declaration | None,
    rules: Rules,
    hand: Iterable[Card] | None = None,
    seats: Sequence[str] | None = None,
) -> Verdict:
    """Whether ``seat`` may declare with ``cards`` when the level is ``rank`` and ``current`` stands (``hand``,
    when given, must hold the cards). The reason names the seats by ``seats`` (default: the rules' letters)."""
    names = tuple(seats) if seats is not None else tuple(seat_words(s) for s in rules.seats)
    try:
        new = declaration(cards, seat)
    except InvalidPositionError as error:
        return Verdict(False, clause(str(error)))
    card, count = new.card, new.count
    shown = cards_text(cards)
    if rules.fixed_trump is not FixedTrump.DECLARED:
        return Verdict(False, _("nobody declares under these rules: the trump suit is {trump}").format(
            trump=rules.fixed_trump.label))
    if card.is_joker:
        if not rules.no_trump_declarations:
            return Verdict(False, _("jokers never declare under these rules: there are no no-trump rounds"))
        if count < 2:
            return Verdict(False, _("a joker never declares alone: show a pair of identical jokers for no trump"))
    elif card.rank is not rank:
        return Verdict(False, _("only cards of the trump rank ({rank}) can be declared, and {cards} is not one").format(
            rank=rank.text, cards=shown))
    if hand is not None:
        held = Counter(hand)[card]
        if held == 0:
            return Verdict(False, _("{card} is not in your hand").format(card=card.symbol_text))
        if held < count:
            return Verdict(False, _("you hold {held}, not {count}").format(
                held=_("{count} {card}").format(count=number(held), card=card.symbol_text), count=number(count)))
    if current is None:
        return Verdict(True, _("{seat} declares {cards}: {outcome}").format(seat=names[seat], cards=shown,
                                                                            outcome=new.outcome))
    if current.seat == seat:
        if card == current.card and count > current.count:
            return Verdict(True, _("{seat} reinforces the declaration with {cards}: it is harder to override").format(
                seat=names[seat], cards=shown))
        return Verdict(False, _("you may not override your own declaration; you may only reinforce it by showing "
                                "more copies of {card}").format(card=current.card.symbol_text))
    if strength(card, count, rules) > strength(current.card, current.count, rules):
        return Verdict(True, _("{seat} overrides {current} with {cards}: {outcome}").format(
            seat=names[seat], current=current.symbols, cards=shown, outcome=new.outcome))
    return Verdict(False, _("{cards} cannot override {current}: {hint}").format(
        cards=shown, current=current.symbols, hint=_order_hint(current, rules)))


def is_reinforcement(cards: Sequence[Card], seat: int, current: Declaration | None) -> bool:
    """Whether showing ``cards`` by ``seat`` reinforces its own standing declaration (rather than overriding)."""
    return current is not None and current.seat == seat and bool(cards) and set(cards) == {current.card}


def _order_hint(current: Declaration, rules: Rules) -> str:
    if rules.declare_order is DeclareOrder.TRACTOR:
        if current.card.is_joker:
            return _("a pair of jokers cannot be overridden")
        if current.count >= 2:
            return _("a pair of rank cards is overridden only by a pair of identical jokers")
        return _("a single rank card is overridden by a pair of identical rank cards or jokers")
    return _("it needs more identical cards, or as many cards of a stronger kind (rank cards < small jokers < big "
             "jokers)")


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
            if check_declaration((card,) * count, seat, rank, current, rules).legal:
                out.append(Declaration(seat, card, count))
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
    if rules.no_declaration is not NoDeclaration.TURN_KITTY:
        for i, card in enumerate(kitty):
            if card.suit is not None:
                if i == 0:
                    why = _("nobody declared: the first kitty card turned, {card}, makes {suit} trump").format(
                        card=card.symbol_text, suit=card.suit.symbol)
                else:
                    jokers = and_list(c.symbol_text for c in kitty[:i])
                    why = (_("nobody declared: the first kitty card turned was {jokers}, which names no suit, so the "
                             "next, {card}, makes {suit} trump") if i == 1 else
                           _("nobody declared: the first kitty cards turned were {jokers}, which name no suit, so the "
                             "next, {card}, makes {suit} trump")).format(jokers=jokers, card=card.symbol_text,
                                                                         suit=card.suit.symbol)
                return KittyTurn(card.suit, tuple(kitty[: i + 1]), why)
    else:
        for i, card in enumerate(kitty):
            if card.rank is rank and card.suit is not None:
                return KittyTurn(card.suit, tuple(kitty[: i + 1]),
                                 _("nobody declared: the kitty was turned until a {rank} showed ({card}), so {suit} "
                                   "is trump").format(rank=rank.text, card=card.symbol_text, suit=card.suit.symbol))
        plain = [c for c in kitty if c.suit is not None]
        if plain:
            best = max(plain, key=lambda c: c.rank.value)  # max keeps the first turned among ties
            assert best.suit is not None
            return KittyTurn(best.suit, tuple(kitty),
                             _("nobody declared and no {rank} was in the kitty: its highest card, {card}, makes "
                               "{suit} trump").format(rank=rank.text, card=best.symbol_text, suit=best.suit.symbol))
    return KittyTurn(None, tuple(kitty), _("nobody declared and the kitty holds only jokers: no trump suit"))


# ---------------------------------------------------------------------------------------------------
# the kitty exchange
# ---------------------------------------------------------------------------------------------------


def check_bury(hand: Sequence[Card], cards: Sequence[Card], rules: Rules) -> Verdict:
    """Whether the starter, holding ``hand`` (with the kitty), may bury ``cards``."""
    k = rules.kitty
    have = Counter(hand)
    for card, n in Counter(cards).items():
        if have[card] < n:
            if have[card] == 0:
                return Verdict(False, _("{card} is not in your hand").format(card=card.symbol_text))
            return Verdict(False, _("you hold {held}, not {count}").format(
                held=_("{count} {card}").format(count=number(have[card]), card=card.symbol_text), count=number(n)))
    if len(cards) != k:
        return Verdict(False, _("the kitty holds {cards}: bury exactly {count}, not {played}").format(
            cards=counted(k, "card"), count=number(k), played=number(len(cards))))
    pts = points(cards)
    if not rules.bury_points_allowed and pts:
        plain = sum(n for c, n in have.items() if not points([c]))
        if plain >= k:
            return Verdict(False, _("these rules forbid burying point cards while you hold enough other cards"))
    if not pts:
        return Verdict(True, _("these {cards} may be buried; they hold no points").format(cards=counted(k, "card")))
    note = " (" + _("point cards may be buried: {note}").format(note=default_note("bury_points_allowed")) + ")" \
        if is_default(rules, "bury_points_allowed") else ""
    return Verdict(True, _("these {cards} may be buried; they hold {points}").format(
        cards=counted(k, "card"), points=counted(pts, "point")) + note)


def bury_choices(hand: Sequence[Card], trump: Trump, rules: Rules) -> Iterator[tuple[Card, ...]]:
    """Distinct legal burials: first a few that together use every card that may be buried (low cards first),
    then every other one (there are millions with 33 cards in hand: take what you need)."""
    k = rules.kitty
    low_first = sorted(hand, key=trump.key)
    if not rules.bury_points_allowed and sum(1 for c in hand if not points([c])) >= k:
        low_first = [c for c in low_first if not points([c])]
    seen: set[tuple[tuple[Card, int], ...]] = set()

    def fresh(play: tuple[Card, ...]) -> bool:
        key = tuple(sorted(Counter(play).items(), key=lambda item: (item[0].text, item[1])))
        if key in seen:
            return False
        seen.add(key)
        return True

    for play in windows(low_first, k):
        if fresh(play):
            yield play
    tally = Counter(low_first)
    items = [(c, tally[c]) for c in dict.fromkeys(low_first)]
    for play in submultisets(items, k):
        if fresh(play):
            yield play
