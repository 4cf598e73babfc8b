"""What the Table shows of a hand: a view for each seat, commentary on every step, and the outcome in words.

``view(state, seat)`` hides what the seat may not see (the dealer naming a suit for a turned-up joker does so
before looking at their cards); ``comment(before, action, after)`` says what happened and why, in a chapter
("Calling", "Trick 2"); ``outcome(state)`` says how the hand came out, with the points and — inside a game —
the new score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import PASS
from engine.cards import Card, Suit
from engine.contract import Outcome, Prompt
from engine.errors import CardTableError
from engine.euchre.bidding import ORDER_UP, Discard, GoAlone, NameTrump, dealer_stuck, must_go_alone
from engine.euchre.order import (
    BENNY,
    EFFECTIVE,
    describe_card,
    left_bower,
    right_bower,
    sort_hand,
    suit_one,
    suit_plural,
)
from engine.euchre.rules import BennyUpcard, Seat, Side, rule_source
from engine.euchre.score import game_over_reason, game_winner
from engine.euchre.state import (
    Action,
    HandState,
    Phase,
    action_text,
    hand_result,
    maker_trumps,
    next_dealer,
)
from engine.euchre.trick import trick_winner, winning_why
from engine.i18n import N_, ngettext, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as numeral
from engine.table import WON_TRICK, Step, TableView
from engine.table import Seat as TableSeat
from engine.words import capitalise, count, seat_name, sentence

__all__ = ["comment", "hand_groups", "outcome", "prompt", "result_sentence", "summary_row", "view"]



def _name(seat: int) -> str:
    return seat_name(Seat(seat).letter)


def _side(seat: int) -> str:
    return Seat(seat).side.title


def _tricks_line(state: HandState) -> str:
    return _score_line(state.tricks_of(Side.NORTH_SOUTH), state.tricks_of(Side.EAST_WEST))


def _score_line(ns: int, ew: int) -> str:
    """Two sides' numbers in short: ``N-S 2 · E-W 1``."""
    return _("N-S {ns} · E-W {ew}").format(ns=numeral(ns), ew=numeral(ew))


def _suit(suit: Suit) -> str:
    return suit_plural(suit)


# ---------------------------------------------------------------------------------------------- commentary


def comment(before: HandState, action: Action, after: HandState) -> Step:
    """What happened, in words for a learner, in its chapter ("Calling", "Trick 2")."""
    seat = before.to_act
    assert seat is not None
    text, chapter = _commentary(before, seat, action, after)
    return Step(seat, action_text(action), text, chapter)


def _joker_named(before: HandState, seat: int, suit: Suit) -> str:
    who = _name(seat)
    if before.rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
        return _("The joker was turned up, so {who}, the dealer, names trump at once, before looking at their "
                 "cards{where}: {suits} {symbol}. {side} are the makers, as if {who} had ordered it up; {who} picks up "
                 "the joker (the best bower) and will discard one card.").format(
            who=who, where=rule_source(before.rules, "benny_upcard"), suits=_suit(suit), symbol=suit.symbol,
            side=_side(seat))
    return _("The joker was turned up, so {who}, the dealer, names the suit it stands for before looking at their "
             "cards: {suits} {symbol}. Round 1: from the dealer's left, each player may order it up (making {suits} "
             "trump) or pass.").format(who=who, suits=_suit(suit), symbol=suit.symbol)


def _round_one(before: HandState, seat: int, action: Action, after: HandState) -> str:
    who = _name(seat)
    upcard = before.upcard.symbol_text if before.upcard else "?"
    offered = before.turned_suit
    assert offered is not None
    if action is PASS:
        text = _("{who} passes: not {suits} as trump.").format(who=who, suits=_suit(offered))
        if after.phase is Phase.CALL_ROUND_2:
            where = rule_source(before.rules, "name_turned_down_suit")
            if before.rules.name_turned_down_suit:
                turned = _("All four passed, so {upcard} is turned down. Round 2: from the dealer's left, each "
                           "player may name any suit, {suits} too{where}, or pass.")
            else:
                turned = _("All four passed, so {upcard} is turned down. Round 2: from the dealer's left, each "
                           "player may name a suit other than {suits}{where} or pass.")
            text += " " + turned.format(upcard=upcard, suits=_suit(offered), where=where)
        return text
    assert after.trump is not None
    if seat != before.dealer:
        said = _("{who} orders up {upcard}: {suits} are trump and {side} are the makers. The dealer, {dealer}, picks "
                 "it up and will discard one card.")
    else:
        said = _("{who} orders up {upcard}: {suits} are trump and {side} are the makers. The dealer, {dealer}, picks "
                 "it up (they ordered it themselves) and will discard one card.")
    return said.format(who=who, upcard=upcard, suits=_suit(after.trump), side=_side(seat),
                       dealer=_name(before.dealer))


def _round_two(before: HandState, seat: int, action: Action, after: HandState) -> str:
    who = _name(seat)
    if action is PASS:
        if after.phase is Phase.SCORED:
            return _("The dealer passes too: all four passed twice, so the hand is thrown in and nobody scores. "
                     "Then {next}{where}.").format(next=before.rules.thrown_in.description,
                                                    where=rule_source(before.rules, "thrown_in"))
        return _("{who} passes.").format(who=who)
    trump = after.trump
    assert trump is not None
    return _("{who} names {suits} {symbol}: {suits} are trump (the left bower is {left}) and {side} are the "
             "makers.").format(who=who, suits=_suit(trump), symbol=trump.symbol, left=left_bower(trump).symbol_text,
                               side=_side(seat))


def _go_alone(before: HandState, seat: int, action: Action, after: HandState) -> str:
    assert before.maker is not None
    who, partner = _name(seat), _name(Seat(seat).partner)
    maker = seat % 2 == before.maker % 2
    if action is GoAlone.ALONE:
        if maker:
            text = _("{who} (maker) goes alone: {partner} puts their cards down and sits out. If {who} takes all "
                     "five tricks, {side} score four points.")
        else:
            text = _("{who} (defender) goes alone: {partner} puts their cards down and sits out. If {who} takes "
                     "three or more tricks, {side} score four points.")
        text = text.format(who=who, partner=partner, side=_side(seat))
    else:
        text = _("{who} plays with their partner, {partner}.").format(who=who, partner=partner)
    if after.phase is Phase.PLAY:
        text += " " + _lead_note(after)
    return text


def _card_played(before: HandState, seat: int, action: Card, after: HandState) -> str:
    who = _name(seat)
    trump = before.trump
    assert trump is not None
    name = describe_card(action, trump)
    if not before.trick_cards:
        led = EFFECTIVE[trump][action]
        if action == left_bower(trump) or action == BENNY:
            text = _("{who} leads {card}: it is a {suit} while {suits} are trump.").format(
                who=who, card=name, suit=suit_one(trump), suits=_suit(trump))
        elif led is trump and action != right_bower(trump):
            text = _("{who} leads {card} (a trump).").format(who=who, card=name)
        else:
            text = _("{who} leads {card}.").format(who=who, card=name)
    else:
        led = EFFECTIVE[trump][before.trick_cards[0]]
        mine = EFFECTIVE[trump][action]
        if mine is led:
            text = _("{who} follows with {card}.").format(who=who, card=name)
        elif mine is trump:
            text = _("{who} has no {suits} and trumps with {card}.").format(who=who, suits=_suit(led), card=name)
        else:
            text = _("{who} has no {suits} and throws off {card}.").format(who=who, suits=_suit(led), card=name)
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        index = trick_winner(trick.cards, trump)
        text += " " + _("{winner} wins the trick with {card}, {why}. Tricks: {tricks}.").format(
            winner=_name(trick.seats[index]), card=describe_card(trick.cards[index], trump),
            why=winning_why(trick.cards, trump), tricks=_tricks_line(after))
        result = hand_result(after)
        if result is not None and not result.thrown_in:
            text += " " + _("The hand is over.") + " " + result_sentence(after)
    return text


def _commentary(before: HandState, seat: int, action: Action, after: HandState) -> tuple[str, str]:
    phase = before.phase
    calling = _("Calling")
    if phase is Phase.JOKER_UPCARD:
        assert isinstance(action, NameTrump)  # the only legal action of this phase
        return _joker_named(before, seat, action.suit), calling
    if phase is Phase.CALL_ROUND_1:
        return _round_one(before, seat, action, after), calling
    if phase is Phase.CALL_ROUND_2:
        return _round_two(before, seat, action, after), calling
    if phase is Phase.DEALER_DISCARD:
        return _("{who}, the dealer, discards one card face down.").format(who=_name(seat)), calling
    if phase is Phase.GO_ALONE:
        return _go_alone(before, seat, action, after), calling
    assert isinstance(action, Card)
    chapter = _("Trick {number}").format(number=numeral(len(before.tricks) + 1))
    return _card_played(before, seat, action, after), chapter


def _lead_note(state: HandState) -> str:
    first = (state.dealer + 1) % 4
    leader = state.to_act
    assert leader is not None
    if leader == first:
        return _("{who}, on the dealer's left, leads the first trick.").format(who=_name(leader))
    return _("{first}, on the dealer's left, sits out, so {who} leads the first trick{where}.").format(
        first=_name(first), who=_name(leader), where=rule_source(state.rules, "first_lead"))


THROWN_IN = N_("All four passed twice: the hand is thrown in and nobody scores.")


def result_sentence(state: HandState) -> str:
    """How a scored hand came out, in one sentence: "North-South (hearts trump) took three tricks: one point to
    North-South.", "East-West (spades trump, West alone) took all five tricks, a lone march: four points to
    East-West.", "North-South (clubs trump) took only one trick, so they are euchred by East, defending alone:
    four points to East-West.", or the thrown-in hand."""
    result = hand_result(state)
    if result is None:
        raise CardTableError(_("the hand is not over"))
    if result.thrown_in or result.makers is None or result.trump is None or result.score is None:
        return _(THROWN_IN)
    makers, defenders = result.makers, result.makers.other
    lone = [s for s in state.lone if s % 2 == makers.value]
    lone_defender = [s for s in state.lone if s % 2 != makers.value]
    if lone:
        subject = _("{side} ({suits} trump, {who} alone)").format(side=makers.title, suits=_suit(result.trump),
                                                                 who=_name(lone[0]))
    else:
        subject = _("{side} ({suits} trump)").format(side=makers.title, suits=_suit(result.trump))
    tricks = result.makers_tricks
    score = result.score
    if score.euchred:
        facts = {"makers": subject, "tricks": count(tricks, "trick"), "points": count(score.defenders, "point"),
                 "side": defenders.title}
        if lone_defender:
            facts["who"] = _name(lone_defender[0])
            said = (_("{makers} took only {tricks}, so they are euchred by {who}, defending alone: {points} to {side}.")
                    if tricks else
                    _("{makers} took no tricks, so they are euchred by {who}, defending alone: {points} to {side}."))
        else:
            said = (_("{makers} took only {tricks}, so they are euchred: {points} to {side}.") if tricks else
                    _("{makers} took no tricks, so they are euchred: {points} to {side}."))
        return said.format(**facts)
    facts = {"makers": subject, "points": count(score.makers, "point"), "side": makers.title}
    if tricks == 5:
        said = (_("{makers} took all five tricks, a lone march: {points} to {side}.") if lone else
                _("{makers} took all five tricks, a march: {points} to {side}."))
        return said.format(**facts)
    return _("{makers} took {tricks}: {points} to {side}.").format(tricks=count(tricks, "trick"), **facts)


# ---------------------------------------------------------------------------------------------- views


def phase_words(phase: Phase) -> str:
    """How ``phase`` is written for people (its :attr:`Phase.value`), in the current language; the context
    "phase" keeps "play" the phase apart from "play" the thing counted."""
    return {
        Phase.JOKER_UPCARD: pgettext("phase", "joker upcard"), Phase.CALL_ROUND_1: pgettext("phase", "call round 1"),
        Phase.DEALER_DISCARD: pgettext("phase", "dealer discard"),
        Phase.CALL_ROUND_2: pgettext("phase", "call round 2"), Phase.GO_ALONE: pgettext("phase", "go alone"),
        Phase.PLAY: pgettext("phase", "play"), Phase.SCORED: pgettext("phase", "scored"),
    }[phase]


def _said(action: Action) -> str:
    if action is PASS:
        return _("passed")
    if action is ORDER_UP:
        return _("ordered up")
    if isinstance(action, NameTrump):
        return _("named {symbol}").format(symbol=action.suit.symbol)
    if isinstance(action, Discard):
        return _("discarded")
    if isinstance(action, GoAlone):
        return _("alone") if action is GoAlone.ALONE else _("with partner")
    return ""


def _suit_words(suit: Suit) -> str:
    return f"{suit.symbol} {suit_plural(suit)}"


def _makers_words(side: Side, maker: int) -> str:
    return _("{side} ({who} called)").format(side=side.title, who=_name(maker))


def view(state: HandState, seat: int | None) -> TableView:
    """What ``seat`` may see (``None``: every card face up, for a teacher)."""
    seats = []
    blind = state.phase is Phase.JOKER_UPCARD  # the dealer names a suit before looking at their cards
    for s in Seat:
        visible = seat is None or (seat == s and not (blind and s == state.dealer))
        cards = tuple(sort_hand(state.hands[s], state.trump))
        roles = []
        if s == state.dealer:
            roles.append(_("dealer"))
        if s == state.maker:
            roles.append(_("maker"))
        if s in state.lone:
            roles.append(_("alone"))
        if s in state.out:
            roles.append(_("sits out"))
        note = ""
        if state.phase in (Phase.PLAY, Phase.SCORED) and state.trump is not None:
            note = ngettext("{count} trick", "{count} tricks", state.won[s]).format(count=numeral(state.won[s]))
        else:
            said = [a for who, a in state.history if who == s]
            if said:
                note = _said(said[-1])
        seats.append(TableSeat(s.title, tuple(c if visible else None for c in cards), ", ".join(roles),
                               s not in state.out, note))
    info: list[tuple[str, str]] = [(_("Dealer"), _name(state.dealer))]
    rules = state.rules
    if not state.tricks and not state.trick_cards:
        deck = _("25 cards with the joker (RJ, the best bower)") if rules.benny else _("24 cards, 9 to A")
        info.append((_("Deal"), _("{deck}; {packets}, from {first}").format(
            deck=deck, packets=rules.deal_packets.description, first=_name((state.dealer + 1) % 4))))
    if state.phase is Phase.JOKER_UPCARD:
        info.append((_("Joker turned up"), rules.benny_upcard.description))
    if state.joker_suit is not None and state.trump is None:
        info.append((_("The joker stands for"), _suit_words(state.joker_suit)))
    if state.trump is not None and state.maker is not None:
        info.append((_("Trump"), _suit_words(state.trump)))
        info.append((_("Makers"), _makers_words(Seat(state.maker).side, state.maker)))
        if state.lone:
            info.append((_("Alone"), ", ".join(_name(s) for s in state.lone)))
        info.append((_("Tricks"), _tricks_line(state)))
    info.append((_("Phase"), phase_words(state.phase)))
    result = hand_result(state)
    if result is not None:
        ns, ew = result.points
        info.append((_("Points"), _("thrown in") if result.thrown_in else _score_line(ns, ew)))
        if result.thrown_in:
            info.append((_("Next deal"), f"{_name(next_dealer(state))} ({rules.thrown_in.description})"))
    extra: list[tuple[str, tuple[Card | None, ...]]] = []
    if state.upcard is not None:
        if state.phase is Phase.JOKER_UPCARD:
            extra.append((_("Upcard: the joker!"), (state.upcard,)))
        elif state.phase is Phase.CALL_ROUND_1:
            extra.append((_("Upcard"), (state.upcard,)))
        elif state.phase is Phase.CALL_ROUND_2 or state.thrown_in:
            extra.append((_("Turned down"), (state.upcard,)))
    if state.discard is not None and (seat is None or seat == state.dealer):
        extra.append((_("Dealer's discard"), (state.discard,)))
    if state.kitty:
        extra.append((_("Kitty"), tuple(state.kitty) if seat is None else (None,) * len(state.kitty)))
    table: tuple[tuple[int, tuple[Card, ...], str], ...] = ()
    if state.trick_cards:
        table = tuple((s, (c,), "lead" if i == 0 else "") for i, (s, c) in
                      enumerate(zip(state.trick_seats, state.trick_cards, strict=True)))
    elif state.tricks and state.trump is not None:
        last = state.tricks[-1]
        win = last.winner(state.trump)
        table = tuple((s, (c,), WON_TRICK if s == win else ("lead" if i == 0 else "")) for i, (s, c) in
                      enumerate(zip(last.seats, last.cards, strict=True)))
    return TableView(tuple(seats), state.to_act, state.phase.value, table, tuple(info), tuple(extra))


# ---------------------------------------------------------------------------------------------- the outcome


def returns(state: HandState) -> tuple[float, ...]:
    """Each seat's points of the hand minus the other side's (zero-sum, as OpenSpiel's returns; zeros before
    the end and for a thrown-in hand). A trick posed in the editor (no makers, earlier tricks unknown) is worth the
    tricks taken from there on, minus the other side's."""
    result = hand_result(state)
    if result is None:
        return (0.0, 0.0, 0.0, 0.0)
    if state.maker is None and state.trump is not None:  # a trick posed in the editor: the tricks from there on
        ns, ew = state.tricks_of(Side.NORTH_SOUTH), state.tricks_of(Side.EAST_WEST)
        return tuple(float(ns - ew if seat % 2 == 0 else ew - ns) for seat in range(4))
    ns, ew = result.points
    return tuple(float(ns - ew if seat % 2 == 0 else ew - ns) for seat in range(4))


def summary_row(state: HandState) -> dict[str, Any]:
    """The plain values of a finished hand: one row of a simulation (what the scoring explorer reads)."""
    result = hand_result(state)
    if result is None:
        raise CardTableError("the hand is not over")
    ns, ew = result.points
    before = state.scores or (0, 0)
    after = (before[0] + ns, before[1] + ew)
    winner = game_winner(after, state.rules)
    score = result.score
    return {
        "dealer": Seat(state.dealer).letter,
        "upcard": state.upcard.text if state.upcard else "",
        "thrown_in": result.thrown_in,
        "round": state.called_round,
        "trump": result.trump.letter if result.trump else "",
        "joker_suit": state.joker_suit.letter if state.joker_suit else "",
        "maker": Seat(result.maker).letter if result.maker is not None else "",
        "makers": result.makers.short if result.makers is not None else "",
        "caller_trumps": maker_trumps(state),
        "maker_alone": result.maker_alone,
        "defender_alone": result.defender_alone,
        "makers_tricks": result.makers_tricks,
        "makers_points": score.makers if score else 0,
        "defenders_points": score.defenders if score else 0,
        "euchred": bool(score and score.euchred),
        "march": bool(score and score.march),
        "ns_tricks": state.tricks_of(Side.NORTH_SOUTH),
        "ew_tricks": state.tricks_of(Side.EAST_WEST),
        "ns_points": ns,
        "ew_points": ew,
        "next_dealer": Seat(next_dealer(state)).letter,
        "ns_score": after[0],
        "ew_score": after[1],
        "game_winner": winner.short if winner is not None else "",
    }


def outcome(state: HandState) -> Outcome | None:
    """How the hand came out, in sentences, once it is over (None before)."""
    result = hand_result(state)
    if result is None:
        return None
    row = summary_row(state)
    nxt = _name(next_dealer(state))
    facts: list[tuple[str, str]] = []
    if result.thrown_in:
        summary = _(THROWN_IN) + " " + _("{then}{where}, so {who} deals next.").format(
            then=capitalise(state.rules.thrown_in.description), where=rule_source(state.rules, "thrown_in"), who=nxt)
        facts.append((_("Points"), _("none (the hand was thrown in)")))
    else:
        assert result.makers is not None and result.score is not None and result.trump is not None
        assert result.maker is not None
        summary = result_sentence(state)
        facts += [(_("Trump"), _suit_words(result.trump)),
                  (_("Makers"), _makers_words(result.makers, result.maker)),
                  (_("Tricks"), _tricks_line(state)),
                  (_("Points"), _score_line(row["ns_points"], row["ew_points"]))]
        alone = [_name(s) for s in state.lone]
        if alone:
            facts.append((_("Alone"), ", ".join(alone)))
    if state.scores is not None:
        scores = (row["ns_score"], row["ew_score"])
        facts.append((_("Game score"), _score_line(*scores)))
        summary += " " + _("The game score is now {score}.").format(score=_score_line(*scores)) + " " + \
            sentence(game_over_reason(scores, state.rules))
    facts.append((_("Next deal"), nxt))
    return Outcome(summary, returns(state), tuple(facts), row)


# ---------------------------------------------------------------------------------------------- the decision


def _trumps_of(cards: Sequence[Card], trump: Suit) -> tuple[Card, ...]:
    suits = EFFECTIVE[trump]
    return tuple(c for c in cards if suits[c] is trump)


def prompt(state: HandState) -> Prompt:
    """What the seat to act decides now, in one line, with the cards that matter highlighted: the cards that
    would be trumps when ordering up, the cards of the suit led, the upcard the dealer picked up."""
    seat = state.to_act
    if seat is None:
        return Prompt(_("The hand is over"))
    hand = state.hands[seat]
    phase = state.phase
    rules = state.rules
    if phase is Phase.JOKER_UPCARD:
        if rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
            return Prompt(_("The joker was turned up: name a trump suit before looking at your cards"))
        return Prompt(_("The joker was turned up: name the suit it stands for before looking at your cards"))
    if phase is Phase.CALL_ROUND_1:
        offered = state.turned_suit
        assert offered is not None and state.upcard is not None
        dealer = Seat(state.dealer)
        if seat == state.dealer:
            who = _("you deal: you pick it up")
        elif dealer.side is Seat(seat).side:
            who = _("your partner deals")
        else:
            who = _("{dealer}, an opponent, deals").format(dealer=dealer.title)
        up = "RJ" if state.upcard == BENNY else state.upcard.symbol_text
        return Prompt(_("Order up {upcard} ({who}) or pass").format(upcard=up, who=who),
                      highlight=_trumps_of(hand, offered),
                      highlight_label=_("trumps if {symbol} are trump").format(symbol=offered.symbol))
    if phase is Phase.CALL_ROUND_2:
        turned = state.turned_suit
        assert turned is not None
        stuck = dealer_stuck(state)
        if rules.name_turned_down_suit:
            said = _("Name a trump suit: the dealer is stuck and may not pass") if stuck else \
                _("Name a trump suit, or pass")
        else:
            said = _("Name a trump suit other than {symbol}: the dealer is stuck and may not pass") if stuck else \
                _("Name a trump suit other than {symbol}, or pass")
        return Prompt(said.format(symbol=turned.symbol))
    assert state.trump is not None
    trump = state.trump
    trumps = _trumps_of(hand, trump)
    trumps_label = _("trumps ({symbol})").format(symbol=trump.symbol)
    if phase is Phase.DEALER_DISCARD:
        upcard = state.upcard
        if rules.dealer_may_discard_upcard or upcard is None:
            said = _("Discard one card")
        else:
            said = _("Discard one card (not the upcard {card})").format(card=upcard.symbol_text)
        return Prompt(said, count=1, highlight=trumps, highlight_label=trumps_label,
                      marked=(upcard,) if upcard is not None and upcard in hand else (),
                      marked_label=_("the upcard you picked up"))
    if phase is Phase.GO_ALONE:
        assert state.maker is not None
        if must_go_alone(state):
            return Prompt(_("You ordered up your partner, the dealer: you must go alone"), highlight=trumps,
                          highlight_label=trumps_label)
        if seat % 2 == state.maker % 2:
            said = _("Go alone? Your partner would sit out; {symbol} are trump")
        else:
            said = _("Go alone against the makers? Your partner would sit out; {symbol} are trump")
        return Prompt(said.format(symbol=trump.symbol), highlight=trumps, highlight_label=trumps_label)
    if not state.trick_cards:
        return Prompt(_("Lead a card ({symbol} are trump)").format(symbol=trump.symbol), highlight=trumps,
                      highlight_label=trumps_label)
    suits = EFFECTIVE[trump]
    led = suits[state.trick_cards[0]]
    follow = tuple(c for c in hand if suits[c] is led)
    if follow:
        label = _("{symbol} (the suit led)").format(symbol=led.symbol) if led is not trump else \
            _("trumps ({symbol}, the suit led)").format(symbol=trump.symbol)
        return Prompt(_("Follow {symbol} if you can").format(symbol=led.symbol), highlight=follow,
                      highlight_label=label)
    return Prompt(_("You have no {symbol}: play any card (a trump can win the trick)").format(symbol=led.symbol),
                  highlight=trumps, highlight_label=trumps_label)


def hand_groups(state: HandState, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """``cards`` in groups for drawing: the trumps first (by effective suit: the left bower and the joker with
    them), highest first, then each side suit. While round 1 offers a suit, its would-be trumps come first
    ("♥ if trump"); in round 2 the cards go by printed suit, the joker first."""
    trump = state.trump
    label = ""
    if trump is None and state.phase is Phase.CALL_ROUND_1 and state.turned_suit is not None:
        trump = state.turned_suit
        label = _("{symbol} if trump").format(symbol=trump.symbol)
    if trump is None:
        ordered = sort_hand(cards)
        groups: dict[str, list[Card]] = {}
        for card in ordered:
            groups.setdefault(_("Joker") if card.suit is None else card.suit.symbol, []).append(card)
        return tuple((name, tuple(members)) for name, members in groups.items())
    suits = EFFECTIVE[trump]
    ordered = sort_hand(cards, trump)
    label = label or _("Trumps {symbol}").format(symbol=trump.symbol)
    groups = {}
    for card in ordered:
        suit = suits[card]
        groups.setdefault(label if suit is trump else suit.symbol, []).append(card)
    return tuple((name, tuple(members)) for name, members in groups.items())
