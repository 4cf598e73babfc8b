"""The auction and the payment, as the seed states them."""

import pytest

from engine.doudizhu.bidding import Auction
from engine.doudizhu.score import payment
from engine.errors import IllegalPlayError, InvalidRequestError
from tests.doudizhu.helpers import FOUR, THREE


def run(players: int, calls: list[int], first: int = 0) -> Auction:
    auction = Auction(players, first)
    for call in calls:
        auction = auction.call(call)
    return auction


@pytest.mark.parametrize(("players", "calls", "over", "landlord", "redeal"), [
    (3, [1, 0, 0], True, 0, False),             # a bid, then 2 passes in a row
    (3, [0, 1, 0], False, None, False),         # only one pass since the bid
    (3, [0, 1, 0, 0], True, 1, False),
    (3, [1, 2, 0, 0], True, 1, False),
    (3, [0, 0, 3], True, 2, False),             # a 3 ends it at once
    (3, [0, 0, 0], True, None, True),           # all pass: redeal
    (3, [1, 0, 2, 0, 0], True, 2, False),
    (3, [1, 0, 0], True, 0, False),
    (3, [0, 1, 0, 2, 0, 0], True, 0, False),    # seat 0 passed, then bid again
    (4, [1, 0, 0], False, None, False),         # with 4 players 3 passes are needed
    (4, [1, 0, 0, 0], True, 0, False),
    (4, [0, 0, 0, 0], True, None, True),
    (4, [0, 0, 0], False, None, False),
])
def test_auction_endings(players, calls, over, landlord, redeal) -> None:
    auction = run(players, calls)
    assert auction.over is over
    assert auction.landlord == landlord
    assert auction.all_passed is redeal


def test_bids_must_rise_and_passed_players_may_bid_again() -> None:
    auction = run(3, [0, 2], first=1)
    assert auction.to_act == 0
    assert auction.legal_calls() == (0, 3)
    with pytest.raises(IllegalPlayError, match="higher than the highest bid so far"):
        auction.call(1)
    auction = auction.call(0).call(0)
    assert auction.over and auction.landlord == 2
    assert run(3, [0, 1]).legal_calls() == (0, 2, 3)
    with pytest.raises(IllegalPlayError, match="over"):
        run(3, [3]).call(0)


@pytest.mark.parametrize(("rules", "bid", "bombs", "rockets", "won", "stake", "landlord"), [
    (THREE, 1, (), 0, True, 1, 2),
    (THREE, 2, (4,), 0, True, 4, 8),
    (THREE, 3, (4, 4), 1, False, 24, -48),
    (FOUR, 2, (4, 5), 0, True, 2, 6),           # small bombs do not double with 4 players
    (FOUR, 2, (6, 8), 0, True, 8, 24),
    (FOUR, 1, (7,), 1, False, 4, -12),
])
def test_payment(rules, bid, bombs, rockets, won, stake, landlord) -> None:
    pay = payment(rules, bid, bombs, rockets, won)
    assert pay.stake == stake
    assert pay.landlord == landlord
    gains = pay.for_seats(1, rules.players)
    assert sum(gains) == 0 and gains[1] == landlord


def test_a_forced_deal_forbids_the_last_pass_of_the_first_round() -> None:
    auction = Auction(3, 1, forced=True).call(0).call(0)
    assert auction.must_bid and auction.legal_calls() == (1, 2, 3)
    verdict = auction.check(0)
    assert not verdict.legal and "you must bid" in verdict.reason
    assert auction.call(1).landlord is None and not auction.call(1).over  # the others may still outbid
    assert run(3, [0, 0]).check(0).legal  # not forced: a pass (and then a redeal) is allowed
    assert not Auction(3, 0, (1,), forced=True).must_bid  # someone has bid: nothing is forced
    with pytest.raises(IllegalPlayError, match="you must bid"):
        auction.call(0)


def test_check_gives_a_reason_either_way() -> None:
    auction = run(3, [0, 2])
    assert auction.check(3).legal and "higher than the highest bid so far (2)" in auction.check(3).reason
    assert not auction.check(2).legal and not auction.check(7).legal and "1, 2 or 3" in auction.check(7).reason
    assert Auction(3, 0).check(1).legal and "no one has bid yet" in Auction(3, 0).check(1).reason


def test_spring_doubles_only_with_the_option() -> None:
    assert payment(THREE, 2, landlord_won=True, spring=True).stake == 2
    spring = THREE.__class__(players=3, spring=True)
    assert payment(spring, 2, landlord_won=True, spring=True).stake == 4


def test_payment_refuses_impossible_input() -> None:
    with pytest.raises(InvalidRequestError, match="1, 2 or 3"):
        payment(THREE, 4)
    with pytest.raises(InvalidRequestError, match="4 cards with 3 players"):
        payment(THREE, 1, (5,))
    with pytest.raises(InvalidRequestError, match="0 or 1 rocket"):
        payment(THREE, 1, (), 2)
    with pytest.raises(InvalidRequestError, match="4 to 8 cards with 4 players"):
        payment(FOUR, 1, (9,))


def test_which_bombs_double_is_a_rule_fact() -> None:
    assert THREE.bomb_sizes == THREE.doubling_bomb_sizes == (4,)
    assert FOUR.bomb_sizes == (4, 5, 6, 7, 8) and FOUR.doubling_bomb_sizes == (6, 7, 8)
    assert [n for n in range(4, 9) if FOUR.bomb_doubles(n)] == [6, 7, 8]
    assert THREE.quadplex_allowed and not FOUR.quadplex_allowed
    assert "two bombs of four or five cards, which do not double with four players" in payment(FOUR, 1, (4, 5)).reasons


def test_the_most_bombs_a_deal_holds() -> None:
    """One bomb of four per rank from one deck; with two decks (eight of a rank) two of four cards, else one."""
    assert THREE.most_bombs(4) == 13
    assert [FOUR.most_bombs(n) for n in (4, 5, 6, 7, 8)] == [26, 13, 13, 13, 13]
