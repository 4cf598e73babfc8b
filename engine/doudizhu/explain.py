"""Why a set of cards is no combination, in words for a learner (an internal part of the legality check in
:mod:`engine.doudizhu.play`).

Every reason is built from what the cards really hold: a *triplet* is a rank held exactly three times, four or
more of a rank are named as such (never as a triplet), kickers are the cards beside the main part, and a rule is
only stated for the player count it applies to (with four players there is no single kicker and no quadplex).
Reasons are clauses in the style of :mod:`engine.words` (lower case, no full stop).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.doudizhu.combos import Kind, readings
from engine.doudizhu.order import ACE, BJ, RJ, TWO, N, rank_text, rank_word
from engine.doudizhu.rules import Rules, option_label
from engine.words import and_list, count, number

__all__ = ["cards_words", "why_not"]

_FOUR_PLAYER_BANNED = {
    Kind.TRIPLET_SINGLE: "a triplet with a single is not played with four players (a triplet may carry a pair)",
    Kind.AIRPLANE_SINGLES: "an airplane with singles is not played with four players (an airplane may carry "
    "pairs)",
    Kind.QUADPLEX_SINGLES: "the quadplex (four of a kind with two singles) is not played with four players",
    Kind.QUADPLEX_PAIRS: "the quadplex (four of a kind with two pairs) is not played with four players",
}


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou8" else "a ") + word


def _group(r: int, n: int) -> str:
    """``n`` cards of rank ``r`` in words: "a 5", "an ace", "a pair of 5s", "three 7s", "four 5s"."""
    if n == 1:
        return _a(rank_word(r))
    if n == 2 and r < BJ:
        return f"a pair of {rank_word(r, 2)}"
    return f"{number(n)} {rank_word(r, n)}"


def cards_words(counts: Sequence[int]) -> str:
    """The cards of ``counts`` grouped by rank, in words: "an 8, a 10 and a pair of jacks"."""
    return and_list(_group(r, counts[r]) for r in range(N) if counts[r])


def _be(n: int) -> str:
    return "is" if n == 1 else "are"


def why_not(counts: Sequence[int], rules: Rules) -> str:
    """The reason ``counts`` form no combination under ``rules`` (call only when :func:`readings` is empty)."""
    nz = [r for r in range(N) if counts[r]]
    if not nz:
        return "no cards were chosen"
    total = sum(counts)
    if total > rules.max_hand:
        return (f"no hand holds {total} cards: with {number(rules.players)} players the most is the landlord's "
                f"{rules.max_hand} ({rules.hand_size} dealt and {number(rules.kitty)} from the kitty)")
    relaxed = _broken_option(counts, rules)
    if relaxed:
        return relaxed
    if all(r >= BJ for r in nz):
        return ("with four players the rocket is all four jokers, and two jokers make a pair only when they are of "
                "one colour (two black or two red)")
    if not rules.four and counts[BJ] and counts[RJ]:
        return "the two jokers together are the rocket, which is played on its own"
    if len(nz) == 1:
        return f"{count(total, 'card')} of one rank are no combination here"
    if len({counts[r] for r in nz}) == 1:
        return _equal_counts(counts, nz, counts[nz[0]], total, rules)
    return _mixed(counts, nz, total, rules)


def _broken_option(counts: Sequence[int], rules: Rules) -> str:
    """The option (or the player count) that makes ``counts`` no combination, as a reason, or ''."""
    if not rules.jokers_as_kickers and readings(counts, dataclasses.replace(rules, jokers_as_kickers=True)):
        both = "both joker pairs" if rules.four else "the black and the red joker"
        return f"{both} cannot be kickers of one play: together they are the rocket"
    if not rules.four and not rules.quadplex:
        found = readings(counts, dataclasses.replace(rules, quadplex=True))
        if found:
            what = "singles" if found[0].kind is Kind.QUADPLEX_SINGLES else "pairs"
            return (f"four of a kind with two {what} (the quadplex) is not played under these rules: the option "
                    f"“{option_label('quadplex')}” is off")
    if rules.four and not rules.joker_pairs and readings(counts, dataclasses.replace(rules, joker_pairs=True)):
        return (f"under these rules two jokers of one colour are a pair only as a pair an airplane carries (the "
                f"option “{option_label('joker_pairs')}” is off)")
    if not rules.long_sequences and readings(counts, dataclasses.replace(rules, long_sequences=True)):
        found = readings(counts, dataclasses.replace(rules, long_sequences=True))
        if found and found[0].kind is Kind.SEQUENCE:
            label = option_label("long_sequences")
            return (f"under these rules a sequence is exactly five cards (the option “{label}” is off); this one "
                    f"has {number(found[0].length)}")
    if rules.four and max(counts[:BJ]) <= 4 and counts[BJ] <= 1 and counts[RJ] <= 1:
        three = Rules(players=3, quadplex=True, distinct_kickers=rules.distinct_kickers, jokers_as_kickers=True,
                      long_sequences=rules.long_sequences)
        for combo in readings(counts, three):
            if combo.kind in _FOUR_PLAYER_BANNED:
                return _FOUR_PLAYER_BANNED[combo.kind]
    return ""


def _missing(nz: list[int]) -> str:
    gaps = [rank_text(r) for r in range(nz[0], nz[-1] + 1) if r not in nz]
    return f"{and_list(gaps)} {_be(len(gaps))} missing between {rank_text(nz[0])} and {rank_text(nz[-1])}"


def _equal_counts(counts: Sequence[int], nz: list[int], unit: int, total: int, rules: Rules) -> str:
    """Several ranks, each held ``unit`` times."""
    high = [r for r in nz if r > ACE]
    high_words = and_list(("2s" if r == TWO else "jokers") for r in sorted({min(r, BJ) for r in high}))
    if unit == 1:
        if total == 2:
            return "two cards of different ranks are not a pair (a pair is two cards of the same rank)"
        if high:
            return f"{high_words} cannot be part of a sequence: sequences run from 3 up to the ace"
        if total < 5:
            return (f"a sequence needs at least five single cards of consecutive ranks, and this play has only "
                    f"{number(total)}")
        return f"a sequence needs consecutive ranks: {_missing(nz)}"
    if unit == 2:
        if high:
            return f"{high_words} cannot be part of a pair sequence: it runs from 3 up to the ace"
        if len(nz) == 2:
            return "two pairs do not combine: a pair sequence needs at least three consecutive pairs"
        return f"the pairs of a pair sequence must be of consecutive ranks: {_missing(nz)}"
    if unit == 3:
        chain = _longest_chain(nz)
        if len(chain) >= 2 and _fits(len(chain), 3, total - 3 * len(chain), rules):
            return _kickers(counts, chain, 3, rules)
        if high:
            return "2s cannot be part of an airplane: its triplets run from 3 up to the ace"
        return f"the triplets of an airplane must be of consecutive ranks: {_missing(nz)}"
    return (f"{count(len(nz), 'bomb')} cannot be played as one combination: play them one at a time")


def _longest_chain(ranks: Sequence[int]) -> list[int]:
    """The longest run of consecutive ranks among ``ranks`` (3 … A), the highest of equal runs."""
    best: list[int] = []
    run: list[int] = []
    for r in sorted(r for r in ranks if r <= ACE):
        run = run + [r] if run and r == run[-1] + 1 else [r]
        if len(run) >= len(best):
            best = run
    return best


def _main_words(n: int, unit: int) -> str:
    """The main part in words: "a triplet", "an airplane of two triplets", "four of a kind"."""
    if unit == 4:
        return "four of a kind"
    return "a triplet" if n == 1 else f"an airplane of {count(n, 'triplet')}"


def _carries(n: int, unit: int, rules: Rules) -> str:
    """What the main part carries: "a triplet carries one single or one pair"."""
    main = _main_words(n, unit)
    if unit == 4:
        return "four of a kind carries two singles or two pairs (a quadplex)"
    if rules.four:
        return f"with four players {main} carries {count(n, 'pair')}, never {'a single' if n == 1 else 'singles'}"
    return f"{main} carries {count(n, 'single')} or {count(n, 'pair')}"


def _fits(n: int, unit: int, kickers: int, rules: Rules) -> bool:
    """Whether ``kickers`` cards is the right number for single or pair kickers of this main part."""
    wanted = 2 if unit == 4 else n
    singles_ok = unit == 4 or not rules.four
    return kickers == 2 * wanted or (singles_ok and kickers == wanted)


def _kickers(counts: Sequence[int], main: Sequence[int], unit: int, rules: Rules) -> str:
    """Why the cards beside ``main`` (ranks held exactly ``unit`` times) are not its kickers (they are the right
    number of cards for singles or pairs: see :func:`_fits`)."""
    n = len(main)
    kick = [0 if r in main else counts[r] for r in range(N)]
    k = sum(kick)
    wanted = 2 if unit == 4 else n
    what = "a quadplex" if unit == 4 else _main_words(n, unit)
    shown = cards_words(kick)
    if k == wanted and (unit == 4 or not rules.four):
        if any(kick[r] >= 4 for r in range(N)):
            return f"kickers never make a bomb, and here they are {shown}"
        return (f"the {number(wanted)} single kickers of {what} must be of different ranks, but here they are "
                f"{shown}")
    # pair kickers: `wanted` pairs of different ranks, none of them two jokers of different colours
    if rules.four and kick[BJ] == 1 and kick[RJ] == 1:
        return f"{_carries(n, unit, rules)}, and two jokers make a pair only when they are of one colour"
    big = [r for r in range(N) if kick[r] > 2 and kick[r] % 2 == 0]
    odd = [r for r in range(N) if kick[r] % 2]
    if big and not odd:
        r = big[0]
        bomb = " (a bomb)" if kick[r] >= 4 else ""
        return (f"{what} carries {count(wanted, 'pair')} of different ranks, and {number(kick[r])} "
                f"{rank_word(r, 2)}{bomb} are of one rank")
    return f"{_carries(n, unit, rules)}, and {shown} are neither"


def _mixed(counts: Sequence[int], nz: list[int], total: int, rules: Rules) -> str:
    """Ranks held different numbers of times: a main part (triplets or four of a kind) with kickers that do not
    fit, four or more of a rank with other cards, or pairs and singles together."""
    exact = [r for r in nz if counts[r] == 3 and r <= TWO]
    chain = _longest_chain(exact) or exact[-1:]
    if chain and _fits(len(chain), 3, total - 3 * len(chain), rules):
        return _kickers(counts, chain, 3, rules)
    loose = _longest_chain([r for r in nz if 3 <= counts[r] <= 4])
    if len(loose) >= 2 and any(counts[r] > 3 for r in loose) and _fits(len(loose), 3, total - 3 * len(loose), rules):
        shared = [r for r in loose if counts[r] > 3]
        return (f"a kicker cannot be of the same rank as the airplane's triplets, and the play has "
                f"{and_list(f'{number(counts[r])} {rank_word(r, 2)}' for r in shared)}")
    fours = [r for r in nz if counts[r] >= 4 and r <= TWO]
    if rules.four and fours:
        return ("with four players four or more cards of one rank make a bomb, which is played on its own (there "
                "is no quadplex with four players)")
    if len(fours) >= 2:
        bombs = and_list(f"four {rank_word(r, 2)}" for r in fours)
        return (f"a quadplex holds one four of a kind, and {bombs} are {count(len(fours), 'bomb')}: play them one "
                "at a time")
    if fours:
        if not rules.quadplex:
            return (f"four of a kind is a bomb, played on its own: the quadplex (four of a kind with two singles or "
                    f"two pairs) is off under these rules (the option “{option_label('quadplex')}”)")
        k = total - 4
        if k in (2, 4):
            return _kickers(counts, fours, 4, rules)
        return f"{_carries(1, 4, rules)}, and this play has {count(k, 'other card')}"
    if exact:
        if len(exact) > len(chain):
            if TWO in exact:
                return "2s cannot be part of an airplane: its triplets run from 3 up to the ace"
            return f"the triplets of an airplane must be of consecutive ranks: {_missing(exact)}"
        n = len(chain)
        k = total - 3 * n
        return f"{_carries(n, 3, rules)}, and this play has {count(k, 'other card')}"
    pairs = [r for r in nz if counts[r] == 2]
    singles = [r for r in nz if counts[r] == 1]
    held = and_list([_some(len(pairs), "pair"), _some(len(singles), "single card")])
    if rules.four:
        return (f"{held} do not combine: with four players a single card is never a kicker (a triplet or an "
                "airplane carries pairs)")
    three = rules.quadplex
    with_ = "a triplet, an airplane or four of a kind" if three else "a triplet or an airplane"
    return f"{held} do not combine: pairs and single cards go together only as the kickers of {with_}"


def _some(n: int, noun: str) -> str:
    """ "a pair", "three pairs"."""
    return f"a {noun}" if n == 1 else count(n, noun)
