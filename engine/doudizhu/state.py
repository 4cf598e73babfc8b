"""A whole hand of Dou Dizhu as frozen states: the auction (redeal when all pass), the kitty, play, the end.

Bidding (pass / bid 1-3) → the landlord takes the kitty and leads → play (a trick ends after 2 or 3 passes in a
row) → a player runs out of cards. Actions are typed — :data:`~engine.base.PASS`, :class:`Bid`, or the
:class:`~engine.doudizhu.combos.Combo` played — and written as text at the boundary: ``pass``, ``bid 2``, or the
cards (``9 9 9 3``; a lead of four consecutive triplets played as an airplane with three singles adds
``as airplane_singles``). :func:`check_action` is the one legality path: it asks the auction and
:func:`engine.doudizhu.play.check`; :func:`apply` calls it, :func:`apply_unchecked` trusts its caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from operator import sub

from engine.base import PASS, Pass, Verdict
from engine.doudizhu.bidding import BID_ACTIONS, PASS_BID, Auction, Bid, redealt
from engine.doudizhu.combos import Combo, Kind, either, readings
from engine.doudizhu.deal import DealtHand, deal, redeal_seed
from engine.doudizhu.order import ACE, Counts, N, counts_of
from engine.doudizhu.play import Play, Position, check, legal_plays, read_play
from engine.doudizhu.rules import Rules, default_note
from engine.errors import IllegalPlayError, InvalidNotationError, UnknownNameError
from engine.i18n import N_
from engine.i18n import gettext as _

__all__ = [
    "Action",
    "Bid",
    "Phase",
    "State",
    "action_text",
    "apply",
    "apply_unchecked",
    "check_action",
    "legal_actions",
    "new_game",
    "parse_action",
    "to_act",
]

Action = Pass | Bid | Combo
"""A decision: pass (in the auction or in play), a bid, or a combination played."""


class Phase(Enum):
    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class State:
    """Everything about one hand at one moment (frozen; :func:`apply` returns a new one).

    ``hands`` are rank counts by seat; ``table`` is the last play of the trick and who made it; ``trick`` every
    move of the trick so far; ``plays_by`` how many plays each seat made; ``bombs`` the sizes of the bombs
    played; ``out`` the seat that went out first (the hand is over).
    """

    rules: Rules
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
    fixed_dealer: bool = False
    """Whether the dealer was set (a later hand of a session): a redeal keeps the same dealer."""

    @property
    def players(self) -> int:
        return self.rules.players

    def position(self) -> Position:
        """The position of the seat to act (play phase)."""
        assert self.turn is not None
        table = self.table[1] if self.table is not None and self.table[0] != self.turn else None
        return Position(self.rules, self.hands[self.turn], table)


def new_game(rules: Rules, seed: int, dealer: int | None = None) -> State:
    """The state right after the seeded deal (by ``dealer`` when given, else a dealer drawn from the seed): the
    first bidder calls next."""
    return _deal(rules, seed, 0, dealer)


def _deal(rules: Rules, seed: int, redeals: int, dealer: int | None = None) -> State:
    dealt = deal(rules, redeal_seed(seed, redeals), dealer)
    return State(
        rules=rules,
        seed=seed,
        redeals=redeals,
        dealt=dealt,
        auction=Auction(rules.players, dealt.first_bidder, forced=redeals >= rules.max_redeals),
        hands=tuple(counts_of(h) for h in dealt.hands),
        plays_by=(0,) * rules.players,
        fixed_dealer=dealer is not None,
    )


def to_act(state: State) -> int | None:
    """The seat whose decision is next, or None when the hand is over."""
    if state.phase is Phase.BIDDING:
        return state.auction.to_act
    return state.turn if state.phase is Phase.PLAY else None


def legal_actions(state: State, limit: int | None = None) -> list[Action]:
    """The distinct legal actions of the seat to act (combinations first, then the pass), at most ``limit``."""
    if state.phase is Phase.BIDDING:
        actions: list[Action] = [PASS if c == PASS_BID else BID_ACTIONS[c] for c in state.auction.legal_calls()]
    elif state.phase is Phase.OVER:
        return []
    else:
        plays = legal_plays(state.position())
        actions = list(plays)
        if plays.can_pass:
            actions.append(PASS)
    return actions if limit is None else actions[:limit]


_HAND_OVER = N_("the hand is over")


def check_action(state: State, action: Action) -> Verdict:
    """Whether ``action`` is legal now, with the reason: the auction's check or :func:`play.check`."""
    if state.phase is Phase.OVER:
        return Verdict(False, _(_HAND_OVER))
    if state.phase is Phase.BIDDING:
        if isinstance(action, Combo):
            return Verdict(False, _("the auction comes first: pass or bid 1, 2 or 3"))
        if not isinstance(action, Bid) and state.auction.must_bid:  # the auction alone does not know the rules
            return Verdict(False, _("everyone else has passed and {redealt}, so you must bid 1, 2 or 3 "
                                    "({note})").format(redealt=redealt(state.rules.max_redeals),
                                                       note=default_note("max_redeals")))
        return state.auction.check(action.value if isinstance(action, Bid) else PASS_BID)
    if isinstance(action, Bid):
        return Verdict(False, _("the auction is over: play a combination") if state.position().is_lead
                       else _("the auction is over: play a combination or pass"))
    return check(state.position(), action)


def apply(state: State, action: Action) -> State:
    """The state after the seat to act takes ``action``; IllegalPlayError with :func:`check_action`'s reason."""
    verdict = check_action(state, action)
    if not verdict.legal:
        raise IllegalPlayError(verdict.reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """The state after ``action``, which the caller knows is legal (from :func:`legal_actions` or a bot)."""
    if state.phase is Phase.BIDDING:
        return _after_call(state, action.value if isinstance(action, Bid) else PASS_BID)
    seat = state.turn
    assert seat is not None
    if action is PASS:
        return _after_pass(state, seat)
    assert isinstance(action, Combo)
    return _after_play(state, seat, action)


def _after_call(state: State, call: int) -> State:
    before = state.auction
    auction = Auction(before.players, before.first, before.calls + (call,), before.forced)
    if auction.all_passed:
        return _deal(state.rules, state.seed, state.redeals + 1, state.dealt.dealer if state.fixed_dealer else None)
    if not auction.over:
        return replace(state, auction=auction)
    landlord = auction.bidder
    assert landlord is not None
    hands = list(state.hands)
    hands[landlord] = tuple(a + b for a, b in zip(hands[landlord], counts_of(state.dealt.kitty), strict=True))
    return replace(state, auction=auction, hands=tuple(hands), phase=Phase.PLAY, landlord=landlord, turn=landlord,
                   trick_no=1)


def _evolve(state: State, **changes: object) -> State:
    """``state`` with ``changes`` (as :func:`dataclasses.replace`, without re-running ``__init__``: the hot path of
    play-outs, where the new values are the engine's own)."""
    new = object.__new__(State)
    fields = dict(state.__dict__)
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


def _after_pass(state: State, seat: int) -> State:
    assert state.table is not None
    passes = state.passes + 1
    if passes >= state.rules.passes_to_end:
        return _evolve(state, turn=state.table[0], table=None, trick=(), passes=0, trick_no=state.trick_no + 1)
    return _evolve(state, turn=(seat + 1) % state.players, trick=state.trick + ((seat, PASS),), passes=passes)


def _after_play(state: State, seat: int, combo: Combo) -> State:
    hand = tuple(map(sub, state.hands[seat], combo.counts))
    hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
    bombs, rockets = state.bombs, state.rockets
    if combo.kind is Kind.BOMB:
        bombs = bombs + (combo.length,)
    elif combo.kind is Kind.ROCKET:
        rockets += 1
    plays_by = state.plays_by[:seat] + (state.plays_by[seat] + 1,) + state.plays_by[seat + 1:]
    new = _evolve(state, hands=hands, bombs=bombs, rockets=rockets, plays_by=plays_by, table=(seat, combo),
                  trick=state.trick + ((seat, combo),), passes=0, turn=(seat + 1) % state.players)
    if not any(hand):
        return _evolve(new, phase=Phase.OVER, turn=None, out=seat)
    return new


# ------------------------------------------------------------------------------------------------ text


def action_text(action: Action) -> str:
    """``pass``, ``bid 2``, or the cards of a combination (main part first, then kickers); a combination whose
    cards also read as a plain airplane adds its type (``… as airplane_singles``)."""
    if action is PASS:
        return "pass"
    if isinstance(action, Bid):
        return action.text
    assert isinstance(action, Combo)
    if action.kind.kicker_unit and _plain_airplane(action.counts):
        return f"{action.text} as {action.kind.value}"
    return action.text


def _plain_airplane(counts: Sequence[int]) -> bool:
    """Whether ``counts`` are consecutive triplets from 3 up to the ace and nothing else (a plain airplane)."""
    ranks = [r for r in range(N) if counts[r]]
    return (len(ranks) >= 2 and ranks[-1] <= ACE and ranks[-1] - ranks[0] == len(ranks) - 1
            and all(counts[r] == 3 for r in ranks))


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names now: ``pass``, ``bid N``, or cards (optionally ``as <type>``) read as the
    combination they count as here. InvalidNotationError for text that is no action; IllegalPlayError (with the
    reason) for cards that form no combination."""
    words = " ".join(text.strip().lower().split())
    if words == "pass":
        return PASS
    if words.startswith("bid "):
        number = words[4:]
        if number.isdigit() and len(number) <= 3:
            return BID_ACTIONS.get(int(number)) or Bid(int(number))
        raise InvalidNotationError(text, "'bid 1', 'bid 2' or 'bid 3'")
    if state.phase is Phase.BIDDING:
        raise InvalidNotationError(text, "'pass' or 'bid 1', 'bid 2', 'bid 3' during the auction")
    if state.phase is Phase.OVER:
        raise IllegalPlayError(_(_HAND_OVER))
    wanted: Kind | None = None
    if " as " in words:
        words, kind_text = words.split(" as ", 1)
        try:
            wanted = Kind.parse(kind_text)
        except UnknownNameError as error:
            raise InvalidNotationError(text, f"cards, optionally followed by 'as <type>': {error}") from None
    cards = state.rules.deck.parse(words)
    position = state.position()
    combo = read_play(position, cards, wanted)
    if combo is not None:
        return combo
    verdict = check(position, cards)
    if wanted is not None and verdict.legal:
        found = readings(counts_of(cards), state.rules)
        raise IllegalPlayError(_("{cards} cannot be played as {kind}: it is {readings}").format(
            cards=" ".join(c.text for c in cards), kind=wanted.name_words, readings=either(found)))
    raise IllegalPlayError(verdict.reason)
