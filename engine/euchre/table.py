"""A whole hand of Euchre for the Table page: both calling rounds, the dealer's discard, going alone for
either side, five tricks and the score, with commentary on every step and a view for each seat.

Implements :class:`engine.table.TableGame` as :data:`TABLE`; actions cross as text (``pass``, ``order up``,
``name H``, ``discard 9C``, ``alone``, ``partner``, ``9C``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.base import PASS, Verdict
from engine.cards import Card
from engine.errors import IllegalPlayError, InvalidRequestError
from engine.euchre.bots import bot
from engine.euchre.deal import deal_cards
from engine.euchre.hand import (
    ORDER_UP,
    Action,
    Discard,
    GoAlone,
    HandState,
    NameTrump,
    Phase,
    action_text,
    apply,
    check_action,
    hand_result,
    legal_actions,
    next_dealer,
    parse_action,
    start_hand,
)
from engine.euchre.play import trick_winner, winner_reason
from engine.euchre.rules import PRESET_DESCRIPTIONS, BennyUpcard, Rules, Seat, Side, make_rules
from engine.euchre.trumps import BENNY, EFFECTIVE, describe_card, left_bower, sort_hand
from engine.table import Seat as TableSeat
from engine.table import Step, TableView

__all__ = ["TABLE", "EuchreTable", "hand_summary", "play_hand_with"]

SEAT_NAMES = tuple(s.title for s in Seat)


def _name(seat: int) -> str:
    return Seat(seat).title


def _tricks_line(state: HandState) -> str:
    return f"N-S {state.tricks_of(Side.NORTH_SOUTH)} · E-W {state.tricks_of(Side.EAST_WEST)}"


def commentary(before: HandState, action: Action, after: HandState) -> tuple[str, str]:
    """What happened, in words for a learner, and the chapter ("Calling", "Trick 2") of the step."""
    seat = before.to_act
    assert seat is not None
    who = _name(seat)
    phase = before.phase
    upcard = before.upcard.symbol_text if before.upcard else "?"
    if phase is Phase.JOKER_UPCARD:
        assert isinstance(action, NameTrump)  # the only legal action of this phase
        suit = action.suit
        if before.rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
            return (f"The joker was turned up, so {who}, the dealer, names trump at once, before looking at their "
                    f"cards: {suit.plural} {suit.symbol}. {Seat(seat).side.title} are the makers, as if {who} had "
                    f"ordered it up; {who} picks up the joker (the best bower) and will discard one card.",
                    "Calling")
        return (f"The joker was turned up, so {who}, the dealer, names the suit it stands for before looking at "
                f"their cards: {suit.plural} {suit.symbol}. Round 1: from the dealer's left, each player may "
                f"order it up (making {suit.plural} trump) or pass.", "Calling")
    if phase is Phase.CALL_ROUND_1:
        offered = before.turned_suit
        assert offered is not None
        if action is PASS:
            text = f"{who} passes: not {offered.plural} as trump."
            if after.phase is Phase.CALL_ROUND_2:
                text += (f" All four passed, so {upcard} is turned down. Round 2: from the dealer's left, each "
                         f"player may name a suit other than {offered.plural} or pass.")
            return text, "Calling"
        makers = Seat(seat).side.title
        dealer = _name(before.dealer)
        pick = "picks it up" if seat != before.dealer else "picks it up (they ordered it themselves)"
        return (f"{who} orders up {upcard}: {after.trump.plural} are trump and {makers} are the makers. "  # type: ignore
                f"The dealer, {dealer}, {pick} and will discard one card.", "Calling")
    if phase is Phase.CALL_ROUND_2:
        if action is PASS:
            if after.phase is Phase.SCORED:
                return ("The dealer passes too: all four passed twice, so the hand is thrown in and "
                        f"{before.rules.thrown_in.description}. No points.", "Calling")
            return f"{who} passes.", "Calling"
        trump = after.trump
        assert trump is not None
        return (f"{who} names {trump.plural} {trump.symbol}: {trump.plural} are trump (the left bower is "
                f"{left_bower(trump).symbol_text}) and {Seat(seat).side.title} are the makers.", "Calling")
    if phase is Phase.DEALER_DISCARD:
        return f"{who}, the dealer, discards one card face down.", "Calling"
    if phase is Phase.GO_ALONE:
        partner = Seat(seat).partner.title
        role = "maker" if Seat(seat).side.value == before.maker % 2 else "defender"  # type: ignore[operator]
        if action is GoAlone.ALONE:
            gain = "4 points if they take all 5 tricks" if role == "maker" else \
                "4 points if they take 3 or more tricks"
            text = f"{who} ({role}) goes alone: {partner} puts their cards down and sits out. {who} scores {gain}."
        else:
            text = f"{who} plays with their partner, {partner}."
        if after.phase is Phase.PLAY:
            text += " " + _lead_note(after)
        return text, "Calling"
    # play
    assert isinstance(action, Card)
    trump = before.trump
    assert trump is not None
    number = len(before.tricks) + 1
    chapter = f"Trick {number}"
    name = describe_card(action, trump)
    if not before.trick_cards:
        led = EFFECTIVE[trump][action]
        lead = f"{who} leads {name}"
        lead += " (a trump)" if led is trump and "bower" not in name else ""
        if action == left_bower(trump) or action == BENNY:
            lead += f": it is a {trump.plural[:-1]} while {trump.plural} are trump"
        text = lead + "."
    else:
        led = EFFECTIVE[trump][before.trick_cards[0]]
        mine = EFFECTIVE[trump][action]
        if mine is led:
            text = f"{who} follows with {name}."
        elif mine is trump:
            text = f"{who} has no {led.plural} and trumps with {name}."
        else:
            text = f"{who} has no {led.plural} and throws off {name}."
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        winner = trick.seats[trick_winner(trick.cards, trump)]
        text += f" {_name(winner)} wins the trick — {winner_reason(trick.cards, trump)}. Tricks: {_tricks_line(after)}."
        result = hand_result(after)
        if result is not None and result.score is not None and result.makers is not None:
            text += f" Hand over: {result.makers.title} (makers) took {result.makers_tricks} tricks — " \
                    f"{result.score.row}."
    return text, chapter


def _lead_note(state: HandState) -> str:
    first = (state.dealer + 1) % 4
    leader = state.to_act
    assert leader is not None
    if leader == first:
        return f"{_name(leader)}, on the dealer's left, leads the first trick."
    return f"{_name(first)}, on the dealer's left, sits out, so {_name(leader)} leads the first trick."


def hand_summary(state: HandState, record: Sequence[str] | None = None) -> dict[str, Any]:
    """A finished (or current) hand as JSON: the deal, the actions, tricks and the result."""
    out: dict[str, Any] = {
        "dealer": Seat(state.dealer).letter,
        "upcard": state.upcard.text if state.upcard else None,
        "dealt": {s.letter: " ".join(c.text for c in sort_hand(state.dealt[s])) for s in Seat} if state.dealt else {},
        "phase": state.phase.value,
        "to_act": Seat(state.to_act).letter if state.to_act is not None else None,
        "actions": list(record) if record is not None else [action_text(a) for _, a in state.history],
        "trump": state.trump.letter if state.trump else None,
        "joker_suit": state.joker_suit.letter if state.joker_suit else None,
        "maker": Seat(state.maker).letter if state.maker is not None else None,
        "alone": [Seat(s).letter for s in state.lone],
        "sits_out": [Seat(s).letter for s in state.out],
        "tricks": [
            {"leader": Seat(t.leader).letter, "cards": " ".join(c.text for c in t.cards),
             "winner": Seat(t.winner(state.trump)).letter}  # type: ignore[arg-type]
            for t in state.tricks
        ],
        "tricks_won": {"N-S": state.tricks_of(Side.NORTH_SOUTH), "E-W": state.tricks_of(Side.EAST_WEST)},
        "tricks_line": _tricks_line(state),
    }
    out["result"] = TABLE.result(state)
    return out


def play_hand_with(
    rules: Rules, seed: int, actions: Sequence[str], bots: str | Sequence[str] = "heuristic",
    dealer: Seat | None = None,
) -> HandState:
    """The seeded hand after replaying ``actions`` (text) and then letting ``bots`` play to the end.

    An illegal action raises IllegalPlayError naming its number and the reason.
    """
    state = start_hand(rules, deal_cards(seed, dealer, rules))
    for number, text in enumerate(actions, start=1):
        if state.to_act is None:
            raise IllegalPlayError(f"action {number} ({text!r}): the hand is already over")
        try:
            state = apply(state, parse_action(text))
        except ValueError as error:
            raise IllegalPlayError(f"action {number} ({text!r}): {error}") from None
    names = [bots] * 4 if isinstance(bots, str) else list(bots)
    if len(names) == 2:
        names *= 2
    if len(names) != 4:
        raise InvalidRequestError("bots: one name, two (North-South, East-West) or four (one per seat)")
    players = [bot(n) for n in names]
    rng = random.Random(seed ^ 0x5EED)
    while state.to_act is not None:
        state = apply(state, players[state.to_act](state, rng))
    return state


class EuchreTable:
    """The :class:`engine.table.TableGame` of Euchre."""

    game = "euchre"

    def presets(self) -> Sequence[str]:
        return list(PRESET_DESCRIPTIONS)

    def seat_names(self, state: HandState) -> tuple[str, ...]:
        return SEAT_NAMES

    def new_hand(self, preset: str, seed: int, options: Mapping[str, Any] | None = None) -> HandState:
        rules = make_rules(preset, options)
        return start_hand(rules, deal_cards(seed, rules=rules))

    def to_act(self, state: HandState) -> int | None:
        return state.to_act

    def legal_actions(self, state: HandState, limit: int = 500) -> list[str]:
        return [action_text(a) for a in legal_actions(state)][:limit]

    def check(self, state: HandState, action: str) -> Verdict:
        try:
            parsed = parse_action(action)
        except ValueError as error:
            return Verdict(False, str(error))
        return check_action(state, parsed)

    def apply(self, state: HandState, action: str) -> tuple[HandState, Step]:
        parsed = parse_action(action)
        after = apply(state, parsed)
        comment, chapter = commentary(state, parsed, after)
        return after, Step(state.to_act, action_text(parsed), comment, chapter)  # type: ignore[arg-type]

    def bot_action(self, state: HandState, bot_name: str, rng: random.Random) -> str:
        return action_text(bot(bot_name)(state, rng))

    def view(self, state: HandState, seat: int | None) -> TableView:
        seats = []
        blind = state.phase is Phase.JOKER_UPCARD  # the dealer names a suit before looking at their cards
        for s in Seat:
            visible = seat is None or (seat == s and not (blind and s == state.dealer))
            cards = tuple(sort_hand(state.hands[s], state.trump))
            roles = []
            if s == state.dealer:
                roles.append("dealer")
            if s == state.maker:
                roles.append("maker")
            if s in state.lone:
                roles.append("alone")
            if s in state.out:
                roles.append("sits out")
            note = ""
            if state.phase in (Phase.PLAY, Phase.SCORED) and state.trump is not None:
                note = f"{state.won[s]} trick{'s' if state.won[s] != 1 else ''}"
            else:
                said = [a for who, a in state.history if who == s]
                if said:
                    note = _said(said[-1])
            seats.append(TableSeat(s.title, tuple(c if visible else None for c in cards), ", ".join(roles),
                                   s not in state.out, note))
        info: list[tuple[str, str]] = [("Dealer", _name(state.dealer))]
        rules = state.rules
        if not state.tricks and not state.trick_cards:
            deck = "25 cards with the joker (RJ, the best bower)" if rules.benny else "24 cards, 9 to A"
            info.append(("Deal", f"{deck}; {rules.deal_packets.description}, from {_name((state.dealer + 1) % 4)}"))
        if state.phase is Phase.JOKER_UPCARD:
            info.append(("Joker turned up", rules.benny_upcard.description))
        if state.joker_suit is not None and state.trump is None:
            info.append(("The joker stands for", f"{state.joker_suit.symbol} {state.joker_suit.plural}"))
        if state.trump is not None:
            info.append(("Trump", f"{state.trump.symbol} {state.trump.plural}"))
            makers = Seat(state.maker).side  # type: ignore[arg-type]
            info.append(("Makers", f"{makers.title} ({_name(state.maker)} called)"))  # type: ignore[arg-type]
            if state.lone:
                info.append(("Alone", ", ".join(_name(s) for s in state.lone)))
            info.append(("Tricks", _tricks_line(state)))
        info.append(("Phase", state.phase.value))
        result = hand_result(state)
        if result is not None:
            ns, ew = result.points
            info.append(("Points", "thrown in" if result.thrown_in else f"N-S {ns} · E-W {ew}"))
            if result.thrown_in:
                info.append(("Next deal", f"{_name(next_dealer(state))} ({rules.thrown_in.description})"))
        extra: list[tuple[str, tuple[Card | None, ...]]] = []
        if state.upcard is not None:
            if state.phase is Phase.JOKER_UPCARD:
                extra.append(("Upcard: the joker!", (state.upcard,)))
            elif state.phase is Phase.CALL_ROUND_1:
                extra.append(("Upcard", (state.upcard,)))
            elif state.phase is Phase.CALL_ROUND_2 or state.thrown_in:
                extra.append(("Turned down", (state.upcard,)))
        if state.discard is not None and (seat is None or seat == state.dealer):
            extra.append(("Dealer's discard", (state.discard,)))
        if state.kitty:
            extra.append(("Kitty", tuple(state.kitty) if seat is None else (None,) * len(state.kitty)))
        table: tuple[tuple[int, tuple[Card, ...], str], ...] = ()
        if state.trick_cards:
            table = tuple((s, (c,), "lead" if i == 0 else "") for i, (s, c) in
                          enumerate(zip(state.trick_seats, state.trick_cards, strict=True)))
        elif state.tricks and state.trump is not None:
            last = state.tricks[-1]
            win = last.winner(state.trump)
            table = tuple((s, (c,), "wins" if s == win else ("lead" if i == 0 else "")) for i, (s, c) in
                          enumerate(zip(last.seats, last.cards, strict=True)))
        return TableView(tuple(seats), state.to_act, state.phase.value, table, tuple(info), tuple(extra))

    def result(self, state: HandState) -> dict[str, Any] | None:
        result = hand_result(state)
        if result is None:
            return None
        if result.thrown_in:
            return {"thrown_in": True, "points": {"N-S": 0, "E-W": 0},
                    "next_dealer": Seat(next_dealer(state)).letter,
                    "summary": f"All four passed twice: the hand is thrown in, no points; "
                               f"{state.rules.thrown_in.description} ({_name(next_dealer(state))} deals next)."}
        ns, ew = result.points
        assert result.makers is not None and result.score is not None and result.trump is not None
        return {
            "thrown_in": False,
            "trump": result.trump.letter,
            "maker": Seat(result.maker).letter,  # type: ignore[arg-type]
            "makers": result.makers.short,
            "makers_tricks": result.makers_tricks,
            "maker_alone": result.maker_alone,
            "defender_alone": result.defender_alone,
            "points": {"N-S": ns, "E-W": ew},
            "summary": f"{result.makers.title} (makers, {result.trump.plural}) took {result.makers_tricks} "
                       f"trick{'s' if result.makers_tricks != 1 else ''}: {result.score.row}.",
        }


def _said(action: Action) -> str:
    if action is PASS:
        return "passed"
    if action is ORDER_UP:
        return "ordered up"
    if isinstance(action, NameTrump):
        return f"named {action.suit.symbol}"
    if isinstance(action, Discard):
        return "discarded"
    if isinstance(action, GoAlone):
        return "alone" if action is GoAlone.ALONE else "with partner"
    return ""


TABLE = EuchreTable()
