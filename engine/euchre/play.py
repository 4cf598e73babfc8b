"""One turn of play: which cards are legal, and why a card is or is not legal — the one legality path for plays.

A :class:`Position` is what one player sees when it is their turn: trump, their hand and the cards of the
current trick so far (``table``). Players must follow the led suit — the *effective* suit, where the left bower
is a trump, and so is the benny (the joker) when that option is on — if they can; otherwise any card may be
played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.base import LegalPlays, ListedPlays, Verdict
from engine.cards import Card, Suit, format_cards
from engine.errors import InvalidPositionError
from engine.euchre.order import EFFECTIVE, check_cards, suit_count, suit_name, suit_plural, who_it_is
from engine.euchre.rules import Rules
from engine.i18n import gettext as _

__all__ = ["HAND_SIZE", "Position", "check", "led_phrase", "legal_cards", "legal_plays"]

HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class Position:
    """One player's turn in a trick: trump, their hand, the cards already played to this trick in order.

    ``players`` is the number of active players (4, or 3 / 2 when someone goes alone): a trick holds that
    many cards, so at most ``players - 1`` can be on the table before this player's turn. ``benny``: the
    25-card deck with the joker is in play. The constructor does not check; :meth:`build` does.
    """

    trump: Suit
    hand: tuple[Card, ...]
    table: tuple[Card, ...] = ()
    players: int = 4
    benny: bool = False

    @classmethod
    def build(cls, *, hand: Iterable[Card], table: Iterable[Card] = (), rules: Rules, trump: Suit,
              players: int = 4) -> Position:
        """A checked position: InvalidPositionError, CardNotInDeckError or TooManyCopiesError name what cannot
        occur (a card twice, a card outside the deck in play, a hand too large, a trick already complete)."""
        hand, table = tuple(hand), tuple(table)
        benny = rules.benny
        if not isinstance(trump, Suit):
            raise InvalidPositionError(_("trump must be a suit (S, H, D, C), not {value}").format(value=repr(trump)))
        if not 2 <= players <= 4:
            raise InvalidPositionError(_("2, 3 or 4 players are active in a hand of Euchre, not {players}").format(
                players=players))
        check_cards(hand, "in your hand", benny)
        check_cards(table, "in the trick", benny)
        check_cards(hand + table, "in your hand and the trick together", benny)
        if len(hand) > HAND_SIZE:
            raise InvalidPositionError(_("a hand holds at most {most} cards during play; this one holds {held}")
                                       .format(most=HAND_SIZE, held=len(hand)))
        if not hand:
            raise InvalidPositionError(_("your hand is empty: there is nothing to play"))
        if len(table) >= players:
            raise InvalidPositionError(
                _("the trick already holds {held} cards, but with {players} active players a trick is complete "
                  "after {players}: there is no turn left in it").format(held=len(table), players=players))
        return cls(trump, hand, table, players, benny)

    @property
    def led_suit(self) -> Suit | None:
        """The effective suit of the card led, or None when this player leads."""
        return EFFECTIVE[self.trump][self.table[0]] if self.table else None


def legal_plays(position: Position, limit: int | None = None) -> LegalPlays[Card]:
    """The cards of the hand that may be played now, in hand order (at most ``limit``), and how many there are."""
    legal = legal_cards(position.hand, position.table, position.trump)
    listed = legal if limit is None else legal[:max(0, limit)]
    return ListedPlays(listed, len(listed) == len(legal), len(legal))


def legal_cards(hand: Sequence[Card], table: Sequence[Card], trump: Suit) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played on ``table`` (the hot path of play-outs: no checks)."""
    if not table:
        return tuple(hand)
    suits = EFFECTIVE[trump]
    led = suits[table[0]]
    follow = tuple(c for c in hand if suits[c] is led)
    return follow or tuple(hand)


def led_phrase(lead: Card, trump: Suit) -> str:
    """What was led, for reasons: ``clubs were led (9♣)``, or for a bower led ``hearts were led (J♦ is the left
    bower, a heart while hearts are trump)``."""
    led = EFFECTIVE[trump][lead]
    note = who_it_is(lead, trump)
    if note:
        return _("{suits} were led ({card} is {note})").format(suits=suit_plural(led), card=lead.symbol_text,
                                                                 note=note)
    return _("{suits} were led ({card})").format(suits=suit_plural(led), card=lead.symbol_text)


def check(position: Position, card: Card) -> Verdict:
    """Whether ``card`` may be played now, with the rule that decides it, in words for a learner."""
    trump = position.trump
    text = card.symbol_text
    if card not in position.hand:
        return Verdict(False, _("{card} is not in your hand").format(card=text))
    led = position.led_suit
    suits = EFFECTIVE[trump]
    mine = suits[card]
    note = who_it_is(card, trump)
    if led is None:
        if note:
            return Verdict(True, _("you lead this trick, so any card may be played; {card} leads {suits} ({card} is "
                                   "{note})").format(card=text, suits=suit_plural(mine), note=note))
        return Verdict(True, _("you lead this trick, so any card may be played; {card} leads {suits}").format(
            card=text, suits=suit_plural(mine)))
    followers = [c for c in position.hand if suits[c] is led]
    led_text = led_phrase(position.table[0], trump)
    if mine is led:
        if note:
            return Verdict(True, _("{card} follows suit: it is {note}, and {led}").format(card=text, note=note,
                                                                                           led=led_text))
        return Verdict(True, _("{card} follows suit: {led}").format(card=text, led=led_text))
    if followers:
        held = format_cards(followers, symbols=True)
        facts = {"card": text, "a_suit": suit_name(led, 1), "count": suit_count(len(followers), led), "held": held,
                 "led": led_text}
        if note:
            return Verdict(False, _("{card} is {note}, not {a_suit}; you hold {count} ({held}), and you must follow "
                                    "suit when {led}").format(note=note, **facts))
        return Verdict(False, _("{card} is not {a_suit}; you hold {count} ({held}), and you must follow suit when "
                                "{led}").format(**facts))
    # Void in the suit led: a card printed in that suit may still belong to trump (a bower), which is worth saying.
    hidden = [c for c in position.hand if c.suit is led and suits[c] is not led]
    tail = bool(note) and card not in hidden
    facts = {"suits": suit_plural(led), "led": led_text}
    if hidden:
        facts |= {"hidden": hidden[0].symbol_text, "hidden_note": who_it_is(hidden[0], trump)}
        if tail:
            return Verdict(True, _("you hold no {suits} ({hidden} is {hidden_note}), so you may play any card: {led}; "
                                   "{card} is {note}").format(card=text, note=note, **facts))
        return Verdict(True, _("you hold no {suits} ({hidden} is {hidden_note}), so you may play any card: {led}")
                       .format(**facts))
    if tail:
        return Verdict(True, _("you hold no {suits}, so you may play any card: {led}; {card} is {note}").format(
            card=text, note=note, **facts))
    return Verdict(True, _("you hold no {suits}, so you may play any card: {led}").format(**facts))
