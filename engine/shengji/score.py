"""Scoring a hand (a round): the kitty bonus, the level table (bands scaled by the number of decks), the next
banker team and starter, and the climb through the levels (the game is won past the ace).

All functions are pure: points in, result out, so the scoring explorer can sweep them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Rank
from engine.errors import InvalidPositionError
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji.order import seat_words
from engine.shengji.rules import RANKS, SEATS, TEAMS, BelowZero, KittyMultiplier, Rules, default_note, nearest_preset
from engine.words import count

__all__ = ["HandScore", "LevelChange", "climb", "kitty_bonus", "kitty_multiplier", "level_bands", "level_change",
           "score_hand", "scoring_summary", "team_of"]


def team_of(seat: int) -> int:
    """0 for North-South, 1 for West-East."""
    return seat % 2


def kitty_multiplier(rules: Rules, last_trick_cards: int, largest_combo: int | None = None) -> int:
    """What the kitty's points are multiplied by when the attackers win the last trick.

    ``last_trick_cards`` is the number of cards each player played to the last trick; ``largest_combo`` the
    number of cards in the largest combination of its lead (default: all of them, a single combination).
    """
    if last_trick_cards < 1:
        raise InvalidPositionError(_("the last trick has at least one card per player"))
    if rules.kitty_multiplier is KittyMultiplier.DOUBLE:
        return 2
    if rules.kitty_multiplier is KittyMultiplier.TWICE_CARDS:
        return 2 * last_trick_cards
    largest = last_trick_cards if largest_combo is None else largest_combo
    if not 1 <= largest <= last_trick_cards:
        raise InvalidPositionError(f"the largest combination ({largest}) must be 1 to {last_trick_cards} cards")
    return int(2**largest)


def kitty_bonus(
    rules: Rules, kitty_points: int, last_trick_cards: int, attackers_won_last: bool, largest_combo: int | None = None
) -> int:
    """The attackers' kitty bonus (0 unless they won the last trick)."""
    if not attackers_won_last:
        return 0
    return kitty_points * kitty_multiplier(rules, last_trick_cards, largest_combo)


@dataclass(frozen=True)
class LevelChange:
    """The level table's verdict on the attackers' points."""

    points: int
    bankers_keep: bool
    levels: int  # levels gained by the bankers (kept) or the attackers (bank passed); may be 0
    low: int  # the band: low ≤ points ≤ high (high None: no upper end); in fives when the table is
    high: int | None
    text: str
    """The verdict as a clause: "120–155: the attackers take the bank and go up one level"."""
    upper: int | None = None
    """The lowest points of the next band up (None: the last band)."""


def _top(low: int, upper: int) -> int:
    """The highest points of the band [low, upper): points come in fives, so 120–155 rather than 120–159."""
    return upper - 5 if low % 5 == 0 and upper % 5 == 0 and upper - 5 >= low else upper - 1


def level_change(points: int, rules: Rules) -> LevelChange:
    """The result of a round in which the attackers scored ``points`` (penalties included).

    Two decks: 0 → bankers +3; 5–35 → +2; 40–75 → +1; 80–115 → the attackers take the bank; 120–155 →
    and go up 1; then one more level per further 40. Other deck counts scale the bands (threshold 40 ×
    decks, band threshold / 2) unless the options set them. Below zero (failed throws): as no points, or the
    table goes on (option *Attackers' points below zero*).
    """
    t, b = rules.attack_threshold, rules.band_width
    if points < 0 and rules.below_zero is BelowZero.EXTENDED:
        up = 4 + (-points - 1) // b
        low = -(up - 3) * b
        upper = low + b
        return LevelChange(points, True, up, low, _top(low, upper),
                           _("{points}, below zero: the bankers go up {levels}").format(
                               points=n_(points), levels=count(up, "level")), upper)
    if points <= 0:
        text = _("no points for the attackers: the bankers go up three levels")
        if points < 0:
            text = _("{points}, below zero, counts as no points ({note}): the bankers go up three levels").format(
                points=n_(points), note=default_note("below_zero"))
        return LevelChange(points, True, 3, min(points, 0), 0, text, 1)
    if points < t - b:
        low = 5 if (t - b) % 5 == 0 and t - b > 5 else 1
        return LevelChange(points, True, 2, low, _top(low, t - b),
                           _("under {points}: the bankers go up two levels").format(points=n_(t - b)),
                           t - b)
    if points < t:
        low = max(1, t - b)
        return LevelChange(points, True, 1, low, _top(low, t),
                           _("under the threshold of {points}: the bankers go up one level").format(points=n_(t)), t)
    if points < t + b:
        return LevelChange(points, False, 0, t, _top(t, t + b),
                           _("{points} or more, the threshold: the attackers take the bank, with no level "
                             "change").format(points=n_(t)), t + b)
    up = 1 + (points - t - b) // b
    low = t + b * up
    top = _top(low, low + b)
    return LevelChange(points, False, up, low, top,
                       _("{low}–{top}: the attackers take the bank and go up {levels}").format(
                           low=n_(low), top=n_(top), levels=count(up, "level")), low + b)


def team_words(team: int) -> str:
    """A team as a reason names it: "NS" in English, its seats' names in other languages (উত্তর–দক্ষিণ)."""
    letters = TEAMS[team]
    return letters if seat_words(letters[0]) == letters[0] else "–".join(seat_words(s) for s in letters)


def level_bands(rules: Rules, upto: int | None = None) -> list[LevelChange]:
    """The level table as bands (each reported at its lowest points) from 0 up to ``upto`` points
    (default: all the points in play)."""
    top = rules.total_points if upto is None else upto
    out: list[LevelChange] = []
    p = 0
    while p <= top:
        change = level_change(p, rules)
        out.append(change)
        assert change.upper is not None and change.upper > p
        p = change.upper
    return out


def climb(level: Rank, steps: int, rules: Rules, as_bankers: bool = True) -> tuple[Rank, bool]:
    """A team's level after going up ``steps``: (new level, whether it went past the end rank and won).

    A level listed in ``rules.stop_ranks`` is never jumped over: the climb stops there. With
    ``rules.defend_stop_ranks`` a team standing at such a level goes up from it only as the bankers
    (``as_bankers``): attackers who take the bank stay there.
    """
    if steps and not as_bankers and rules.defend_stop_ranks and level in rules.stop_ranks:
        return level, False
    end = RANKS.index(rules.game_end_rank)
    i = RANKS.index(level)
    for step in range(steps):
        if i >= end:
            return level, True
        i += 1
        level = RANKS[i]
        if level in rules.stop_ranks and step < steps - 1:
            break
    return level, False


@dataclass(frozen=True)
class HandScore:
    """The whole scoring of a finished hand."""

    trick_points: int
    kitty_points: int
    multiplier: int
    kitty_bonus: int
    penalty: int  # points transferred to the attackers by failed throws (negative: taken from them)
    attacker_points: int
    change: LevelChange
    banker_team: int
    starter: int
    next_banker_team: int
    next_starter: int
    levels: tuple[Rank, Rank]  # after the round, by team
    winner: int | None  # the team that went past the end rank, if any
    seats: tuple[str, ...] = SEATS  # seat names by index, in the round's turn order
    before: tuple[Rank, Rank] | None = None  # the levels before the round, by team (None: not known)
    stop_ranks: tuple[Rank, ...] = ()
    defend_stop_ranks: bool = True

    @property
    def result(self) -> str:
        """The verdict as a clause that says what happened: the level table's band, and, where a level that must
        be played held the team that goes up, how far it went, from which level to which, and why."""
        return result_text(self.change, self.before, self.levels, self.banker_team, self.winner, self.stop_ranks,
                           self.defend_stop_ranks)

    def to_json(self) -> dict[str, object]:
        return {
            "trick_points": self.trick_points,
            "kitty_points": self.kitty_points,
            "kitty_multiplier": self.multiplier,
            "kitty_bonus": self.kitty_bonus,
            "penalty": self.penalty,
            "attacker_points": self.attacker_points,
            "bankers_keep": self.change.bankers_keep,
            "levels_up": self.change.levels,
            "team_up": TEAMS[self.banker_team if self.change.bankers_keep else 1 - self.banker_team]
            if self.change.levels else None,
            "band": [self.change.low, self.change.high],
            "result": self.result,
            "banker_team": TEAMS[self.banker_team],
            "next_banker_team": TEAMS[self.next_banker_team],
            "starter": self.seats[self.starter],
            "next_starter": self.seats[self.next_starter],
            "levels": {TEAMS[i]: lv.text for i, lv in enumerate(self.levels)},
            "winner": TEAMS[self.winner] if self.winner is not None else None,
        }


def score_hand(
    rules: Rules,
    *,
    trick_points: int,
    kitty_points: int,
    last_trick_cards: int,
    attackers_won_last: bool,
    starter: int,
    levels: Sequence[Rank] = (Rank.TWO, Rank.TWO),
    penalty: int = 0,
    largest_combo: int | None = None,
) -> HandScore:
    """Score a finished hand: attackers' trick points + kitty bonus + penalties → level change, next banker, levels."""
    multiplier = kitty_multiplier(rules, last_trick_cards, largest_combo) if attackers_won_last else 0
    bonus = kitty_points * multiplier
    total = trick_points + bonus + penalty
    change = level_change(total, rules)
    banker = team_of(starter)
    new_levels = list(levels)
    winner = None
    up_team = banker if change.bankers_keep else 1 - banker
    if change.levels:
        new_levels[up_team], won = climb(levels[up_team], change.levels, rules, as_bankers=change.bankers_keep)
        winner = up_team if won else None
    # seats are indices in turn order: the partner is two seats on, the next player (an attacker) one
    if change.bankers_keep:
        next_banker, next_starter = banker, (starter + 2) % 4
    else:
        next_banker, next_starter = 1 - banker, (starter + 1) % 4
    return HandScore(trick_points, kitty_points, multiplier, bonus, penalty, total, change, banker, starter,
                      next_banker, next_starter, (new_levels[0], new_levels[1]), winner, rules.seats,
                      (levels[0], levels[1]), rules.stop_ranks, rules.defend_stop_ranks)


def result_text(change: LevelChange, before: tuple[Rank, Rank] | None, after: tuple[Rank, Rank], banker: int,
                winner: int | None, stop_ranks: Sequence[Rank], defend: bool = True) -> str:
    """``change.text`` when the level table's verdict is what happened; otherwise (a level that must be played
    held the team that goes up) the band, then what the table gives, what happened instead, and why."""
    if before is None or not change.levels or winner is not None:
        return change.text
    team = banker if change.bankers_keep else 1 - banker
    start, end = before[team], after[team]
    gained = RANKS.index(end) - RANKS.index(start)
    if gained >= change.levels:
        # stop ranks set but none in the way: the table's words, with the levels
        return _("{result}, from {start} to {end}").format(result=change.text, start=start.text, end=end.text) \
            if stop_ranks else change.text
    head = change.text.rpartition(": ")[0]
    values = {"head": head, "start": start.text, "end": end.text, "levels": count(change.levels, "level"),
              "gained": count(gained, "level"), "note": default_note("defend_stop_ranks")}
    if gained == 0 and start in stop_ranks:
        return (_("{head}: the bankers keep the bank but stay at {start} instead of going up {levels}: {start} is a "
                  "level that must be played, and a team at it goes up only by winning a round as the bankers "
                  "({note})") if change.bankers_keep else
                _("{head}: the attackers take the bank but stay at {start} instead of going up {levels}: {start} is "
                  "a level that must be played, and a team at it goes up only by winning a round as the bankers "
                  "({note})")).format(**values)
    return (_("{head}: the bankers keep the bank and go up {gained}, from {start} to {end}, instead of {levels}: "
              "{end} is a level that must be played, and no team jumps over it") if change.bankers_keep else
            _("{head}: the attackers take the bank and go up {gained}, from {start} to {end}, instead of {levels}: "
              "{end} is a level that must be played, and no team jumps over it")).format(**values)


def level_table_note(rules: Rules, change: LevelChange) -> str:
    """Where the level table used for ``change`` is a default the sources leave open, say so ("" otherwise): the
    bands of the Chinese competition rules and of three or four decks, the threshold of three or four decks."""
    notes = []
    if rules.threshold is None and rules.decks >= 3:
        notes.append(_("the threshold of {points} is {note}").format(points=n_(rules.attack_threshold),
                                                                     note=default_note("threshold")))
    if rules.band is None and change.points > 0 and (rules.decks != 2 or nearest_preset(rules) == "competition"):
        notes.append(_("bands of {points} points are {note}").format(points=n_(rules.band_width),
                                                                     note=default_note("band")))
    return "; ".join(notes)


def scoring_summary() -> str:
    """What counts and what it leads to, in two sentences for the scoring explorer, in the current language."""
    return _(
        "Only the **attackers' points** count: the points in the tricks they won, plus the **kitty bonus** when they "
        "win the last trick. The **level table** turns them into a result: below the threshold the bankers keep the "
        "bank and go up; from the threshold on, the attackers take the bank, and go up one level per further band."
    )
