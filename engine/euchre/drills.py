"""Euchre's rule drills: the deck and the partners, the benny's place in the trump order, a turned-up joker, how
the cards are dealt, and who deals after a thrown-in hand. Posed from seeded deals; answered by this package's own
deck, seats (:class:`~engine.euchre.rules.Seat`), :func:`~engine.euchre.order.card_power`, ``check`` of the calls,
:func:`~engine.euchre.deal.deal_cards` and :func:`~engine.euchre.state.next_dealer`.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Final, TypeAlias

from engine.base import PASS
from engine.cards import Card, Rank, Suit
from engine.contract import Game
from engine.euchre.bidding import ORDER_UP, NameTrump
from engine.euchre.deal import deal_cards
from engine.euchre.order import BENNY, CARDS, card_power, describe_card, sort_hand, suit_plural, trump_order
from engine.euchre.play import Position, check
from engine.euchre.rules import DealPackets, Rules, Seat, Side, ThrownIn
from engine.euchre.score import TRICKS
from engine.euchre.state import Action, HandState, next_dealer
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as numeral
from engine.teaching import (
    ATTEMPTS,
    CardRow,
    Choice,
    Exercise,
    Make,
    PracticeError,
    PracticeRule,
    call_question,
    practice_rule,
    retried,
    sentence,
)
from engine.words import COMMON_RULE, capitalise, count

__all__ = ["BENNY_PRESET", "BENNY_TITLE", "DEAL_TITLE", "JOKER_TITLE", "PARTNERS_TITLE", "THROWN_IN_TITLE",
           "drill_rules"]

EuchreGame: TypeAlias = Game[Rules, HandState, Action]

PARTNERS_TITLE: Final = N_("Which deck, which partner?")
BENNY_TITLE: Final = N_("Which trump is highest?")
BENNY_PLAY_TITLE: Final = N_("Which may you play with the benny?")
BENNY_NOT_TITLE: Final = N_("Which may you NOT play with the benny?")
JOKER_TITLE: Final = N_("Which call when the joker is turned up?")
JOKER_NOT_TITLE: Final = N_("Which call may you NOT make when the joker is turned up?")
DEAL_TITLE: Final = N_("Who is dealt what?")
THROWN_IN_TITLE: Final = N_("Who deals next?")
BENNY_PRESET: Final = "benny"
"""The preset whose rules the benny's drills always use (their lessons are about the joker)."""
_SEEDS: Final = 2**31


def drill_rules(g: EuchreGame) -> tuple[PracticeRule, ...]:
    """The drills, in the order the practice page lists them."""
    return (
        practice_rule(g, "partners", N_("24 cards (9 to A); partners sit opposite and win tricks together"),
                      _partners(g), ("01-deck-and-partners",), heading=PARTNERS_TITLE),
        practice_rule(g, "benny", N_("the benny: a joker above the right bower, and a trump when you follow"),
                      _benny(g), ("09-benny-and-house-rules",), heading=BENNY_TITLE),
        practice_rule(g, "joker", N_("a turned-up joker: the dealer names trump at once"), _joker(g),
                      ("10-joker-turned-up",), heading=JOKER_TITLE),
        practice_rule(g, "deal", N_("the packets of the deal, from the dealer's left"), _deal(g),
                      ("11-how-the-cards-are-dealt",), heading=DEAL_TITLE),
        practice_rule(g, "thrown", N_("a hand all four pass twice is thrown in; who deals next"), _thrown(g),
                      ("12-thrown-in-hand",), heading=THROWN_IN_TITLE),
    )


def _seat_choices(right: Seat, why: str) -> tuple[Choice, ...]:
    return tuple(Choice(s.title, s is right, why if s is right else "") for s in Seat)


# ------------------------------------------------------------------------------------------ deck and partners


def _partners(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        dealt = deal_cards(rng.randrange(_SEEDS), None, rules)
        kind = rng.randrange(3)
        hint = _("Partners sit opposite each other (North with South, East with West) and count their tricks "
                 "together; the deck holds only the 9, 10, J, Q, K and A of each suit.")
        if kind == 0:
            seat = Seat(rng.randrange(4))
            why = _("{seat}'s partner is {partner}, who sits opposite: {side} play together").format(
                seat=seat.title, partner=seat.partner.title, side=seat.side.title)
            return _ask(g, preset, PARTNERS_TITLE, _("Who is {seat}'s partner?").format(seat=seat.title),
                        _seat_choices(seat.partner, why), hint, why)
        if kind == 1:
            won = [0, 0, 0, 0]
            for _attempt in range(TRICKS):
                won[rng.randrange(4)] += 1
            side = rng.choice(list(Side))
            right = sum(won[s] for s in side.seats)
            why = _("{side} are partners: {sum} = {tricks}").format(
                side=side.title, sum=" + ".join(f"{s.title} {numeral(won[s])}" for s in side.seats),
                tricks=count(right, "trick"))
            facts = tuple((s.title, count(won[s], "trick")) for s in Seat)
            choices = tuple(Choice(numeral(n), n == right, why if n == right else "") for n in range(TRICKS + 1))
            return _ask(g, preset, PARTNERS_TITLE, _("Each player's tricks in one hand are shown. How many tricks did "
                                                     "{side} take?").format(side=side.title), choices, hint, why,
                        facts=facts)
        hand = list(dealt.hands[rng.randrange(4)][:3])
        stranger = Card(rng.choice([r for r in Rank if not r.is_joker and r not in {c.rank for c in CARDS}]),
                        rng.choice(list(Suit)))
        shown = [*hand, stranger]
        rng.shuffle(shown)
        if rules.benny:
            said = _("{card} is not in the {size}-card Euchre deck: it holds the 9, 10, J, Q, K and A of each suit "
                     "and the joker")
        else:
            said = _("{card} is not in the {size}-card Euchre deck: it holds the 9, 10, J, Q, K and A of each suit")
        why = said.format(card=stranger.symbol_text, size=numeral(len(g.deck(rules).distinct())))
        choices = tuple(Choice(c.symbol_text, c == stranger, why if c == stranger else "", (c,)) for c in shown)
        return _ask(g, preset, PARTNERS_TITLE, _("Which one of these cards is never dealt in Euchre?"), choices, hint,
                    why)

    return make


def _ask(g: EuchreGame, preset: str, title: str, prompt: str, choices: tuple[Choice, ...], hint: str, why: str,
         facts: tuple[tuple[str, str], ...] = (), rows: tuple[CardRow, ...] = (), kind: str = "partners"
         ) -> Exercise:
    return Exercise(game=g.key, rule=f"{g.key}:{kind}", seed=0, preset=preset, title=_(title), prompt=prompt,
                    facts=facts, rows=rows, choices=choices, hint=hint, explanation=sentence(why),
                    per_choice_hint=False)


# ------------------------------------------------------------------------------------------ the benny


def _benny(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        if rng.random() < 0.5:
            for _attempt in range(ATTEMPTS):
                follow = _benny_follow(g, rng)
                if follow is not None:
                    return follow
        trump = rng.choice(list(Suit))
        order = trump_order(trump, benny=True)
        top = list(order[: rng.randint(2, 4)])
        others = [c for c in CARDS if c not in order and c.rank in (Rank.ACE, Rank.KING)]
        shown = rng.sample(top, min(len(top), rng.randint(2, 3))) + rng.sample(others, 1)
        if BENNY not in shown and rng.random() < 0.6:
            shown[0] = BENNY
        shown = list(dict.fromkeys(shown))
        rng.shuffle(shown)
        best = max(shown, key=lambda c: card_power(c, trump))
        ladder = " > ".join(c.symbol_text for c in order[:4])
        why = _("with the benny and {suits} trump the order starts {ladder} …; the highest here is {card}").format(
            suits=suit_plural(trump), ladder=ladder, card=describe_card(best, trump))
        choices = tuple(Choice(c.symbol_text, c == best, why if c == best else "", (c,)) for c in shown)
        return _ask(g, BENNY_PRESET, BENNY_TITLE, capitalise(_(
            "{suits} ({symbol}) are trump and the benny (the joker) is in play. Which one of these cards ranks "
            "highest?").format(suits=suit_plural(trump), symbol=trump.symbol)), choices,
                    _("With the benny the joker is the highest trump; then come the right bower, the left bower and "
                      "the ace of trumps."), why, facts=_benny_facts(trump), kind="benny")

    return make


def _benny_follow(g: EuchreGame, rng: random.Random) -> Exercise | None:
    """"Which may you play?" with the joker in hand: it belongs to the trump suit, so it follows a trump lead (and
    only then)."""
    rules = g.rules(BENNY_PRESET)
    trump = rng.choice(list(Suit))
    cards = [c for c in CARDS]
    rng.shuffle(cards)
    lead, *rest = cards[:4]
    hand = tuple(sort_hand((BENNY, *rest), trump))
    pos = Position.build(hand=hand, table=(lead,), trump=trump, players=4, rules=rules)
    verdicts = [(c, check(pos, c)) for c in hand]
    legal = [(c, v) for c, v in verdicts if v.legal]
    refused = [(c, v) for c, v in verdicts if not v.legal]
    if not legal or not refused:
        return None
    ask_legal = len(legal) == 1 or (len(refused) > 1 and any(c == BENNY for c, _ in legal))
    wanted, others = (legal, refused) if ask_legal else (refused, legal)
    one = next(((c, v) for c, v in wanted if c == BENNY), rng.choice(wanted))
    shown = [one, *others]
    rng.shuffle(shown)
    choices = tuple(Choice(c.symbol_text, v.legal is ask_legal, v.reason, (c,), legal=v.legal) for c, v in shown)
    if ask_legal:
        prompt = _("{suits} ({symbol}) are trump and the benny is in play. {west} led {card}. Which one of these may "
                   "you play?")
    else:
        prompt = _("{suits} ({symbol}) are trump and the benny is in play. {west} led {card}. Which one of these may "
                   "you NOT play?")
    west = Seat.WEST.title
    return Exercise(
        game=g.key, rule=f"{g.key}:benny", seed=0, preset=BENNY_PRESET,
        title=_(BENNY_PLAY_TITLE) if ask_legal else _(BENNY_NOT_TITLE),
        prompt=capitalise(prompt.format(suits=suit_plural(trump), symbol=trump.symbol, west=west,
                                        card=lead.symbol_text)),
        facts=_benny_facts(trump),
        rows=(CardRow(_("On the table"), ((_("{seat} (lead)").format(seat=west), (lead,)),)),
              CardRow(_("Your hand"), (("", hand),))),
        choices=choices,
    )


def _benny_facts(trump: Suit) -> tuple[tuple[str, str], ...]:
    return ((_("Trump"), f"{trump.symbol} {suit_plural(trump)}"), (_("The benny"), _("in play")))


# ------------------------------------------------------------------------------------------ a turned-up joker


def _joker(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(BENNY_PRESET)
        texts = (g.action_text(PASS), g.action_text(ORDER_UP), *(g.action_text(NameTrump(s)) for s in Suit))
        for _attempt in range(ATTEMPTS * 10):
            seed = rng.randrange(_SEEDS)
            if deal_cards(seed, None, rules).upcard != BENNY:
                continue
            state = g.new_game(rules, seed)
            made = call_question(g, state, rng, BENNY_PRESET, texts, "call")
            if made is not None:
                dealer = Seat(state.dealer).title
                asks_legal = "NOT" not in made.title
                return dataclasses.replace(
                    made, rule=f"{g.key}:joker", title=_(JOKER_TITLE) if asks_legal else _(JOKER_NOT_TITLE),
                    prompt=_("{dealer} deals and turns up the joker.").format(dealer=dealer) + " " + made.prompt,
                    rows=tuple(r for r in made.rows if r.cards))
        raise PracticeError("no deal with the joker turned up was found")

    return make


# ------------------------------------------------------------------------------------------ the deal


def _deal(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        packets = rng.choice(list(DealPackets))
        rules = dataclasses.replace(g.rules(preset), deal_packets=packets)
        dealt = deal_cards(rng.randrange(_SEEDS), None, rules)
        dealer = dealt.dealer
        marked = packets.description + ("" if packets is not DealPackets.THREE_TWO else f" ({_(COMMON_RULE)})")
        facts = ((_("Dealer"), dealer.title), (_("The deal"), marked))
        hint = _("The dealer deals clockwise, starting with the player on their left, in the packets the rules give.")
        if rng.random() < 0.5:
            first = dealt.packets[0][0]
            why = _("{dealer} deals, so the first packet goes to the player on the dealer's left: {first}").format(
                dealer=dealer.title, first=first.title)
            return _ask(g, preset, DEAL_TITLE, _("{dealer} deals. Who is given the first packet of cards?").format(
                dealer=dealer.title), _seat_choices(first, why), hint, why, facts=facts, kind="deal")
        seat = Seat(rng.randrange(4))
        sizes = [len(cards) for s, cards in dealt.packets if s is seat]
        right = sizes[0]
        why = _("the deal goes {packets}, from the dealer's left ({left}); {seat} is given {sizes} — {cards} in "
                "all").format(packets=packets.description, left=dealer.left.title, seat=seat.title,
                              sizes=_(" then ").join(numeral(n) for n in sizes), cards=count(sum(sizes), "card"))
        choices = tuple(Choice(numeral(n), n == right, why if n == right else "") for n in (1, 2, 3))
        return _ask(g, preset, DEAL_TITLE, _("{dealer} deals. How many cards is {seat} given in the first packet?")
                    .format(dealer=dealer.title, seat=seat.title), choices, hint, why, facts=facts, kind="deal",
                    rows=(CardRow(_("{seat}'s hand").format(seat=seat.title),
                                  (("", tuple(sort_hand(dealt.hands[seat]))),)),))

    return make


# ------------------------------------------------------------------------------------------ thrown in


def _thrown(g: EuchreGame) -> Make:
    def attempt(rng: random.Random, preset: str) -> Exercise | None:
        thrown = rng.choice(list(ThrownIn))
        rules = dataclasses.replace(g.rules(preset), stick_the_dealer=False, thrown_in=thrown)
        state = g.new_game(rules, rng.randrange(_SEEDS))
        while state.trump is None and not state.over:
            if not g.check(state, PASS).legal:
                return None  # a turned-up joker (the benny): the dealer must name trump, no hand is thrown in
            state = g.apply(state, PASS)
        if not state.thrown_in:
            return None
        dealer = Seat(state.dealer)
        right = Seat(next_dealer(state))
        why = _("all four passed twice, so the hand is thrown in and nobody scores; under these rules {then}: {who} "
                "deals next").format(then=thrown.description, who=right.title)
        marked = thrown.description + (f" ({_(COMMON_RULE)})" if thrown is ThrownIn.NEXT_DEALER else "")
        return _ask(g, preset, THROWN_IN_TITLE, _("{dealer} dealt, and all four players passed in both rounds. Who "
                                                  "deals the next hand?").format(dealer=dealer.title),
                    _seat_choices(right, why),
                    _("A thrown-in hand scores nothing; the rules say whether the deal moves on to the left or stays."),
                    why, facts=((_("Dealer"), dealer.title), (_("After a thrown-in hand"), marked)), kind="thrown",
                    rows=(CardRow(_("The upcard, turned down"), (("", (state.upcard,) if state.upcard else ()),)),))

    return retried(attempt, "hand thrown in")
