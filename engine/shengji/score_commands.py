"""Shengji's scoring commands: a hand's score (``score``), the kitty's bonus (``kitty``), the level bands
(``bands``) and the climb through the levels (``climb``). Gathered into :data:`engine.shengji.commands.COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cards import Rank
from engine.commands import arg
from engine.errors import InvalidRequestError, quote
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji import examples
from engine.shengji.order import seat_words
from engine.shengji.requests import ShengjiRequest, rules_of
from engine.shengji.rules import TEAMS, Rules
from engine.shengji.score import (
    HandScore,
    kitty_bonus,
    kitty_multiplier,
    level_bands,
    level_table_note,
    score_hand,
    team_words,
)
from engine.words import and_list, count

# ---------------------------------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ScoreRequest(ShengjiRequest):
    """A finished hand's figures."""

    attacker_points: int = arg(help="the attackers' points from the tricks they won", low=0, high=10_000)
    kitty_points: int = arg(0, help="the points buried in the kitty", low=0, high=400)
    last_trick_cards: int = arg(1, help="the cards each player played to the last trick", low=1, high=60)
    attackers_won_last: bool = arg(False, help="whether the attackers won the last trick")
    largest_combo: int | None = arg(None, help="the cards in the last lead's largest combination (power_of_two "
                                                "kitty rule)", low=1, high=60)
    penalty: int = arg(0, help="points failed throws moved to the attackers (negative: from them)",
                       low=-10_000, high=10_000)
    starter: str = arg("N", seat=True, help="the starter (whose team banks)")
    levels: Mapping[str, Rank] = arg({}, help="each team's level before the hand: {\"NS\": \"2\", \"WE\": \"5\"}")


@dataclass(frozen=True, kw_only=True)
class ScoreAnswer:
    trick_points: int = arg(help="the attackers' points from tricks")
    kitty_points: int = arg(help="the points in the kitty")
    kitty_multiplier: int = arg(help="what the kitty's points were multiplied by (0: the bankers kept it)")
    kitty_bonus: int = arg(help="the attackers' kitty bonus")
    penalty: int = arg(help="points failed throws moved to the attackers")
    attacker_points: int = arg(help="the attackers' points in all")
    bankers_keep: bool = arg(help="whether the bankers keep the bank")
    levels_up: int = arg(help="levels gained (by the bankers, or by the attackers who take the bank)")
    team_up: str | None = arg(help="the team that goes up, if any")
    band: tuple[int, int | None] = arg(help="the band of the level table the points fall in")
    result: str = arg(help="the level table's verdict in words")
    banker_team: str = arg(help="the bankers (NS or WE)")
    next_banker_team: str = arg(help="who banks next")
    starter: str = arg(help="the starter")
    next_starter: str = arg(help="who starts the next round")
    levels: Mapping[str, str] = arg(help="each team's level after the hand, 2 to A")
    winner: str | None = arg(help="the team that went past the last level and won the game, if any")
    reason: str = arg(help="the whole scoring in words")


def score_reason(s: HandScore, rules: Rules) -> str:
    """The whole scoring of a hand as a reason clause: the attackers' points, the verdict, who banks next."""
    bits = [_("{points} in tricks").format(points=n_(s.trick_points))]
    if s.kitty_bonus:
        bits.append(_("{bonus} from the kitty ({points} × {times})").format(
            bonus=n_(s.kitty_bonus), points=n_(s.kitty_points), times=n_(s.multiplier)))
    elif s.kitty_points:
        bits.append(_("no kitty bonus, as the bankers won the last trick"))
    if s.penalty:
        bits.append((_("{points} gained by failed throws") if s.penalty > 0 else
                     _("{points} lost by failed throws")).format(points=n_(abs(s.penalty))))
    had = f"{count(s.attacker_points, 'point')}: {and_list(bits)}" \
        if len(bits) > 1 else _("{points} in tricks").format(points=count(s.attacker_points, "point"))
    reason = _("the attackers have {had}; {result}; {team} bank next and {seat} starts").format(
        had=had, result=s.result, team=team_words(s.next_banker_team), seat=seat_words(s.seats[s.next_starter]))
    note = level_table_note(rules, s.change)
    if note:
        reason += f" ({note})"
    if s.winner is not None:
        reason += "; " + _("{team} go past {rank} and win the game").format(team=team_words(s.winner),
                                                                            rank=rules.game_end_rank.text)
    return reason



def score_answer(s: HandScore, rules: Rules) -> ScoreAnswer:
    up = s.banker_team if s.change.bankers_keep else 1 - s.banker_team
    reason = score_reason(s, rules)
    return ScoreAnswer(
        trick_points=s.trick_points, kitty_points=s.kitty_points, kitty_multiplier=s.multiplier,
        kitty_bonus=s.kitty_bonus, penalty=s.penalty, attacker_points=s.attacker_points,
        bankers_keep=s.change.bankers_keep, levels_up=s.change.levels,
        team_up=TEAMS[up] if s.change.levels else None, band=(s.change.low, s.change.high), result=s.result,
        banker_team=TEAMS[s.banker_team], next_banker_team=TEAMS[s.next_banker_team], starter=s.seats[s.starter],
        next_starter=s.seats[s.next_starter], levels={TEAMS[i]: lv.text for i, lv in enumerate(s.levels)},
        winner=TEAMS[s.winner] if s.winner is not None else None, reason=reason,
    )


def _levels(levels: Mapping[str, Rank], rules: Rules) -> tuple[Rank, Rank]:
    unknown = sorted(set(levels) - {"NS", "WE", "EW"})
    if unknown:
        raise InvalidRequestError(f"field 'levels': {quote(unknown[0])} is not a team; the teams are NS and WE")
    first = rules.trump_rank_start
    ns, we = levels.get("NS", first), levels.get("WE", levels.get("EW", first))
    for rank in (ns, we):
        if rank.is_joker:
            raise InvalidRequestError(f"field 'levels': {rank.text!r} is not a level: levels are 2 to A")
    return ns, we


def check_points(rules: Rules, kitty_points: int, trick_points: int = 0, field: str = "attacker_points") -> None:
    """Refuse points no hand of ``rules`` can have: not in fives, more than the points in play, a kitty holding more
    points than its cards can (InvalidRequestError naming the field and the limit)."""
    total = rules.total_points
    for name, value in ((field, trick_points), ("kitty_points", kitty_points)):
        if value % 5:
            raise InvalidRequestError(f"field {name!r}: {value} points cannot happen: points come in fives (5s, 10s "
                                      "and kings)")
    if trick_points > total:
        raise InvalidRequestError(f"field {field!r}: {trick_points} is more than the {total} points in play with "
                                  f"{count(rules.decks, 'deck')}")
    most = min(total, 10 * rules.kitty)
    if kitty_points > most:
        raise InvalidRequestError(f"field 'kitty_points': a kitty of {count(rules.kitty, 'card')} holds at most "
                                  f"{most} points, not {kitty_points}")
    if trick_points + kitty_points > total:
        raise InvalidRequestError(f"fields {field!r} and 'kitty_points': {trick_points} + {kitty_points} is more "
                                  f"than the {total} points in play")


def score(request: ScoreRequest) -> ScoreAnswer:
    """Score a hand: attackers' trick points + the kitty bonus (+ penalty) → level change, next banker."""
    rules = rules_of(request)
    check_points(rules, request.kitty_points, request.attacker_points)
    per = rules.throw_penalty_per_card
    if request.penalty and (not per or request.penalty % per):
        raise InvalidRequestError(
            f"field 'penalty': {request.penalty} cannot happen under these rules: a failed throw costs "
            + (f"{count(per, 'point')} for each card taken back" if per else "nothing (the option “Failed throw: "
               "points per card taken back” is 0)"))
    if request.last_trick_cards > rules.hand_size:
        raise InvalidRequestError(f"field 'last_trick_cards': a hand holds only {rules.hand_size} cards")
    s = score_hand(rules, trick_points=request.attacker_points, kitty_points=request.kitty_points,
                   last_trick_cards=request.last_trick_cards, attackers_won_last=request.attackers_won_last,
                   starter=rules.seats.index(request.starter), levels=_levels(request.levels, rules),
                   penalty=request.penalty, largest_combo=request.largest_combo)
    return score_answer(s, rules)


@dataclass(frozen=True, kw_only=True)
class KittyRequest(ShengjiRequest):
    """The kitty bonus of a last trick."""

    kitty_points: int = arg(0, help="the points in the kitty", low=0, high=400)
    last_trick_cards: int = arg(1, help="the cards each player played to the last trick", low=1, high=60)
    largest_combo: int | None = arg(None, help="the cards in the last lead's largest combination", low=1, high=60)
    attackers_won_last: bool = arg(True, help="whether the attackers won the last trick")


@dataclass(frozen=True, kw_only=True)
class KittyAnswer:
    multiplier: int = arg(help="what the kitty's points are multiplied by")
    bonus: int = arg(help="the attackers' bonus (0 unless they won the last trick)")
    rule: str = arg(help="the kitty_multiplier option in force")


def kitty(request: KittyRequest) -> KittyAnswer:
    """The kitty multiplier and bonus for a last trick of ``last_trick_cards`` cards per player."""
    rules = rules_of(request)
    check_points(rules, request.kitty_points)
    if request.last_trick_cards > rules.hand_size:
        raise InvalidRequestError(f"field 'last_trick_cards': a hand holds only {rules.hand_size} cards")
    cards, largest = request.last_trick_cards, request.largest_combo
    return KittyAnswer(multiplier=kitty_multiplier(rules, cards, largest),
                       bonus=kitty_bonus(rules, request.kitty_points, cards, request.attackers_won_last, largest),
                       rule=rules.kitty_multiplier.value)


@dataclass(frozen=True, kw_only=True)
class BandsRequest(ShengjiRequest):
    """The level table."""

    upto: int | None = arg(None, help="the most points to cover (default: every point in play)", low=0,
                           high=10_000)


@dataclass(frozen=True, kw_only=True)
class BandInfo:
    low: int = arg(help="the band's lowest points")
    high: int | None = arg(help="its highest points")
    bankers_keep: bool = arg(help="whether the bankers keep the bank")
    levels: int = arg(help="levels gained")
    text: str = arg(help="the band's verdict in words")


@dataclass(frozen=True, kw_only=True)
class BandsAnswer:
    threshold: int = arg(help="the attackers' points that take the bank")
    band: int = arg(help="the band width")
    bands: tuple[BandInfo, ...] = arg(help="the bands from 0 points up")


def bands(request: BandsRequest) -> BandsAnswer:
    """The level table as bands of attackers' points (for charts); ``upto`` extends it past the deck's points."""
    rules = rules_of(request)
    upto = rules.total_points if request.upto is None else request.upto
    return BandsAnswer(threshold=rules.attack_threshold, band=rules.band_width,
                       bands=tuple(BandInfo(low=b.low, high=b.high, bankers_keep=b.bankers_keep, levels=b.levels,
                                            text=b.text) for b in level_bands(rules, upto)))


@dataclass(frozen=True, kw_only=True)
class ClimbRequest(ShengjiRequest):
    """A team's level."""

    level: Rank = arg(Rank.TWO, help="the team's level")


@dataclass(frozen=True, kw_only=True)
class ClimbAnswer:
    to_win: int = arg(help="levels still to climb to win the game")
    path: str = arg(help="the levels on the way")
    reason: str = arg(help="in words")


def climb(request: ClimbRequest) -> ClimbAnswer:
    """How many levels a team at ``level`` must still climb to win the game (go past the end rank)."""
    if request.level.is_joker:
        raise InvalidRequestError(f"field 'level': {request.level.text!r} is not a level: levels are 2 to A")
    return ClimbAnswer(**examples.climb_answer(request.level, rules_of(request)))
