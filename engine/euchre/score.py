"""Scoring a hand and winning the game (the seed's table; game to 10, won by 2 unless plain first-to-10).

| result                                            | points        |
|---------------------------------------------------|---------------|
| makers win 3 or 4 tricks                          | makers 1      |
| makers win all 5 (a march)                        | makers 2      |
| maker alone wins 3 or 4                           | makers 1      |
| maker alone wins all 5                            | makers 4      |
| defenders win 3 or more (makers are euchred)      | defenders 2   |
| a defender alone wins 3 or more                   | defenders 4   |
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import InvalidPositionError
from engine.euchre.rules import Rules, Side, rule_source
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as numeral
from engine.words import number

__all__ = ["MOST_POINTS", "HandScore", "check_reachable", "game_over_reason", "game_winner", "hand_outcomes",
           "parse_scores", "score_hand", "side_points", "win_chances"]

TRICKS = 5
MOST_POINTS = 4
"""The most points one hand scores (a lone march, or a lone defender's euchre)."""


@dataclass(frozen=True)
class HandScore:
    """Points of one hand: to the makers or to the defenders (never both), and the row of the table."""

    makers: int
    defenders: int
    row: str

    @property
    def euchred(self) -> bool:
        return self.defenders > 0

    @property
    def march(self) -> bool:
        return self.row.startswith("march") or self.row.startswith("lone march")

    @property
    def words(self) -> str:
        """The row of the table in the current language (``row`` is its English, a catalog message)."""
        return _(self.row)


_ALONE_WINS = {3: N_("a maker alone wins 3 tricks: makers 1"), 4: N_("a maker alone wins 4 tricks: makers 1")}
_MAKERS_WIN = {3: N_("the makers win 3 tricks: makers 1"), 4: N_("the makers win 4 tricks: makers 1")}


def score_hand(makers_tricks: int, alone: bool = False, defender_alone: bool = False,
               rules: Rules | None = None) -> HandScore:
    """The points of a hand in which the makers took ``makers_tricks`` of the 5 tricks.

    ``alone``: a maker went alone; ``defender_alone``: a defender went alone. With ``rules``, a lone defender
    where the rules let no defender go alone is refused (InvalidPositionError), not paid.
    """
    if isinstance(makers_tricks, bool) or not isinstance(makers_tricks, int) or not 0 <= makers_tricks <= TRICKS:
        raise InvalidPositionError(_("the makers take 0 to 5 of the 5 tricks, not {value}").format(
            value=repr(makers_tricks)))
    if defender_alone and rules is not None and not rules.defender_may_go_alone:
        raise InvalidPositionError(_("no defender may go alone{where}, so no hand is scored for a lone defender")
                                   .format(where=rule_source(rules, "defender_may_go_alone")))
    if makers_tricks <= 2:
        if defender_alone:
            return HandScore(0, 4, N_("a defender alone wins 3 or more: defenders 4"))
        return HandScore(0, 2, N_("defenders win 3 or more (the makers are euchred): defenders 2"))
    if makers_tricks == TRICKS:
        if alone:
            return HandScore(4, 0, N_("lone march: a maker alone wins all 5: makers 4"))
        return HandScore(2, 0, N_("march: the makers win all 5: makers 2"))
    if alone:
        return HandScore(1, 0, _ALONE_WINS[makers_tricks])
    return HandScore(1, 0, _MAKERS_WIN[makers_tricks])


def side_points(makers: Side, score: HandScore) -> tuple[int, int]:
    """The points of a scored hand to (North-South, East-West), the makers being ``makers``."""
    points = [0, 0]
    points[makers.value] = score.makers
    points[makers.other.value] = score.defenders
    return (points[0], points[1])


def parse_scores(value: object) -> tuple[int, int]:
    """A game score (North-South, East-West) from JSON: ``[10, 9]`` or ``{"N-S": 10, "E-W": 9}`` (``NS`` and
    ``EW`` accepted); InvalidPositionError naming the problem otherwise."""
    if isinstance(value, Mapping):
        unknown = set(value) - {"N-S", "E-W", "NS", "EW"}
        if unknown:
            raise InvalidPositionError(_("a game score has the sides N-S and E-W, not {value}").format(
                value=repr(sorted(map(str, unknown))[0])))
        value = [value.get("N-S", value.get("NS", 0)), value.get("E-W", value.get("EW", 0))]
    if not isinstance(value, (list, tuple)):
        raise InvalidPositionError(_("a game score is [North-South, East-West], e.g. [10, 9], not {value}").format(
            value=repr(value)))
    return _check_scores(value)


def _check_scores(scores: Sequence[object]) -> tuple[int, int]:
    if len(scores) != 2 or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 1000 for s in scores):
        raise InvalidPositionError(_("a game score is two whole numbers of 0 or more, not {value}").format(
            value=repr(list(scores))))
    a, b = scores
    assert isinstance(a, int) and isinstance(b, int)
    return a, b


def game_winner(scores: Sequence[int], rules: Rules) -> Side | None:
    """The side that has won with ``scores`` (North-South, East-West), or None while the game goes on.

    A side wins with at least ``rules.target`` points and, under win-by-two, a lead of 2 or more.
    """
    a, b = _check_scores(scores)
    target = rules.target
    if not rules.win_by_two:
        if a >= target and b >= target:
            if a == b:
                raise InvalidPositionError(
                    _("{a}-{b} cannot happen when the first side to {target} wins: the game ends at {target}").format(
                        a=a, b=b, target=target))
            return Side.NORTH_SOUTH if a > b else Side.EAST_WEST
        if a >= target:
            return Side.NORTH_SOUTH
        return Side.EAST_WEST if b >= target else None
    if a >= target and a - b >= 2:
        return Side.NORTH_SOUTH
    if b >= target and b - a >= 2:
        return Side.EAST_WEST
    return None


def game_over_reason(scores: Sequence[int], rules: Rules) -> str:
    """Why the game is over, or why it goes on, for a learner (a clause: "North-South win the game 11-9: at
    least 10 points and ahead by two", "no side has 10 points yet, so the game goes on")."""
    a, b = _check_scores(scores)
    winner = game_winner((a, b), rules)
    target = rules.target
    if winner is not None:
        mine, theirs = (a, b) if winner is Side.NORTH_SOUTH else (b, a)
        facts = {"side": winner.title, "mine": numeral(mine), "theirs": numeral(theirs), "target": numeral(target)}
        if rules.win_by_two:
            return _("{side} win the game {mine}-{theirs}: at least {target} points and ahead by {lead}").format(
                lead=number(mine - theirs), **facts)
        return _("{side} win the game {mine}-{theirs}: the first side to {target} points").format(**facts)
    high = max(a, b)
    if high >= target:
        if a == b:
            return _("both sides have {points} points, and the winner must lead by two, so the game goes on").format(
                points=numeral(a))
        leader = Side.NORTH_SOUTH if a > b else Side.EAST_WEST
        return _("{side} have {points} points but lead by only one, and the winner must lead by two, so the game "
                 "goes on").format(side=leader.title, points=numeral(high))
    return _("no side has {target} points yet, so the game goes on").format(target=numeral(target))


def check_reachable(scores: Sequence[int], rules: Rules) -> tuple[int, int]:
    """``scores`` (North-South, East-West), if a game under ``rules`` can stand there — it ends as soon as a side
    has won, and one hand scores 1, 2 or 4 points, so 30-0 never happens; InvalidPositionError saying why
    otherwise."""
    a, b = _check_scores(scores)
    end = (_("as soon as a side has {target} points and leads by two") if rules.win_by_two
           else _("as soon as a side reaches {target} points")).format(target=rules.target)
    if not rules.win_by_two and min(a, b) >= rules.target:
        raise InvalidPositionError(_("N-S {a} · E-W {b} cannot happen: the game ends {end}, so only one side can "
                                     "have {target} or more").format(a=a, b=b, end=end, target=rules.target))
    winner = game_winner((a, b), rules)
    if winner is None:
        return a, b  # every score where the game goes on can be reached (one point at a time)
    mine, theirs = (a, b) if winner is Side.NORTH_SOUTH else (b, a)
    if any(mine >= step and game_winner(_ordered(winner, mine - step, theirs), rules) is None for step in (1, 2, 4)):
        return a, b
    raise InvalidPositionError(_("N-S {a} · E-W {b} cannot happen: the game ends {end}, and one hand scores at most "
                                 "{most} points, so {side} would have won before reaching {mine}").format(
        a=a, b=b, end=end, most=MOST_POINTS, side=winner.title, mine=mine))


def _ordered(side: Side, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if side is Side.NORTH_SOUTH else (theirs, mine)


def hand_outcomes(points: Iterable[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """The distribution of one hand's points ``(to N-S, to E-W)`` from many hands' points, made symmetric
    between the two sides (each side deals as often); thrown-in hands count as ``(0, 0)``."""
    counts: dict[tuple[int, int], float] = {}
    for ns, ew in points:
        for key in ((int(ns), int(ew)), (int(ew), int(ns))):
            counts[key] = counts.get(key, 0.0) + 0.5
    total = sum(counts.values())
    if total <= 0:
        raise InvalidPositionError("no hands to learn the points of a hand from")
    return {k: v / total for k, v in counts.items()}


def win_chances(
    outcomes: Mapping[tuple[int, int], float], rules: Rules, top: int | None = None
) -> dict[tuple[int, int], float]:
    """The chance that North-South win the game from each score ``(ns, ew)`` with ``0 <= ns, ew <= top``.

    ``outcomes`` maps the points of one hand ``(to N-S, to E-W)`` to its probability (a thrown-in hand,
    ``(0, 0)``, changes nothing and is ignored). Hands are assumed independent (a Markov chain over
    scores): under win-by-two, scores where both sides have ``target - 2`` or more only matter by their
    difference, so the chain is finite. Values come from fixed-point iteration to 1e-12.
    """
    total = sum(p for (x, y), p in outcomes.items() if (x, y) != (0, 0) and p > 0)
    if total <= 0:
        raise InvalidPositionError("no hand outcome scores any points: the game would never end")
    moves = [(x, y, p / total) for (x, y), p in outcomes.items() if (x, y) != (0, 0) and p > 0]
    target = rules.target
    if top is None:
        top = target + 1 if rules.win_by_two else target - 1
    floor = target - 2

    def norm(a: int, b: int) -> tuple[int, int]:
        if rules.win_by_two:
            low = min(a, b)
            if low > floor:
                return a - low + floor, b - low + floor
        return a, b

    def terminal(a: int, b: int) -> float | None:
        if not rules.win_by_two:  # only one side can reach the target first
            return 1.0 if a >= target else 0.0 if b >= target else None
        side = game_winner((a, b), rules)
        if side is None:
            return None
        return 1.0 if side is Side.NORTH_SOUTH else 0.0

    size = max(top, target + 6) + 1
    values: dict[tuple[int, int], float] = {}
    states = [(a, b) for a in range(size) for b in range(size)]
    for _sweep in range(10_000):
        change = 0.0
        for a, b in states:
            if terminal(a, b) is not None:
                continue
            v = 0.0
            for x, y, p in moves:
                na, nb = norm(a + x, b + y)
                t = terminal(na, nb)
                v += p * (t if t is not None else values.get((na, nb), 0.5))
            change = max(change, abs(v - values.get((a, b), 0.5)))
            values[(a, b)] = v
        if change < 1e-12:
            break
    out: dict[tuple[int, int], float] = {}
    for a in range(top + 1):
        for b in range(top + 1):
            t = terminal(a, b)
            out[(a, b)] = t if t is not None else values[norm(a, b)]
    return out
