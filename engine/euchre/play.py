"""Playing a trick: which cards are legal, why a card is or is not legal, and who wins a trick.

A :class:`TrickPosition` is what one player sees when it is their turn: trump, their hand and the cards of
the current trick so far. Players must follow the led suit — the *effective* suit, where the left bower is
a trump, and so is the benny (the joker) when that option is on — if they can; otherwise any card may be
played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.base import Verdict
from engine.cards import Card, Suit, format_cards
from engine.errors import CardNotInDeckError, IllegalPlayError, InvalidPositionError
from engine.euchre.trumps import BENNY, EFFECTIVE, POWER, deck_of, describe_card, left_bower

__all__ = [
    "TrickPosition",
    "check",
    "check_cards",
    "legal_plays",
    "suit_name",
    "trick_winner",
    "winner_reason",
]

HAND_SIZE = 5


def suit_name(suit: Suit, count: int = 2) -> str:
    """``hearts`` (or ``a heart`` for count 1)."""
    return suit.plural if count != 1 else f"a {suit.plural[:-1]}"


def check_cards(cards: Iterable[Card], where: str, benny: bool = False) -> None:
    """Raise CardNotInDeckError / TooManyCopiesError unless ``cards`` can all come from one Euchre deck (the
    25-card deck with the joker when ``benny``)."""
    cards = tuple(cards)
    if not benny and BENNY in cards:
        error = CardNotInDeckError(BENNY.symbol_text, "24-card Euchre deck")
        error.args = (f"{BENNY.symbol_text} is not in the 24-card Euchre deck; turn on the benny option for the "
                      "25-card deck with a joker",)
        raise error
    deck_of(benny).check(cards, where)


@dataclass(frozen=True)
class TrickPosition:
    """One player's turn in a trick: trump, their hand, the cards already played to this trick in order.

    ``players`` is the number of active players (4, or 3 / 2 when someone goes alone): a trick holds that
    many cards, so at most ``players - 1`` can be on the table before this player's turn. ``benny``: the
    25-card deck with the joker is in play. Building one checks the position (InvalidPositionError,
    CardNotInDeckError, TooManyCopiesError name the problem).
    """

    trump: Suit
    hand: tuple[Card, ...]
    trick: tuple[Card, ...] = ()
    players: int = 4
    benny: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.trump, Suit):
            raise InvalidPositionError(f"trump must be a suit (S, H, D, C), not {self.trump!r}")
        if not 2 <= self.players <= 4:
            raise InvalidPositionError(f"2, 3 or 4 players are active in a hand of Euchre, not {self.players}")
        check_cards(self.hand, "in your hand", self.benny)
        check_cards(self.trick, "in the trick", self.benny)
        check_cards(tuple(self.hand) + tuple(self.trick), "in your hand and the trick together", self.benny)
        if len(self.hand) > HAND_SIZE:
            raise InvalidPositionError(
                f"a hand holds at most {HAND_SIZE} cards during play; this one holds {len(self.hand)}"
            )
        if not self.hand:
            raise InvalidPositionError("your hand is empty: there is nothing to play")
        if len(self.trick) >= self.players:
            raise InvalidPositionError(
                f"the trick already holds {len(self.trick)} cards, but with {self.players} active players a "
                f"trick is complete after {self.players}: there is no turn left in it"
            )

    @property
    def led_suit(self) -> Suit | None:
        """The effective suit of the card led, or None when this player leads."""
        return EFFECTIVE[self.trump][self.trick[0]] if self.trick else None


def legal_plays(position: TrickPosition) -> tuple[Card, ...]:
    """The cards of the hand that may be played now, in hand order."""
    return _legal(position.hand, position.trick, position.trump)


def _legal(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> tuple[Card, ...]:
    if not trick:
        return tuple(hand)
    suits = EFFECTIVE[trump]
    led = suits[trick[0]]
    follow = tuple(c for c in hand if suits[c] is led)
    return follow or tuple(hand)


def _bower_note(card: Card, trump: Suit, tag: bool = True) -> str:
    """``J♦ is a heart while hearts are trump (the left bower)`` for the left bower, the like for the benny,
    else ''."""
    if card == left_bower(trump):
        note = f"{card.symbol_text} is {suit_name(trump, 1)} while {trump.plural} are trump"
        return note + " (the left bower)" if tag else note
    if card == BENNY:
        note = f"{card.symbol_text}, the joker, is {suit_name(trump, 1)} while {trump.plural} are trump"
        return note + " (the best bower)" if tag else note
    return ""


def check(position: TrickPosition, card: Card) -> Verdict:
    """Whether ``card`` may be played now, with the rule that decides it, in words for a learner."""
    trump = position.trump
    if card not in position.hand:
        return Verdict(False, f"{card.symbol_text} is not in your hand")
    led = position.led_suit
    if led is None:
        return Verdict(True, f"you lead this trick, so any card may be played; {card.symbol_text} leads "
                             f"{suit_name(EFFECTIVE[trump][card])}")
    suits = EFFECTIVE[trump]
    followers = [c for c in position.hand if suits[c] is led]
    note = _bower_note(card, trump)
    lead_card = position.trick[0]
    led_text = f"{suit_name(led)} were led ({lead_card.symbol_text})"
    if lead_card == left_bower(trump) or lead_card == BENNY:
        role = "the left bower" if lead_card != BENNY else "the joker"
        led_text = f"{suit_name(led)} were led ({lead_card.symbol_text}, {role}, is " \
                   f"{suit_name(trump, 1)} while {trump.plural} are trump)"
    if suits[card] is led:
        if note:
            return Verdict(True, f"{note}, so it follows: {led_text}")
        return Verdict(True, f"{card.symbol_text} follows suit: {led_text}")
    if followers:
        held = format_cards(followers, symbols=True)
        what = note if note else f"{card.symbol_text} is not {suit_name(led, 1)}"
        return Verdict(False, f"{what}, and you hold {suit_name(led)} ({held}): you must follow suit when "
                              f"{led_text}")
    hidden = [c for c in position.hand if c.suit is led and suits[c] is not led]
    extra = f" ({_bower_note(hidden[0], trump, tag=False)})" if hidden else ""
    if note and card not in hidden:
        extra += f" ({note})"
    return Verdict(True, f"you hold no {suit_name(led)}{extra}, so you may play any card: {led_text}")


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The index in ``trick`` of the winning card: the highest trump, else the highest card of the suit led."""
    if not trick:
        raise InvalidPositionError("an empty trick has no winner")
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


def winner_reason(trick: Sequence[Card], trump: Suit) -> str:
    """Why the winner of the complete ``trick`` wins, for a learner."""
    index = trick_winner(trick, trump)
    card = trick[index]
    suits = EFFECTIVE[trump]
    trumps = [c for c in trick if suits[c] is trump]
    name = describe_card(card, trump)
    if trumps:
        if len(trumps) == 1:
            return f"{name} wins: it is the only trump played ({trump.plural} are trump)"
        return f"{name} wins: it is the highest of the trumps played ({format_cards(trumps, symbols=True)})"
    led = suits[trick[0]]
    return f"{name} wins: no trump was played, and it is the highest {suit_name(led, 1)[2:]} (the suit led)"


def require_legal(position: TrickPosition, card: Card) -> None:
    """Raise IllegalPlayError with the reason unless ``card`` is legal now."""
    verdict = check(position, card)
    if not verdict.legal:
        raise IllegalPlayError(verdict.reason)
