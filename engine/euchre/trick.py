"""Who wins a trick, why, and who plays to it in which order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card, Suit, format_cards
from engine.errors import InvalidPositionError
from engine.euchre.order import EFFECTIVE, POWER, describe_card, suit_one, suit_plural
from engine.euchre.rules import Seat
from engine.i18n import gettext as _
from engine.words import number, seat_name

__all__ = ["Trick", "check_sitting_out", "play_order", "trick_winner", "winner_reason", "winning_why"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: who led, the cards in the order played and who played each."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]

    def winner(self, trump: Suit) -> int:
        """The seat that wins this (complete) trick."""
        return self.seats[trick_winner(self.cards, trump)]


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The index in ``trick`` of the winning card: the highest trump, else the highest card of the suit led."""
    if not trick:
        raise InvalidPositionError(_("an empty trick has no winner"))
    suits, power = EFFECTIVE[trump], POWER[trump]
    led = suits[trick[0]]
    best, best_key = 0, power[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        s = suits[c]
        if s is trump or s is led:
            key = power[c]
            if key > best_key:
                best, best_key = i, key
    return best


def winning_why(trick: Sequence[Card], trump: Suit) -> str:
    """What makes the winning card of the complete ``trick`` win, as a noun phrase after the card: ``the only
    trump played (hearts are trump)``, ``the highest of the three trumps played (9♥ K♥ J♦)``, ``the highest club,
    the suit led, as no trump was played``."""
    suits = EFFECTIVE[trump]
    trumps = [c for c in trick if suits[c] is trump]
    if len(trumps) == 1:
        return _("the only trump played ({suits} are trump)").format(suits=suit_plural(trump))
    if len(trumps) == 2:
        return _("the higher of the two trumps played ({cards})").format(cards=format_cards(trumps, symbols=True))
    if trumps:
        return _("the highest of the {number} trumps played ({cards})").format(
            number=number(len(trumps)), cards=format_cards(trumps, symbols=True))
    led = suits[trick[0]]
    return _("the highest {suit}, the suit led, as no trump was played").format(suit=suit_one(led))


def winner_reason(trick: Sequence[Card], trump: Suit) -> str:
    """Why the winner of the complete ``trick`` wins, for a learner: ``J♦ (left bower) wins: it is the only
    trump played (hearts are trump)``."""
    card = trick[trick_winner(trick, trump)]
    return _("{card} wins: it is {why}").format(card=describe_card(card, trump), why=winning_why(trick, trump))


def check_sitting_out(out: Sequence[Seat]) -> None:
    """Refuse seats sitting out that cannot: at most one of each side (the partner of a lone player)."""
    if len(set(out)) != len(out) or len(out) > 2 or (len(out) == 2 and out[0].side == out[1].side):
        raise InvalidPositionError(_("at most one player of each side sits out (the partner of a lone player)"))


def play_order(leader: Seat, out: Iterable[Seat] = (), count: int | None = None) -> tuple[Seat, ...]:
    """The seats that play to a trick led by ``leader``, clockwise, skipping the seats that sit out (``count``
    of them; all the active seats by default). InvalidPositionError for a leader who sits out or for two
    sitting out on one side."""
    out = tuple(out)
    check_sitting_out(out)
    if leader in out:
        raise InvalidPositionError(_("{seat} sits out and cannot lead").format(seat=seat_name(leader.letter)))
    active = 4 - len(out)
    count = active if count is None else count
    if not 0 <= count <= active:
        raise InvalidPositionError(_("{active} players are active, so a trick holds {active} cards, not {count}")
                                   .format(active=active, count=count))
    seats = [leader]
    while len(seats) < count:
        nxt = seats[-1].left
        while nxt in out:
            nxt = nxt.left
        seats.append(nxt)
    return tuple(seats[:count])
