"""The score's words when levels that must be played (option ``stop_ranks``) hold the team that goes up: what
happened, from which level to which, and why — and the table's own words when no such level is in the way."""

from engine.cards import Rank
from engine.shengji import level_bands, score_hand
from engine.shengji.commands import ScoreRequest, score
from tests.shengji.helpers import rules

STOPS = rules(stop_ranks=["5", "10"])


def scored(points: int, levels: tuple[Rank, Rank], r=STOPS):
    # starter 0: North-South bank; the attackers are West-East (team 1)
    return score_hand(r, trick_points=points, kitty_points=0, last_trick_cards=1, attackers_won_last=False,
                      starter=0, levels=levels)


def test_bankers_stopped_part_way_by_a_level_that_must_be_played() -> None:
    s = scored(0, (Rank.THREE, Rank.TWO))
    assert s.levels[0] is Rank.FIVE
    assert "go up three levels" not in s.result
    assert "go up two levels, from 3 to 5, instead of three levels" in s.result
    assert "5 is a level that must be played" in s.result
    assert s.to_json()["result"] == s.result


def test_attackers_held_at_a_level_that_must_be_played() -> None:
    s = scored(130, (Rank.TWO, Rank.FIVE))
    assert s.levels[1] is Rank.FIVE and not s.change.bankers_keep
    assert "go up one level" not in s.result
    assert "the attackers take the bank but stay at 5 instead of going up one level" in s.result
    assert "goes up only by winning a round as the bankers" in s.result
    assert "a common rule, not in these rules" in s.result


def test_attackers_climb_up_to_a_level_that_must_be_played() -> None:
    s = scored(170, (Rank.TWO, Rank.FOUR))
    assert s.levels[1] is Rank.FIVE
    assert "go up one level, from 4 to 5, instead of two levels" in s.result
    assert "no team jumps over it" in s.result


def test_no_level_that_must_be_played_in_the_way() -> None:
    s = scored(0, (Rank.SIX, Rank.TWO))
    assert s.levels[0] is Rank.NINE
    assert s.result == f"{s.change.text}, from 6 to 9"
    assert "the bankers go up three levels" in s.result


def test_default_rules_keep_the_table_words() -> None:
    plain = rules()
    s = scored(0, (Rank.THREE, Rank.TWO), plain)
    assert s.result == s.change.text == "no points for the attackers: the bankers go up three levels"
    # the level table itself does not depend on stop ranks
    assert [b.text for b in level_bands(STOPS)] == [b.text for b in level_bands(plain)]


def test_the_score_command_says_it() -> None:
    answer = score(ScoreRequest(options={"stop_ranks": ["5"]}, attacker_points=0, starter="N",
                                levels={"NS": Rank.THREE, "WE": Rank.TWO}))
    assert "from 3 to 5" in answer.result and "from 3 to 5" in answer.reason
    assert answer.levels["NS"] == "5"
