"""Scoring: the deck table, kitty multipliers, every band of the level table for 1, 2, 3 decks, the next
banker and starter, and winning past the ace."""

import pytest

from engine.cards import Rank
from engine.shengji import climb_levels as climb
from engine.shengji import kitty_bonus, kitty_multiplier, level_bands, level_change, score_hand
from tests.shengji.helpers import rules

COMP = rules("competition")
TRAC = rules("tractor")


@pytest.mark.parametrize(("decks", "hand", "kitty", "total", "threshold"),
                         [(1, 12, 6, 100, 40), (2, 25, 8, 200, 80), (3, 39, 6, 300, 120), (4, 52, 8, 400, 160)])
def test_deck_table(decks, hand, kitty, total, threshold) -> None:
    r = rules(decks=decks)
    assert (r.hand_size, r.kitty, r.total_points, r.attack_threshold) == (hand, kitty, total, threshold)
    assert 4 * r.hand_size + r.kitty == 54 * decks


# (points, bankers keep, levels) — the two-deck table of the digest / seed 001, every row at both ends
TWO_DECKS = [
    (0, True, 3),
    (5, True, 2), (35, True, 2),
    (40, True, 1), (75, True, 1),
    (80, False, 0), (115, False, 0),
    (120, False, 1), (155, False, 1),
    (160, False, 2), (195, False, 2),
    (200, False, 3), (235, False, 3),
    (240, False, 4), (275, False, 4), (280, False, 5),
]


@pytest.mark.parametrize(("points", "keep", "levels"), TWO_DECKS)
def test_level_table_two_decks(points, keep, levels) -> None:
    for preset in ("competition", "tractor"):
        change = level_change(points, rules(preset))
        assert (change.bankers_keep, change.levels) == (keep, levels)


@pytest.mark.parametrize("decks", [1, 3])
@pytest.mark.parametrize(("points", "keep", "levels"), TWO_DECKS)
def test_level_table_scaled_by_decks(decks, points, keep, levels) -> None:
    scaled = points * decks // 2
    change = level_change(scaled, rules(decks=decks))
    assert (change.bankers_keep, change.levels) == (keep, levels)


def test_every_band_listed_for_1_2_3_decks() -> None:
    for decks in (1, 2, 3):
        bands = level_bands(rules(decks=decks))
        t = 40 * decks
        assert [(b.low, b.bankers_keep, b.levels) for b in bands] == [
            (0, True, 3), (5, True, 2), (t // 2, True, 1), (t, False, 0), (3 * t // 2, False, 1),
            (2 * t, False, 2), (5 * t // 2, False, 3)]


def test_threshold_and_band_options() -> None:
    r = rules(threshold=100, band=25)
    assert level_change(99, r).bankers_keep and not level_change(100, r).bankers_keep
    assert level_change(125, r).levels == 1 and level_change(150, r).levels == 2


def test_kitty_multipliers() -> None:
    assert kitty_multiplier(COMP, 1) == 2 and kitty_multiplier(COMP, 5) == 2
    assert kitty_multiplier(TRAC, 1) == 2 and kitty_multiplier(TRAC, 5) == 10  # seed 001: 5 cards → × 10
    power = rules(kitty_multiplier="power_of_two")
    assert kitty_multiplier(power, 1) == 2 and kitty_multiplier(power, 4) == 16
    assert kitty_multiplier(power, 5, largest_combo=2) == 4
    assert kitty_bonus(TRAC, 25, 2, True) == 100
    assert kitty_bonus(TRAC, 25, 2, False) == 0


def test_bank_kept_next_starter_is_the_partner() -> None:
    s = score_hand(COMP, trick_points=40, kitty_points=10, last_trick_cards=1, attackers_won_last=False,
                    starter=1, levels=(Rank.TWO, Rank.FIVE))
    assert s.change.bankers_keep and s.next_starter == 3 and s.next_banker_team == 1
    assert s.levels == (Rank.TWO, Rank.SIX)


def test_bank_passes_next_starter_is_the_next_player() -> None:
    s = score_hand(COMP, trick_points=70, kitty_points=10, last_trick_cards=1, attackers_won_last=True,
                    starter=1, levels=(Rank.TWO, Rank.FIVE))
    assert s.attacker_points == 90 and not s.change.bankers_keep
    assert s.next_starter == 2 and s.next_banker_team == 0
    assert s.levels == (Rank.TWO, Rank.FIVE)


def test_penalty_counts_for_the_attackers() -> None:
    s = score_hand(TRAC, trick_points=60, kitty_points=0, last_trick_cards=1, attackers_won_last=False,
                    starter=0, penalty=20)
    assert s.attacker_points == 80 and not s.change.bankers_keep


def test_game_won_past_the_ace() -> None:
    assert climb(Rank.KING, 1, COMP) == (Rank.ACE, False)
    assert climb(Rank.ACE, 1, COMP) == (Rank.ACE, True)
    assert climb(Rank.QUEEN, 3, COMP) == (Rank.ACE, True)
    s = score_hand(COMP, trick_points=0, kitty_points=0, last_trick_cards=1, attackers_won_last=False,
                    starter=0, levels=(Rank.KING, Rank.TWO))
    assert s.winner == 0


def test_stop_ranks_are_never_jumped() -> None:
    r = rules(stop_ranks=["5", "10", "K", "A"])
    assert climb(Rank.THREE, 3, r) == (Rank.FIVE, False)
    assert climb(Rank.FIVE, 3, r) == (Rank.EIGHT, False)
    assert climb(Rank.QUEEN, 3, r) == (Rank.KING, False)
    assert climb(Rank.ACE, 1, r) == (Rank.ACE, True)
