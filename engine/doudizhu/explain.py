"""Why a set of cards is no combination, in words for a learner (an internal part of the legality check in
:mod:`engine.doudizhu.play`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.doudizhu.combos import Kind, readings
from engine.doudizhu.order import ACE, BJ, RJ, TWO, N, rank_text, rank_word
from engine.doudizhu.rules import Rules

_FOUR_PLAYER_BANNED = {
    Kind.TRIPLET_SINGLE: "a triplet with a single is not played with four players (a triplet may carry a pair)",
    Kind.AIRPLANE_SINGLES: "an airplane with singles is not played with four players (an airplane may carry "
    "pairs)",
    Kind.QUADPLEX_SINGLES: "the quadplex (four of a kind with two singles) is not played with four players",
    Kind.QUADPLEX_PAIRS: "the quadplex (four of a kind with two pairs) is not played with four players",
}


def why_not(counts: Sequence[int], rules: Rules) -> str:
    """The reason ``counts`` form no combination under ``rules`` (call only when :func:`readings` is empty)."""
    relaxed = _broken_option(counts, rules)
    if relaxed:
        return relaxed
    nz = [r for r in range(N) if counts[r]]
    total = sum(counts)
    if not nz:
        return "no cards were chosen"
    jokers = [r for r in nz if r >= BJ]
    if rules.four and nz == [BJ, RJ]:
        return ("with four players the rocket is all four jokers, and a pair of jokers must be of one colour "
                "(two black or two red)")
    if jokers and len(jokers) == 2 and total > 2 and not rules.four:
        if all(counts[r] == 1 for r in nz) and total >= 5:
            return "jokers cannot be part of a sequence (and the two jokers together are the rocket, played alone)"
        return "the two jokers together are the rocket, which is played on its own"
    units = {counts[r] for r in nz}
    if len(units) == 1:
        return _equal_counts(nz, units.pop(), total, rules)
    triplets = [r for r in nz if counts[r] >= 3 and r <= TWO]
    fours = [r for r in nz if counts[r] == 4 and not rules.four]
    if fours and not any(counts[r] == 3 for r in nz):
        return _with_four(counts, fours, total, rules)
    if triplets:
        return _with_triplets(counts, triplets, total, rules)
    return ("cards of different ranks combine only as a sequence, a pair sequence, triplets with kickers "
            "or a quadplex")


def _broken_option(counts: Sequence[int], rules: Rules) -> str:
    """The option whose relaxation makes ``counts`` a combination, as a reason, or ''."""
    if not rules.jokers_as_kickers and readings(counts, dataclasses.replace(rules, jokers_as_kickers=True)):
        both = "both joker pairs" if rules.four else "the black and the red joker"
        return f"{both} cannot be kickers of one play: together they are the rocket"
    if rules.distinct_kickers and readings(counts, dataclasses.replace(rules, distinct_kickers=False)):
        repeated = [r for r in range(N) if counts[r] == 2 or counts[r] == 3]
        which = f" (two {rank_word(repeated[-1], 2)})" if repeated else ""
        return f"single kickers must all be of different ranks{which}: with a pair, play the pair shape"
    if not rules.four and not rules.quadplex:
        found = readings(counts, dataclasses.replace(rules, quadplex=True))
        if found:
            what = "singles" if found[0].kind is Kind.QUADPLEX_SINGLES else "pairs"
            return f"the quadplex (four of a kind with two {what}) is not allowed under these rules"
    if rules.four:
        three = Rules(players=3, quadplex=True, distinct_kickers=rules.distinct_kickers,
                      jokers_as_kickers=True)
        for combo in readings([min(c, 4) for c in counts] if max(counts) <= 4 else counts, three):
            if combo.kind in _FOUR_PLAYER_BANNED:
                return _FOUR_PLAYER_BANNED[combo.kind]
    return ""


def _missing(nz: list[int]) -> str:
    gaps = [rank_text(r) for r in range(nz[0], nz[-1] + 1) if r not in nz]
    return ", ".join(gaps)


def _equal_counts(nz: list[int], unit: int, total: int, rules: Rules) -> str:
    high = [r for r in nz if r > ACE]
    if unit == 1:
        if total == 2:
            return ("a pair is two cards of the same rank, and "
                    "a sequence needs at least 5 cards")
        if total < 5:
            if high or nz[-1] - nz[0] != len(nz) - 1:
                return ("cards of different ranks combine as a sequence only: 5 or more consecutive ranks "
                        f"from 3 up to the ace, and {_cards_of(nz, 1)} are {total} cards, not in a row")
            return f"a sequence needs at least 5 cards in a row; {_cards_of(nz, 1)} has only {total}"
        if high:
            return "2s and jokers cannot be part of a sequence (it runs from 3 up to the ace)"
        return f"a sequence needs consecutive ranks: {_missing(nz)} missing between {rank_text(nz[0])} and " \
               f"{rank_text(nz[-1])}"
    if unit == 2:
        if high:
            return "2s and jokers cannot be part of a pair sequence (it runs from 3 up to the ace)"
        if len(nz) == 2:
            return "two pairs do not combine: a pair sequence needs at least 3 consecutive pairs"
        return f"the pairs of a pair sequence must be of consecutive ranks: {_missing(nz)} missing"
    if unit == 3:
        if high:
            return "2s cannot be part of an airplane (consecutive triplets run from 3 up to the ace)"
        return f"the triplets of an airplane must be of consecutive ranks: {_missing(nz)} missing"
    if unit == 4 and not rules.four:
        return "two bombs cannot be played as one combination: play them one at a time"
    return "cards of different ranks combine only as a sequence, a pair sequence or an airplane"


def _cards_of(nz: list[int], unit: int) -> str:
    return " ".join(rank_text(r) for r in nz for _ in range(unit))


def _with_four(counts: Sequence[int], fours: list[int], total: int, rules: Rules) -> str:
    extra = total - 4
    if not rules.quadplex:
        return "four of a kind is a bomb played alone (the quadplex, 4 + 2, is off under these rules)"
    if extra not in (2, 4):
        return f"four of a kind carries exactly two singles or two pairs (the quadplex); here {extra} other cards"
    q = fours[0]
    others = [r for r in range(N) if counts[r] and r != q]
    if extra == 4 and any(r >= BJ for r in others):
        return "jokers cannot make a pair with three players, so they cannot be the pairs of a quadplex"
    if extra == 4:
        return "the two pairs of a quadplex must be two pairs of different ranks"
    return "the two singles of a quadplex must be of different ranks"


def _with_triplets(counts: Sequence[int], triplets: list[int], total: int, rules: Rules) -> str:
    chain = _longest_chain([r for r in triplets if r <= ACE])
    length = max(len(chain), 1)
    if len(triplets) > length and len(triplets) >= 2:
        if any(r == TWO for r in triplets):
            return "2s cannot be part of an airplane (consecutive triplets run from 3 up to the ace)"
        return (f"the triplets of an airplane must be of consecutive ranks "
                f"({', '.join(rank_word(r, 2) for r in triplets)} are not)")
    if length == 1:
        t = triplets[0]
        extra = total - 3
        if counts[t] > 3:
            return f"a kicker cannot be of the same rank as the triplet ({rank_word(t, 2)})"
        if extra == 2:
            return "a triplet carries one single or one pair, and these two cards are not a pair"
        return f"a triplet carries one single or one pair; here it has {extra} other cards"
    main = set(chain)
    extra = total - 3 * length
    if any(counts[r] > 3 for r in main):
        return "a kicker cannot be of the same rank as the triplets of the airplane"
    count = f"{length} pairs" if rules.four else f"{length} singles or {length} pairs"
    if extra == 2 * length:
        return (f"an airplane of {length} triplets carries {count}, and its pairs must be "
                f"of different ranks (no jokers with three players)")
    return f"an airplane of {length} triplets carries exactly {count}; here it has {extra} other cards"


def _longest_chain(ranks: list[int]) -> list[int]:
    best: list[int] = []
    run: list[int] = []
    for r in sorted(ranks):
        run = run + [r] if run and r == run[-1] + 1 else [r]
        if len(run) > len(best):
            best = run
    return best

