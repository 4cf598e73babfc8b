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

from engine.doudizhu.combos import Kind, a_rank, readings
from engine.doudizhu.order import ACE, BJ, RJ, TWO, N, rank_text, rank_word
from engine.doudizhu.rules import Rules, option_label
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.words import and_list, count, number, option_named

__all__ = ["cards_words", "why_not"]

_FOUR_PLAYER_BANNED = {
    Kind.TRIPLET_SINGLE: N_("a triplet with a single is not played with four players (a triplet may carry a pair)"),
    Kind.AIRPLANE_SINGLES: N_("an airplane with singles is not played with four players (an airplane may carry "
                              "pairs)"),
    Kind.QUADPLEX_SINGLES: N_("the quadplex (four of a kind with two singles) is not played with four players"),
    Kind.QUADPLEX_PAIRS: N_("the quadplex (four of a kind with two pairs) is not played with four players"),
}


def _group(r: int, n: int) -> str:
    """``n`` cards of rank ``r`` in words: "a 5", "an ace", "a pair of 5s", "three 7s", "four 5s"."""
    if n == 1:
        return a_rank(r)
    if n == 2 and r < BJ:
        return _("a pair of {ranks}").format(ranks=rank_word(r, 2))
    return _("{n} {ranks}").format(n=number(n), ranks=rank_word(r, n))


def cards_words(counts: Sequence[int]) -> str:
    """The cards of ``counts`` grouped by rank, in words: "an 8, a 10 and a pair of jacks"."""
    return and_list(_group(r, counts[r]) for r in range(N) if counts[r])


def why_not(counts: Sequence[int], rules: Rules) -> str:
    """The reason ``counts`` form no combination under ``rules`` (call only when :func:`readings` is empty)."""
    nz = [r for r in range(N) if counts[r]]
    if not nz:
        return _("no cards were chosen")
    total = sum(counts)
    if total > rules.max_hand:
        return _("no hand holds {total} cards: with {players} players the most is the landlord's {most} ({dealt} "
                 "dealt and {kitty} from the kitty)").format(total=number(total), players=number(rules.players),
                                                             most=number(rules.max_hand),
                                                             dealt=number(rules.hand_size), kitty=number(rules.kitty))
    relaxed = _broken_option(counts, rules)
    if relaxed:
        return relaxed
    if all(r >= BJ for r in nz):
        return _("with four players the rocket is all four jokers, and two jokers make a pair only when they are "
                 "of one colour (two black or two red)")
    if not rules.four and counts[BJ] and counts[RJ]:
        return _("the two jokers together are the rocket, which is played on its own")
    if len(nz) == 1:
        return _("{cards} of one rank are no combination here").format(cards=count(total, "card"))
    if len({counts[r] for r in nz}) == 1:
        return _equal_counts(counts, nz, counts[nz[0]], total, rules)
    return _mixed(counts, nz, total, rules)


def _broken_option(counts: Sequence[int], rules: Rules) -> str:
    """The option (or the player count) that makes ``counts`` no combination, as a reason, or ''."""
    if not rules.jokers_as_kickers and readings(counts, dataclasses.replace(rules, jokers_as_kickers=True)):
        if rules.four:
            return _("both joker pairs cannot be kickers of one play: together they are the rocket")
        return _("the black and the red joker cannot be kickers of one play: together they are the rocket")
    if not rules.four and not rules.quadplex:
        found = readings(counts, dataclasses.replace(rules, quadplex=True))
        if found:
            option = option_named(option_label("quadplex"))
            if found[0].kind is Kind.QUADPLEX_SINGLES:
                return _("four of a kind with two singles (the quadplex) is not played under these rules: {option} "
                         "is off").format(option=option)
            return _("four of a kind with two pairs (the quadplex) is not played under these rules: {option} is "
                     "off").format(option=option)
    if rules.four and not rules.joker_pairs and readings(counts, dataclasses.replace(rules, joker_pairs=True)):
        return _("under these rules two jokers of one colour are a pair only as a pair an airplane carries "
                 "({option} is off)").format(option=option_named(option_label("joker_pairs")))
    if not rules.long_sequences and readings(counts, dataclasses.replace(rules, long_sequences=True)):
        found = readings(counts, dataclasses.replace(rules, long_sequences=True))
        if found and found[0].kind is Kind.SEQUENCE:
            return _("under these rules a sequence is exactly five cards ({option} is off); this one has "
                     "{n}").format(option=option_named(option_label("long_sequences")), n=number(found[0].length))
    if rules.four and max(counts[:BJ]) <= 4 and counts[BJ] <= 1 and counts[RJ] <= 1:
        three = Rules(players=3, quadplex=True, distinct_kickers=rules.distinct_kickers, jokers_as_kickers=True,
                      long_sequences=rules.long_sequences)
        for combo in readings(counts, three):
            if combo.kind in _FOUR_PLAYER_BANNED:
                return _(_FOUR_PLAYER_BANNED[combo.kind])
    return ""


def _missing(nz: list[int]) -> str:
    gaps = [rank_text(r) for r in range(nz[0], nz[-1] + 1) if r not in nz]
    missing = _("{ranks} is missing between {low} and {high}") if len(gaps) == 1 else \
        _("{ranks} are missing between {low} and {high}")
    return missing.format(ranks=and_list(gaps), low=rank_text(nz[0]), high=rank_text(nz[-1]))


def _equal_counts(counts: Sequence[int], nz: list[int], unit: int, total: int, rules: Rules) -> str:
    """Several ranks, each held ``unit`` times."""
    high = [r for r in nz if r > ACE]
    high_words = and_list((_("2s") if r == TWO else _("jokers")) for r in sorted({min(r, BJ) for r in high}))
    if unit == 1:
        if total == 2:
            return _("two cards of different ranks are not a pair (a pair is two cards of the same rank)")
        if high:
            return _("{cards} cannot be part of a sequence: sequences run from 3 up to the ace").format(
                cards=high_words)
        if total < 5:
            return _("a sequence needs at least five single cards of consecutive ranks, and this play has only "
                     "{n}").format(n=number(total))
        return _("a sequence needs consecutive ranks: {missing}").format(missing=_missing(nz))
    if unit == 2:
        if high:
            return _("{cards} cannot be part of a pair sequence: it runs from 3 up to the ace").format(
                cards=high_words)
        if len(nz) == 2:
            return _("two pairs do not combine: a pair sequence needs at least three consecutive pairs")
        return _("the pairs of a pair sequence must be of consecutive ranks: {missing}").format(missing=_missing(nz))
    if unit == 3:
        chain = _longest_chain(nz)
        if len(chain) >= 2 and _fits(len(chain), 3, total - 3 * len(chain), rules):
            return _kickers(counts, chain, 3, rules)
        if high:
            return _(_TWOS_IN_AIRPLANE)
        return _(_AIRPLANE_GAP).format(missing=_missing(nz))
    return _("{bombs} cannot be played as one combination: play them one at a time").format(
        bombs=count(len(nz), "bomb"))


_TWOS_IN_AIRPLANE = N_("2s cannot be part of an airplane: its triplets run from 3 up to the ace")
_AIRPLANE_GAP = N_("the triplets of an airplane must be of consecutive ranks: {missing}")


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
        return _("four of a kind")
    return _("a triplet") if n == 1 else _("an airplane of {length}").format(length=count(n, "triplet"))


def _carries(n: int, unit: int, rules: Rules) -> str:
    """What the main part carries: "a triplet carries one single or one pair"."""
    main = _main_words(n, unit)
    if unit == 4:
        return _("four of a kind carries two singles or two pairs (a quadplex)")
    if rules.four:
        never = _("with four players {main} carries {pairs}, never a single") if n == 1 else \
            _("with four players {main} carries {pairs}, never singles")
        return never.format(main=main, pairs=count(n, "pair"))
    return _("{main} carries {singles} or {pairs}").format(main=main, singles=count(n, "single"),
                                                           pairs=count(n, "pair"))


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
    what = _("a quadplex") if unit == 4 else _main_words(n, unit)
    shown = cards_words(kick)
    if k == wanted and (unit == 4 or not rules.four):
        if any(kick[r] >= 4 for r in range(N)):
            return _("kickers never make a bomb, and here they are {cards}").format(cards=shown)
        return _("the {n} single kickers of {main} must be of different ranks, but here they are {cards}").format(
            n=number(wanted), main=what, cards=shown)
    # pair kickers: `wanted` pairs of different ranks, none of them two jokers of different colours
    carries = _carries(n, unit, rules)
    if rules.four and kick[BJ] == 1 and kick[RJ] == 1:
        return _("{carries}, and two jokers make a pair only when they are of one colour").format(carries=carries)
    big = [r for r in range(N) if kick[r] > 2 and kick[r] % 2 == 0]
    odd = [r for r in range(N) if kick[r] % 2]
    if big and not odd:
        r = big[0]
        same = _("{main} carries {pairs} of different ranks, and {n} {ranks} (a bomb) are of one rank") \
            if kick[r] >= 4 else _("{main} carries {pairs} of different ranks, and {n} {ranks} are of one rank")
        return same.format(main=what, pairs=count(wanted, "pair"), n=number(kick[r]), ranks=rank_word(r, 2))
    return _("{carries}, and {cards} are neither").format(carries=carries, cards=shown)


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
        return _("a kicker cannot be of the same rank as the airplane's triplets, and the play has {cards}").format(
            cards=and_list(_("{n} {ranks}").format(n=number(counts[r]), ranks=rank_word(r, 2)) for r in shared))
    fours = [r for r in nz if counts[r] >= 4 and r <= TWO]
    if rules.four and fours:
        return _("with four players four or more cards of one rank make a bomb, which is played on its own (there "
                 "is no quadplex with four players)")
    if len(fours) >= 2:
        bombs = and_list(_("four {ranks}").format(ranks=rank_word(r, 2)) for r in fours)
        return _("a quadplex holds one four of a kind, and {fours} are {bombs}: play them one at a time").format(
            fours=bombs, bombs=count(len(fours), "bomb"))
    if fours:
        if not rules.quadplex:
            return _("four of a kind is a bomb, played on its own: the quadplex (four of a kind with two singles or "
                     "two pairs) is off under these rules ({option})").format(
                option=option_named(option_label("quadplex")))
        k = total - 4
        if k in (2, 4):
            return _kickers(counts, fours, 4, rules)
        return _(_OTHER_CARDS).format(carries=_carries(1, 4, rules), cards=count(k, "other card"))
    if exact:
        if len(exact) > len(chain):
            if TWO in exact:
                return _(_TWOS_IN_AIRPLANE)
            return _(_AIRPLANE_GAP).format(missing=_missing(exact))
        n = len(chain)
        k = total - 3 * n
        return _(_OTHER_CARDS).format(carries=_carries(n, 3, rules), cards=count(k, "other card"))
    pairs = [r for r in nz if counts[r] == 2]
    singles = [r for r in nz if counts[r] == 1]
    held = and_list([_("a pair") if len(pairs) == 1 else count(len(pairs), "pair"),
                     _("a single card") if len(singles) == 1 else count(len(singles), "single card")])
    if rules.four:
        return _("{cards} do not combine: with four players a single card is never a kicker (a triplet or an "
                 "airplane carries pairs)").format(cards=held)
    if rules.quadplex:
        return _("{cards} do not combine: pairs and single cards go together only as the kickers of a triplet, an "
                 "airplane or four of a kind").format(cards=held)
    return _("{cards} do not combine: pairs and single cards go together only as the kickers of a triplet or an "
             "airplane").format(cards=held)


_OTHER_CARDS = N_("{carries}, and this play has {cards}")
