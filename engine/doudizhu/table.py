"""A whole hand of Dou Dizhu as a state machine (the :class:`engine.table.TableGame` contract).

Bidding (pass / bid 1-3, redeal when all pass) → the landlord takes the kitty → play (the landlord
leads; a trick ends after 2 or 3 passes in a row) → payment. Actions are text: ``"pass"``,
``"bid 2"``, or the cards of a play (``"9 9 9 3"``; with repeated single kickers a lead that reads two
ways may add ``"as airplane_singles"``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from engine.base import PASS, Verdict
from engine.cards import Card
from engine.doudizhu.bidding import PASS_BID, Auction
from engine.doudizhu.bots import Seen, heuristic_bid, heuristic_play, random_bid, random_play
from engine.doudizhu.combos import Combo, Counts, Kind, cards_of, counts_of, describe, readings
from engine.doudizhu.deal import DealtHand, deal
from engine.doudizhu.play import Play, Position, judge, legal_plays
from engine.doudizhu.rules import PRESETS, Rules, make_rules
from engine.doudizhu.score import Payment, doubles, payment
from engine.errors import IllegalPlayError, InvalidNotationError, UnknownNameError
from engine.table import Seat, Step, TableView


class Phase(Enum):
    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class HandState:
    """Everything about one hand at one moment (frozen; :meth:`DouDizhuTable.apply` returns a new one)."""

    rules: Rules
    preset: str
    seed: int
    redeals: int
    dealt: DealtHand
    auction: Auction
    hands: tuple[Counts, ...]
    phase: Phase = Phase.BIDDING
    landlord: int | None = None
    turn: int | None = None
    table: tuple[int, Combo] | None = None
    trick: tuple[tuple[int, Play], ...] = ()
    passes: int = 0
    trick_no: int = 0
    plays_by: tuple[int, ...] = ()
    bombs: tuple[int, ...] = ()
    rockets: int = 0
    out: int | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    def position(self) -> Position:
        """The position of the seat to act (play phase)."""
        assert self.turn is not None
        previous = self.table[1] if self.table is not None and self.table[0] != self.turn else None
        return Position(self.rules, self.hands[self.turn], previous)

    def payment(self) -> Payment | None:
        if self.out is None or self.landlord is None:
            return None
        landlord_won = self.out == self.landlord
        spring = self._spring(landlord_won)
        return payment(self.rules, self.auction.highest, self.bombs, self.rockets, landlord_won, spring)

    def _spring(self, landlord_won: bool) -> bool:
        assert self.landlord is not None
        peasants_played = sum(n for s, n in enumerate(self.plays_by) if s != self.landlord)
        return peasants_played == 0 if landlord_won else self.plays_by[self.landlord] == 1


def redeal_seed(seed: int, redeals: int) -> int:
    """The seed of the ``redeals``-th new deal of a hand (0: the hand's own seed)."""
    return seed if redeals == 0 else (seed * 1_000_003 + redeals * 7_919) % 2**31


class DouDizhuTable:
    """Dou Dizhu for the Table page, records and the simulation."""

    game = "doudizhu"

    def presets(self) -> Sequence[str]:
        return list(PRESETS)

    def seat_names(self, state: HandState) -> tuple[str, ...]:
        return state.rules.seat_names

    def new_hand(self, preset: str, seed: int, options: Mapping[str, Any] | None = None) -> HandState:
        rules = make_rules(preset, options)
        return _fresh(rules, preset, seed, 0)

    def to_act(self, state: HandState) -> int | None:
        if state.phase is Phase.BIDDING:
            return state.auction.to_act
        return state.turn if state.phase is Phase.PLAY else None

    def legal_actions(self, state: HandState, limit: int = 500) -> list[str]:
        if state.phase is Phase.BIDDING:
            return [_bid_text(c) for c in state.auction.legal_calls()][:limit]
        if state.phase is Phase.OVER:
            return []
        position = state.position()
        plays = legal_plays(position)
        actions = _play_texts(list(plays), state.rules, position.previous is None)
        if plays.can_pass:
            actions.append("pass")
        return actions[:limit]

    def check(self, state: HandState, action: str) -> Verdict:
        try:
            _, reason, _ = self._parse(state, action)
        except (IllegalPlayError, InvalidNotationError) as error:
            return Verdict(False, str(error))
        return Verdict(True, reason)

    def apply(self, state: HandState, action: str) -> tuple[HandState, Step]:
        seat = self.to_act(state)
        if seat is None:
            raise IllegalPlayError("the hand is over")
        move, _, combo = self._parse(state, action)
        names = state.rules.seat_names
        if state.phase is Phase.BIDDING:
            assert isinstance(move, int)
            return _after_call(state, seat, move, names)
        return _after_play(state, seat, combo, names)

    def _parse(self, state: HandState, action: str) -> tuple[int | Play, str, Combo | None]:
        """The move an action text stands for, the reason it is legal, and its combination (plays)."""
        text = " ".join(action.strip().lower().split())
        if state.phase is Phase.OVER:
            raise IllegalPlayError("the hand is over")
        if state.phase is Phase.BIDDING:
            if text == "pass":
                call = PASS_BID
            elif text.startswith("bid ") and text[4:].isdigit():
                call = int(text[4:])
            else:
                raise InvalidNotationError(action, "'pass' or 'bid 1', 'bid 2', 'bid 3' during the auction")
            reason = state.auction.check(call)
            if reason:
                raise IllegalPlayError(reason)
            return call, "a legal call" if call else "you may always pass in the auction", None
        position = state.position()
        if text == "pass":
            verdict, _ = judge(position, PASS)
            if not verdict:
                raise IllegalPlayError(verdict.reason)
            return PASS, verdict.reason, None
        wanted: Kind | None = None
        if " as " in text:
            text, kind_text = text.split(" as ", 1)
            try:
                wanted = Kind.parse(kind_text)
            except UnknownNameError as error:
                raise InvalidNotationError(action, f"cards, optionally followed by 'as <type>': {error}") from None
        cards = state.rules.deck.parse(text)
        verdict, combo = judge(position, cards)
        if not verdict:
            raise IllegalPlayError(verdict.reason)
        assert combo is not None
        if wanted is not None and combo.kind is not wanted:
            options = [c for c in readings(combo.counts, state.rules) if c.kind is wanted]
            choice = next((c for c in options if position.previous is None or c.beats(position.previous)), None)
            if choice is None:
                raise IllegalPlayError(f"{combo.text} cannot be played as {wanted.label} here")
            combo = choice
        return combo, verdict.reason, combo

    def bot_action(self, state: HandState, bot: str, rng: random.Random) -> str:
        seat = self.to_act(state)
        if seat is None:
            raise IllegalPlayError("the hand is over")
        if bot not in ("random", "heuristic"):
            raise UnknownNameError("bot", bot, ("random", "heuristic"))
        if state.phase is Phase.BIDDING:
            if bot == "random":
                return _bid_text(random_bid(state.auction, rng))
            return _bid_text(heuristic_bid(state.auction, state.hands[seat]))
        position = state.position()
        if bot == "random":
            move = random_play(position, rng)
        else:
            move = heuristic_play(position, _seen(state, seat))
        if move is PASS:
            return "pass"
        assert isinstance(move, Combo)
        return _play_texts([move], state.rules, position.previous is None)[0]

    def view(self, state: HandState, seat: int | None) -> TableView:
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
        trick = tuple((s, m.cards if isinstance(m, Combo) else (), _move_label(m))
                      for s, m in state.trick)
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
        return TableView(tuple(seats), self.to_act(state), _phase_text(state), trick, tuple(info),
                         (("Kitty", tuple(kitty)),))

    def result(self, state: HandState) -> dict[str, Any] | None:
        pay = state.payment()
        if pay is None or state.landlord is None or state.out is None:
            return None
        names = state.rules.seat_names
        gains = pay.for_seats(state.landlord, state.players)
        return {
            "landlord": names[state.landlord],
            "bid": pay.bid,
            "winner": "landlord" if pay.landlord_won else "peasants",
            "out_first": names[state.out],
            "bombs": len(state.bombs),
            "rockets": state.rockets,
            "doublings": pay.doublings,
            "stake": pay.stake,
            "spring": "spring ×2" in pay.reasons,
            "payments": {names[s]: gains[s] for s in range(state.players)},
            "redeals": state.redeals,
        }


TABLE = DouDizhuTable()


def _fresh(rules: Rules, preset: str, seed: int, redeals: int) -> HandState:
    dealt = deal(rules, redeal_seed(seed, redeals))
    return HandState(
        rules=rules,
        preset=preset,
        seed=seed,
        redeals=redeals,
        dealt=dealt,
        auction=Auction(rules.players, dealt.first_bidder),
        hands=tuple(counts_of(h) for h in dealt.hands),
        plays_by=(0,) * rules.players,
    )


def _bid_text(call: int) -> str:
    return "pass" if call == PASS_BID else f"bid {call}"


def _play_texts(combos: list[Combo], rules: Rules, lead: bool) -> list[str]:
    """Action texts of plays; a lead whose cards read several ways names its type unless it is the first."""
    out = []
    for combo in combos:
        text = combo.text
        if lead and combo.kind.kicker_unit:
            first = readings(combo.counts, rules)[0]
            if first.kind is not combo.kind:
                text += f" as {combo.kind.value}"
        out.append(text)
    return out


def _after_call(state: HandState, seat: int, call: int, names: tuple[str, ...]) -> tuple[HandState, Step]:
    auction = state.auction.call(call)
    who = names[seat]
    said = f"{who} passes" if call == PASS_BID else f"{who} bids {call}"
    if auction.all_passed:
        fresh = _fresh(state.rules, state.preset, state.seed, state.redeals + 1)
        comment = (f"{said}. Everyone passed without a bid, so the cards are shuffled and dealt again; "
                   f"{names[fresh.dealt.first_bidder]} drew the face-up card and bids first.")
        return fresh, Step(seat, _bid_text(call), comment, "Bidding")
    if not auction.over:
        note = "" if call == PASS_BID else " (a bid must beat the highest so far)"
        return replace(state, auction=auction), Step(seat, _bid_text(call), f"{said}{note}.", "Bidding")
    landlord = auction.bidder
    assert landlord is not None
    hands = list(state.hands)
    hands[landlord] = tuple(a + b for a, b in zip(hands[landlord], counts_of(state.dealt.kitty), strict=True))
    why = "a bid of 3 ends the auction" if auction.highest == 3 else \
        f"{state.rules.passes_to_end} passes in a row after the last bid end the auction"
    kitty = " ".join(c.text for c in state.dealt.kitty)
    comment = (f"{said}; {why}. {names[landlord]} is the landlord at {auction.highest}, takes the kitty "
               f"({kitty}) and leads; the others are the peasants, a team against the landlord.")
    new = replace(state, auction=auction, hands=tuple(hands), phase=Phase.PLAY, landlord=landlord, turn=landlord,
                  trick_no=1)
    return new, Step(seat, _bid_text(call), comment, "Bidding")


def _after_play(state: HandState, seat: int, combo: Combo | None, names: tuple[str, ...]) -> tuple[HandState, Step]:
    who = names[seat]
    players = state.players
    chapter = f"Trick {state.trick_no}"
    nxt = (seat + 1) % players
    if combo is None:  # a pass
        passes = state.passes + 1
        assert state.table is not None
        leader = state.table[0]
        if passes >= state.rules.passes_to_end:
            comment = (f"{who} passes. {passes} passes in a row: {names[leader]} wins the trick with "
                       f"{describe(state.table[1])} and leads the next one.")
            new = replace(state, turn=leader, table=None, trick=(), passes=0, trick_no=state.trick_no + 1)
            return new, Step(seat, "pass", comment, chapter)
        new = replace(state, turn=nxt, trick=state.trick + ((seat, PASS),), passes=passes)
        return new, Step(seat, "pass", f"{who} passes (and may play again later in this trick).", chapter)
    hands = list(state.hands)
    hands[seat] = tuple(a - b for a, b in zip(hands[seat], combo.counts, strict=True))
    bombs, rockets = state.bombs, state.rockets
    extra = ""
    if combo.kind is Kind.BOMB:
        bombs = bombs + (combo.length,)
        extra = " Bomb! The stake doubles." if doubles(state.rules, combo.length) else \
            " A bomb of fewer than 6 cards does not double the stake with four players."
    elif combo.kind is Kind.ROCKET:
        rockets += 1
        extra = " The rocket! Nothing beats it, and the stake doubles."
    plays_by = tuple(n + (s == seat) for s, n in enumerate(state.plays_by))
    verb = "leads" if state.table is None else "beats it with"
    left = sum(hands[seat])
    base = f"{who} {verb} {describe(combo)}.{extra}"
    new = replace(state, hands=tuple(hands), bombs=bombs, rockets=rockets, plays_by=plays_by,
                  table=(seat, combo), trick=state.trick + ((seat, combo),), passes=0, turn=nxt)
    if left == 0:
        new = replace(new, phase=Phase.OVER, turn=None, out=seat)
        pay = new.payment()
        assert pay is not None and state.landlord is not None
        side = "The landlord wins" if pay.landlord_won else "The peasants win"
        how = "".join(f"; {r}" for r in pay.reasons) or "; no doubling"
        share = "each peasant pays the landlord" if pay.landlord_won else "the landlord pays each peasant"
        comment = (f"{base} {who} has no cards left. {side}. Stake: bid {pay.bid}{how} → {pay.stake}: {share} "
                   f"{pay.stake}.")
        return new, Step(seat, combo.text, comment, chapter)
    if left <= 2:
        base += f" {who} has only {left} card{'s' if left > 1 else ''} left!"
    return new, Step(seat, combo.text, base, chapter)


def _seen(state: HandState, seat: int) -> Seen:
    landlord = state.landlord
    partner = (state.table is not None and state.table[0] != seat and landlord is not None
               and seat != landlord and state.table[0] != landlord)
    opponents = [s for s in range(state.players)
                 if s != seat and (landlord is None or (s == landlord) != (seat == landlord))]
    fewest = min((sum(state.hands[s]) for s in opponents), default=20)
    return Seen(partner_on_table=partner, fewest_opponent_cards=fewest)


def _move_label(move: Play) -> str:
    return "pass" if move is PASS else describe(move) if isinstance(move, Combo) else str(move)


def _seat_note(state: HandState, seat: int) -> str:
    cards = sum(state.hands[seat])
    if state.phase is Phase.BIDDING:
        calls = [c for i, c in enumerate(state.auction.calls)
                 if (state.auction.first + i) % state.players == seat]
        said = ("bid " + str(calls[-1])) if calls and calls[-1] else ("passed" if calls else "")
        return f"{cards} cards" + (f" · {said}" if said else "")
    if state.out == seat:
        return "out — no cards left"
    return f"{cards} card{'s' if cards != 1 else ''}"


def _phase_text(state: HandState) -> str:
    if state.phase is Phase.BIDDING:
        return "Bidding"
    if state.phase is Phase.OVER:
        return "Hand over"
    return f"Play · trick {state.trick_no}"


def _calls_text(state: HandState) -> str:
    names = state.rules.seat_names
    auction = state.auction
    if not auction.calls:
        return "none yet"
    return ", ".join(f"{names[(auction.first + i) % state.players]}: {_bid_text(c)}"
                     for i, c in enumerate(auction.calls))


def _stake_text(state: HandState) -> str:
    bid = state.auction.highest
    doublings = sum(1 for b in state.bombs if doubles(state.rules, b)) + state.rockets
    return f"{bid}" if not doublings else f"{bid} × 2^{doublings} = {bid * 2 ** doublings}"
