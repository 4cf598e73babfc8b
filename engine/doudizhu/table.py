"""What the Table shows of a Dou Dizhu hand: each seat's view, the commentary on every action, the outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import PASS
from engine.cards import Card
from engine.contract import COMMON_RULE, Outcome, Prompt
from engine.doudizhu.bidding import PASS_BID, Bid, redealt
from engine.doudizhu.combos import Combo, Kind, describe
from engine.doudizhu.order import ACE, CARDS, INDEX, TWO, cards_of, sort_ranks
from engine.doudizhu.play import Play, beaten_by, legal_plays
from engine.doudizhu.rules import default_note
from engine.doudizhu.score import Payment, score_hand
from engine.doudizhu.state import Action, Phase, State, action_text, to_act
from engine.table import Seat, Step, TableView
from engine.words import and_list, capitalise, count, number, or_list

__all__ = ["comment", "hand_groups", "outcome", "prompt", "view"]


# ------------------------------------------------------------------------------------------------ view


def view(state: State, seat: int | None) -> TableView:
    """What ``seat`` may see: its own cards (every card once the hand is over; all of them for ``None``, the
    teacher), the current trick, the auction or the stake, and the kitty once the landlord has it."""
    rules = state.rules
    names = rules.seat_names
    over = state.phase is Phase.OVER
    seats = []
    for s in range(rules.players):
        cards = cards_of(state.hands[s])
        shown: tuple[Card | None, ...] = cards if (seat is None or seat == s or over) else (None,) * len(cards)
        role = ""
        if state.landlord is not None:
            role = "landlord" if s == state.landlord else "peasant"
        seats.append(Seat(names[s], shown, role, True, _seat_note(state, s)))
    trick = tuple((s, m.cards if isinstance(m, Combo) else (), _move_label(m)) for s, m in state.trick)
    info: list[tuple[str, str]] = [("Phase", _phase_text(state))]
    if state.phase is Phase.BIDDING:
        info.append(("Face-up card", f"{state.dealt.face_up.text}, drawn by {names[state.dealt.first_bidder]}, "
                                     "who bids first"))
        info.append(("Bids", _calls_text(state)))
    else:
        info.append(("Landlord", f"{names[state.landlord]} (bid {state.auction.highest})"
                     if state.landlord is not None else "—"))
        info.append(("Stake", _stake_text(state)))
    if state.redeals:
        info.append(("Redeals", str(state.redeals)))
    kitty_visible = state.phase is not Phase.BIDDING or seat is None
    kitty = state.dealt.kitty if kitty_visible else (None,) * len(state.dealt.kitty)
    return TableView(tuple(seats), to_act(state), _phase_text(state), trick, tuple(info), (("Kitty", tuple(kitty)),))


def _move_label(move: Play) -> str:
    return describe(move) if isinstance(move, Combo) else "pass"


def _seat_note(state: State, seat: int) -> str:
    cards = sum(state.hands[seat])
    if state.phase is Phase.BIDDING:
        calls = [c for i, c in enumerate(state.auction.calls)
                 if (state.auction.first + i) % state.players == seat]
        said = ("bid " + str(calls[-1])) if calls and calls[-1] else ("passed" if calls else "")
        return f"{cards} cards" + (f" · {said}" if said else "")
    if state.out == seat:
        return "out — no cards left"
    return f"{cards} card{'s' if cards != 1 else ''}"


def _phase_text(state: State) -> str:
    if state.phase is Phase.BIDDING:
        return "Bidding"
    if state.phase is Phase.OVER:
        return "Hand over"
    return f"Play · trick {state.trick_no}"


def _call_text(call: int) -> str:
    return "pass" if call == PASS_BID else f"bid {call}"


def _calls_text(state: State) -> str:
    names = state.rules.seat_names
    auction = state.auction
    if not auction.calls:
        return "none yet"
    return ", ".join(f"{names[(auction.first + i) % state.players]}: {_call_text(c)}"
                     for i, c in enumerate(auction.calls))


def _stake_text(state: State) -> str:
    bid = state.auction.highest
    doublings = sum(1 for b in state.bombs if state.rules.bomb_doubles(b)) + state.rockets
    return f"{bid}" if not doublings else f"{bid} × 2^{doublings} = {bid * 2 ** doublings}"


# ------------------------------------------------------------------------------------------------ decisions


def prompt(state: State) -> Prompt:
    """What the seat to act decides, in one line, with the cards that matter highlighted: in the auction the
    cards that make a hand strong; on a lead nothing (any combination); following, the cards of the plays that
    beat the table. The landlord's kitty cards are marked in its hand during the first trick."""
    seat = to_act(state)
    if seat is None:
        return Prompt("The hand is over.")
    rules = state.rules
    hand = state.hands[seat]
    if state.phase is Phase.BIDDING:
        auction = state.auction
        kitty = f"the landlord takes the {number(rules.kitty)} kitty cards"
        bids = or_list(str(b) for b in range(auction.highest + 1, 4))
        if auction.must_bid:
            text = f"Everyone else passed and {redealt(rules.max_redeals)}: bid {bids} — {kitty}"
        elif auction.highest:
            text = f"Bid {bids} (above the bid of {auction.highest}), or pass — {kitty}"
        else:
            text = f"Bid {bids}, or pass — {kitty}"
        strong = tuple(c for c in cards_of(hand) if INDEX[c.rank] >= ACE or hand[INDEX[c.rank]] >= 4)
        return Prompt(text, highlight=strong, highlight_label="strong cards: jokers, 2s, aces and bombs")
    marked: tuple[Card, ...] = ()
    if seat == state.landlord and state.trick_no == 1:
        marked = _kitty_in_hand(state, hand)
    label = "the kitty you took" if marked else ""
    position = state.position()
    if position.table is None:
        lead = "You lead: play any combination (a leader cannot pass)"
        if state.landlord == seat and state.trick_no == 1 and not any(state.plays_by):
            lead = "You are the landlord and lead the first trick: play any combination"
        return Prompt(lead, marked=marked, marked_label=label)
    assert state.table is not None
    who = rules.seat_names[state.table[0]]
    plays = legal_plays(position)
    on = f"{who}'s {describe(position.table).removeprefix('a ').removeprefix('an ')}"
    if not plays.count:
        return Prompt(f"Nothing in your hand beats {on}: pass", marked=marked, marked_label=label)
    partner = (state.landlord is not None and seat != state.landlord and state.table[0] != state.landlord)
    beat = beaten_by(position.table, rules).removeprefix("only ").replace(" beats it", "")
    text = f"Beat {on} with {beat} — or pass" + (" (it is your partner's play)" if partner else "")
    usable = [0] * len(hand)
    for combo in plays:
        for r, n in enumerate(combo.counts):
            usable[r] = max(usable[r], n)
    return Prompt(text, highlight=cards_of(usable), highlight_label="cards that can beat it", marked=marked,
                  marked_label=label)


def _kitty_in_hand(state: State, hand: Sequence[int]) -> tuple[Card, ...]:
    """The kitty's cards still in the landlord's hand (each copy at most as often as the hand holds it)."""
    left = list(hand)
    out = []
    for card in state.dealt.kitty:
        r = INDEX[card.rank]
        if left[r]:
            left[r] -= 1
            out.append(CARDS[r])
    return tuple(out)


def hand_groups(cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """A hand in three groups for drawing, in the game's order: 3 to A (the ranks that chain into sequences),
    the 2s, the jokers."""
    groups: dict[str, list[Card]] = {"3 – A": [], "2s": [], "Jokers": []}
    for card in sort_ranks(cards):
        r = INDEX[card.rank]
        groups["3 – A" if r <= ACE else "2s" if r == TWO else "Jokers"].append(card)
    return tuple((label, tuple(members)) for label, members in groups.items() if members)


# ------------------------------------------------------------------------------------------------ commentary


def comment(before: State, action: Action, after: State) -> Step:
    """The commentary on ``action``, taken in ``before`` and leading to ``after`` (whole sentences)."""
    seat = to_act(before)
    assert seat is not None
    rules = before.rules
    names = rules.seat_names
    text = action_text(action)
    if before.phase is Phase.BIDDING:
        return Step(seat, text, _bid_comment(before, action, after, names[seat]), "Bidding")
    chapter = f"Trick {before.trick_no}"
    who = names[seat]
    if action is PASS:
        if after.table is None:
            assert before.table is not None
            leader = before.table[0]
            passes = before.passes + 1
            return Step(seat, text, f"{who} passes. {capitalise(count(passes, 'pass'))} in a row: {names[leader]} "
                                    f"wins the trick with {describe(before.table[1])} and leads the next one.",
                        chapter)
        return Step(seat, text, f"{who} passes (and may play again later in this trick).", chapter)
    assert isinstance(action, Combo)
    extra = ""
    if action.kind is Kind.BOMB:
        extra = " Bomb! The stake doubles." if rules.bomb_doubles(action.length) else \
            (f" A bomb of {number(action.length)} cards does not double the stake with {number(rules.players)} "
             f"players (only bombs of {number(min(rules.doubling_bomb_sizes))} or more cards do).")
    elif action.kind is Kind.ROCKET:
        extra = " The rocket! Nothing beats it, and the stake doubles."
    verb = "leads" if before.position().is_lead else "beats it with"
    base = f"{who} {verb} {describe(action)}.{extra}"
    left = sum(after.hands[seat])
    if after.phase is Phase.OVER:
        pay = score_hand(after)
        assert pay is not None and after.landlord is not None
        return Step(seat, text, f"{base} {who} has no cards left. {_result(after, pay)}", chapter)
    if left <= 2:
        base += f" {who} has only {count(left, 'card')} left!"
    return Step(seat, text, base, chapter)


def _stake_words(pay: Payment) -> str:
    """"bid 2, doubled by a bomb (×2) → 4", "bid 1, no doubling"."""
    doubled = [r for r in pay.reasons if "×2" in r]
    quiet = [r for r in pay.reasons if "×2" not in r]
    words = f"bid {pay.bid}"
    if doubled:
        words += f", doubled by {and_list(doubled)} → {pay.stake}"
    else:
        words += ", no doubling"
    if quiet:
        words += f" ({'; '.join(quiet)})"
    return words


def _result(state: State, pay: Payment) -> str:
    """The end of a hand in sentences: who went out, who wins, who pays whom and why."""
    assert state.landlord is not None and state.out is not None
    names = state.rules.seat_names
    landlord = names[state.landlord]
    peasants = and_list(names[s] for s in range(state.players) if s != state.landlord)
    if pay.landlord_won:
        head = f"{landlord}, the landlord, went out first: the landlord wins."
        share = f"{peasants} {'each pay' if state.players > 2 else 'pays'} {landlord} {pay.stake}"
    else:
        head = f"{names[state.out]} went out first: the peasants win."
        share = f"{landlord} pays {peasants} {pay.stake} each"
    spring = ""
    if pay.spring:
        spring = (" A spring: the peasants never played." if pay.landlord_won
                  else " A spring: the landlord played only the opening lead.")
    return f"{head}{spring} The stake is {_stake_words(pay)}: {share}."


def _bid_comment(before: State, action: Action, after: State, who: str) -> str:
    names = before.rules.seat_names
    said = f"{who} bids {action.value}" if isinstance(action, Bid) else f"{who} passes"
    if after.redeals > before.redeals:
        last = (f" Now {redealt(after.rules.max_redeals)}: if everyone else passes again, the last player to speak "
                f"must bid ({default_note('max_redeals')}).") if after.auction.forced else ""
        return (f"{said}. Everyone passed without a bid, so the cards are shuffled and dealt again; "
                f"{names[after.dealt.first_bidder]} drew the face-up card and bids first.{last}")
    if after.phase is Phase.BIDDING:
        note = "" if action is PASS else " (a bid must beat the highest so far)"
        return f"{said}{note}."
    landlord = after.landlord
    assert landlord is not None
    auction = after.auction
    why = "a bid of 3 ends the auction" if auction.highest == 3 else \
        f"{number(before.rules.passes_to_end)} passes in a row after the last bid end the auction"
    kitty = " ".join(c.symbol_text for c in before.dealt.kitty)
    return (f"{said}; {why}. {names[landlord]} is the landlord at {auction.highest} and takes the kitty "
            f"({kitty}), face up for everyone to see; the others are the peasants, a team against the landlord. "
            f"The landlord leads the first trick: {COMMON_RULE}.")


# ------------------------------------------------------------------------------------------------ outcome


def outcome(state: State) -> Outcome | None:
    """How the hand came out (None before its end): who won, the stake and why, every seat's payment."""
    pay = score_hand(state)
    if pay is None or state.landlord is None or state.out is None:
        return None
    rules = state.rules
    names, letters = rules.seat_names, rules.seat_letters
    gains = pay.for_seats(state.landlord, state.players)
    landlord = names[state.landlord]
    summary = f"{landlord} was the landlord at a bid of {pay.bid}. {_result(state, pay)}"
    payments = " · ".join(f"{names[s]} {gains[s]:+d}" for s in range(state.players))
    facts: list[tuple[str, str]] = [
        ("Landlord", f"{landlord} (bid {pay.bid})"),
        ("Winner", "the landlord" if pay.landlord_won else "the peasants"),
        ("Out first", names[state.out]),
        ("Stake", _stake_words(pay)),
        ("Payments", payments),
    ]
    if rules.spring or pay.spring:
        facts.append(("Spring", ("yes: the peasants never played" if pay.landlord_won else
                                 "yes: the landlord played only the opening lead") if pay.spring
                      else "no: both sides played"))
    if state.redeals:
        facts.append(("Redeals", f"the cards were dealt {count(state.redeals, 'more time')} after everyone passed"))
    data: dict[str, Any] = {
        "landlord": letters[state.landlord],
        "bid": pay.bid,
        "winner": "landlord" if pay.landlord_won else "peasants",
        "out_first": letters[state.out],
        "bombs": len(state.bombs),
        "rockets": state.rockets,
        "doublings": pay.doublings,
        "stake": pay.stake,
        "spring": pay.spring,
        "payments": {letters[s]: gains[s] for s in range(state.players)},
        "redeals": state.redeals,
        "plays": sum(state.plays_by),
    }
    return Outcome(summary, tuple(float(g) for g in gains), tuple(facts), data)
