"""What the Table shows of a Dou Dizhu hand: each seat's view, the commentary on every action, the outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import PASS
from engine.cards import Card
from engine.contract import Outcome, Prompt
from engine.doudizhu.bidding import PASS_BID, Bid, redealt
from engine.doudizhu.combos import Combo, Kind, describe
from engine.doudizhu.order import ACE, CARDS, INDEX, TWO, cards_of, sort_ranks
from engine.doudizhu.play import Play, beaters, legal_plays
from engine.doudizhu.rules import Rules, default_note
from engine.doudizhu.score import DOUBLED, Payment, score_hand, signed
from engine.doudizhu.state import Action, Phase, State, action_text, to_act
from engine.i18n import gettext as _
from engine.i18n import ngettext, pgettext
from engine.i18n import number as figure
from engine.table import Seat, Step, TableView
from engine.words import and_list, capitalise, common_rule, count, number, or_list, seat_name, sentence

__all__ = ["comment", "hand_groups", "outcome", "prompt", "view"]


# ------------------------------------------------------------------------------------------------ view


def view(state: State, seat: int | None) -> TableView:
    """What ``seat`` may see: its own cards (every card once the hand is over; all of them for ``None``, the
    teacher), the current trick, the auction or the stake, and the kitty once the landlord has it."""
    rules = state.rules
    names = rules.seat_names
    said = _said_names(rules)
    over = state.phase is Phase.OVER
    seats = []
    for s in range(rules.players):
        cards = cards_of(state.hands[s])
        shown: tuple[Card | None, ...] = cards if (seat is None or seat == s or over) else (None,) * len(cards)
        role = ""
        if state.landlord is not None:
            role = _("landlord") if s == state.landlord else _("peasant")
        seats.append(Seat(names[s], shown, role, True, _seat_note(state, s)))
    trick = tuple((s, m.cards if isinstance(m, Combo) else (), _move_label(m)) for s, m in state.trick)
    info: list[tuple[str, str]] = [(_("Phase"), _phase_text(state))]
    if state.phase is Phase.BIDDING:
        info.append((_("Face-up card"), _("{card}, drawn by {seat}, who bids first").format(
            card=state.dealt.face_up.text, seat=said[state.dealt.first_bidder])))
        info.append((_("Bids"), _calls_text(state)))
    else:
        info.append((_("Landlord"), _("{seat} (bid {bid})").format(seat=said[state.landlord],
                                                                   bid=figure(state.auction.highest))
                     if state.landlord is not None else "—"))
        info.append((_("Stake"), _stake_text(state)))
    if state.redeals:
        info.append((_("Redeals"), figure(state.redeals)))
    kitty_visible = state.phase is not Phase.BIDDING or seat is None
    kitty = state.dealt.kitty if kitty_visible else (None,) * len(state.dealt.kitty)
    return TableView(tuple(seats), to_act(state), _phase_text(state), trick, tuple(info),
                     ((_("Kitty"), tuple(kitty)),))


def _said_names(rules: Rules) -> tuple[str, ...]:
    """The seats' names in the current language, in playing order (South, East, West …)."""
    return tuple(seat_name(s) for s in rules.seat_letters)


def _move_label(move: Play) -> str:
    return describe(move) if isinstance(move, Combo) else pgettext("move", "pass")


def _seat_note(state: State, seat: int) -> str:
    cards = sum(state.hands[seat])
    if state.phase is Phase.BIDDING:
        calls = [c for i, c in enumerate(state.auction.calls)
                 if (state.auction.first + i) % state.players == seat]
        held = _("{n} cards").format(n=figure(cards))
        if calls and calls[-1]:
            return _("{cards} · bid {bid}").format(cards=held, bid=figure(calls[-1]))
        return _("{cards} · passed").format(cards=held) if calls else held
    if state.out == seat:
        return _("out — no cards left")
    return ngettext("{n} card", "{n} cards", cards).format(n=figure(cards))


def _phase_text(state: State) -> str:
    if state.phase is Phase.BIDDING:
        return _("Bidding")
    if state.phase is Phase.OVER:
        return _("Hand over")
    return _("Play · trick {n}").format(n=figure(state.trick_no))


def _call_text(call: int) -> str:
    return pgettext("move", "pass") if call == PASS_BID else _("bid {bid}").format(bid=figure(call))


def _calls_text(state: State) -> str:
    names = _said_names(state.rules)
    auction = state.auction
    if not auction.calls:
        return _("none yet")
    return ", ".join(f"{names[(auction.first + i) % state.players]}: {_call_text(c)}"
                     for i, c in enumerate(auction.calls))


def _stake_text(state: State) -> str:
    bid = state.auction.highest
    doublings = sum(1 for b in state.bombs if state.rules.bomb_doubles(b)) + state.rockets
    if not doublings:
        return figure(bid)
    return f"{figure(bid)} × 2^{figure(doublings)} = {figure(bid * 2 ** doublings)}"


# ------------------------------------------------------------------------------------------------ decisions


def prompt(state: State) -> Prompt:
    """What the seat to act decides, in one line, with the cards that matter highlighted: in the auction the
    cards that make a hand strong; on a lead nothing (any combination); following, the cards of the plays that
    beat the table. The landlord's kitty cards are marked in its hand during the first trick."""
    seat = to_act(state)
    if seat is None:
        return Prompt(_("The hand is over."))
    rules = state.rules
    hand = state.hands[seat]
    if state.phase is Phase.BIDDING:
        auction = state.auction
        kitty = _("the landlord takes the {n} kitty cards").format(n=number(rules.kitty))
        bids = or_list(figure(b) for b in range(auction.highest + 1, 4))
        if auction.must_bid:
            text = _("Everyone else passed and {redealt}: bid {bids} — {kitty}").format(
                redealt=redealt(rules.max_redeals), bids=bids, kitty=kitty)
        elif auction.highest:
            text = _("Bid {bids} (above the bid of {highest}), or pass — {kitty}").format(
                bids=bids, highest=figure(auction.highest), kitty=kitty)
        else:
            text = _("Bid {bids}, or pass — {kitty}").format(bids=bids, kitty=kitty)
        strong = tuple(c for c in cards_of(hand) if INDEX[c.rank] >= ACE or hand[INDEX[c.rank]] >= 4)
        return Prompt(text, highlight=strong, highlight_label=_("strong cards: jokers, 2s, aces and bombs"))
    marked: tuple[Card, ...] = ()
    if seat == state.landlord and state.trick_no == 1:
        marked = _kitty_in_hand(state, hand)
    label = _("the kitty you took") if marked else ""
    position = state.position()
    if position.table is None:
        lead = _("You lead: play any combination (a leader cannot pass)")
        if state.landlord == seat and state.trick_no == 1 and not any(state.plays_by):
            lead = _("You are the landlord and lead the first trick: play any combination")
        return Prompt(lead, marked=marked, marked_label=label)
    assert state.table is not None
    who = _said_names(rules)[state.table[0]]
    plays = legal_plays(position)
    on = _("{seat}'s {play}").format(seat=who,
                                     play=describe(position.table).removeprefix("a ").removeprefix("an "))
    if not plays.count:
        return Prompt(_("Nothing in your hand beats {play}: pass").format(play=on), marked=marked,
                      marked_label=label)
    partner = (state.landlord is not None and seat != state.landlord and state.table[0] != state.landlord)
    text = _("Beat {play} with {beaters} — or pass").format(play=on, beaters=beaters(position.table, rules))
    if partner:
        text = _("{prompt} (it is your partner's play)").format(prompt=text)
    usable = [0] * len(hand)
    for combo in plays:
        for r, n in enumerate(combo.counts):
            usable[r] = max(usable[r], n)
    return Prompt(text, highlight=cards_of(usable), highlight_label=_("cards that can beat it"), marked=marked,
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
    shown = {"3 – A": "3 – A", "2s": _("2s"), "Jokers": _("Jokers")}
    return tuple((shown[label], tuple(members)) for label, members in groups.items() if members)


# ------------------------------------------------------------------------------------------------ commentary


def comment(before: State, action: Action, after: State) -> Step:
    """The commentary on ``action``, taken in ``before`` and leading to ``after`` (whole sentences)."""
    seat = to_act(before)
    assert seat is not None
    rules = before.rules
    names = _said_names(rules)
    text = action_text(action)
    if before.phase is Phase.BIDDING:
        return Step(seat, text, _bid_comment(before, action, after, names[seat]), _("Bidding"))
    chapter = _("Trick {n}").format(n=figure(before.trick_no))
    who = names[seat]
    if action is PASS:
        if after.table is None:
            assert before.table is not None
            leader = before.table[0]
            passes = before.passes + 1
            return Step(seat, text, _("{seat} passes. {passes} in a row: {leader} wins the trick with {play} and leads "
                                      "the next one.").format(seat=who, passes=capitalise(count(passes, "pass")),
                                                              leader=names[leader], play=describe(before.table[1])),
                        chapter)
        return Step(seat, text, _("{seat} passes (and may play again later in this trick).").format(seat=who),
                    chapter)
    assert isinstance(action, Combo)
    extra = ""
    if action.kind is Kind.BOMB:
        extra = _(" Bomb! The stake doubles.") if rules.bomb_doubles(action.length) else \
            _(" A bomb of {n} cards does not double the stake with {players} players (only bombs of {least} or more "
              "cards do).").format(n=number(action.length), players=number(rules.players),
                                   least=number(min(rules.doubling_bomb_sizes)))
    elif action.kind is Kind.ROCKET:
        extra = _(" The rocket! Nothing beats it, and the stake doubles.")
    played = _("{seat} leads {play}.") if before.position().is_lead else _("{seat} beats it with {play}.")
    base = played.format(seat=who, play=describe(action)) + extra
    left = sum(after.hands[seat])
    if after.phase is Phase.OVER:
        pay = score_hand(after)
        assert pay is not None and after.landlord is not None
        return Step(seat, text, _("{play} {seat} has no cards left. {result}").format(
            play=base, seat=who, result=_result(after, pay)), chapter)
    if left <= 2:
        base += _(" {seat} has only {cards} left!").format(seat=who, cards=count(left, "card"))
    return Step(seat, text, base, chapter)


def _stake_words(pay: Payment) -> str:
    """"bid 2, doubled by a bomb (×2) → 4", "bid 1, no doubling"."""
    doubled = [r for r in pay.reasons if DOUBLED in r]
    quiet = [r for r in pay.reasons if DOUBLED not in r]
    if doubled:
        words = _("bid {bid}, doubled by {reasons} → {stake}").format(bid=figure(pay.bid), reasons=and_list(doubled),
                                                                      stake=figure(pay.stake))
    else:
        words = _("bid {bid}, no doubling").format(bid=figure(pay.bid))
    if quiet:
        words += f" ({'; '.join(quiet)})"
    return words


def _result(state: State, pay: Payment) -> str:
    """The end of a hand in sentences: who went out, who wins, who pays whom and why."""
    assert state.landlord is not None and state.out is not None
    names = _said_names(state.rules)
    landlord = names[state.landlord]
    peasants = and_list(names[s] for s in range(state.players) if s != state.landlord)
    stake = figure(pay.stake)
    if pay.landlord_won:
        head = _("{landlord}, the landlord, went out first: the landlord wins.").format(landlord=landlord)
        share = _("{peasants} each pay {landlord} {stake}").format(peasants=peasants, landlord=landlord, stake=stake)
    else:
        head = _("{seat} went out first: the peasants win.").format(seat=names[state.out])
        share = _("{landlord} pays {peasants} {stake} each").format(landlord=landlord, peasants=peasants,
                                                                    stake=stake)
    spring = ""
    if pay.spring:
        spring = _(" A spring: the peasants never played.") if pay.landlord_won \
            else _(" A spring: the landlord played only the opening lead.")
    return _("{head}{spring} The stake is {stake}: {share}.").format(head=head, spring=spring,
                                                                     stake=_stake_words(pay), share=share)


def _bid_comment(before: State, action: Action, after: State, who: str) -> str:
    names = _said_names(before.rules)
    said = _("{seat} bids {bid}").format(seat=who, bid=figure(action.value)) if isinstance(action, Bid) \
        else _("{seat} passes").format(seat=who)
    if after.redeals > before.redeals:
        last = _(" Now {redealt}: if everyone else passes again, the last player to speak must bid ({note}).").format(
            redealt=redealt(after.rules.max_redeals), note=default_note("max_redeals")) if after.auction.forced else ""
        return _("{said}. Everyone passed without a bid, so the cards are shuffled and dealt again; {seat} drew the "
                 "face-up card and bids first.{last}").format(said=said, seat=names[after.dealt.first_bidder],
                                                              last=last)
    if after.phase is Phase.BIDDING:
        return sentence(said) if action is PASS else \
            _("{said} (a bid must beat the highest so far).").format(said=said)
    landlord = after.landlord
    assert landlord is not None
    auction = after.auction
    why = _("a bid of 3 ends the auction") if auction.highest == 3 else \
        _("{n} passes in a row after the last bid end the auction").format(n=number(before.rules.passes_to_end))
    kitty = " ".join(c.symbol_text for c in before.dealt.kitty)
    return _("{said}; {why}. {seat} is the landlord at {bid} and takes the kitty ({kitty}), face up for everyone to "
             "see; the others are the peasants, a team against the landlord. The landlord leads the first trick: "
             "{common}.").format(said=said, why=why, seat=names[landlord], bid=figure(auction.highest), kitty=kitty,
                                 common=common_rule())


# ------------------------------------------------------------------------------------------------ outcome


def outcome(state: State) -> Outcome | None:
    """How the hand came out (None before its end): who won, the stake and why, every seat's payment."""
    pay = score_hand(state)
    if pay is None or state.landlord is None or state.out is None:
        return None
    rules = state.rules
    names, letters = _said_names(rules), rules.seat_letters
    gains = pay.for_seats(state.landlord, state.players)
    landlord = names[state.landlord]
    summary = _("{landlord} was the landlord at a bid of {bid}. {result}").format(
        landlord=landlord, bid=figure(pay.bid), result=_result(state, pay))
    payments = " · ".join(f"{names[s]} {signed(gains[s])}" for s in range(state.players))
    facts: list[tuple[str, str]] = [
        (_("Landlord"), _("{seat} (bid {bid})").format(seat=landlord, bid=figure(pay.bid))),
        (_("Winner"), _("the landlord") if pay.landlord_won else _("the peasants")),
        (_("Out first"), names[state.out]),
        (_("Stake"), _stake_words(pay)),
        (_("Payments"), payments),
    ]
    if rules.spring or pay.spring:
        facts.append((_("Spring"), (_("yes: the peasants never played") if pay.landlord_won else
                                    _("yes: the landlord played only the opening lead")) if pay.spring
                      else _("no: both sides played")))
    if state.redeals:
        facts.append((_("Redeals"), _("the cards were dealt {times} after everyone passed").format(
            times=count(state.redeals, "more time"))))
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
