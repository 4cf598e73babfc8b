"""The 13 combination types of Dou Dizhu, classification of a set of cards, and comparison.

A set of cards is a tuple of 15 rank counts (see :mod:`engine.doudizhu.order`). :class:`Combo` is the typed
value of one reading of a set of cards; :func:`readings` returns every reading (``333444555666`` may be an
airplane of four triplets, or, when single kickers may repeat, an airplane of three triplets with three 3s);
:func:`beats` compares two combinations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.cards import Card, Rank, format_cards
from engine.doudizhu.order import ACE, BJ, RANKS, RJ, TWO, Counts, N, cards_of, rank_text, rank_word
from engine.doudizhu.rules import Rules
from engine.errors import UnknownNameError
from engine.i18n import DEFAULT_LANGUAGE, N_, Nn_, language, pgettext
from engine.i18n import gettext as _
from engine.words import and_list, count, number, or_list

__all__ = [
    "BOMBS",
    "CHAINS",
    "CHAIN_MIN",
    "KINDS_WITH_KICKERS",
    "PAIRS",
    "ROCKETS",
    "SINGLES",
    "TRIPLETS",
    "Combo",
    "Kind",
    "a_rank",
    "allowed",
    "beats",
    "describe",
    "either",
    "readings",
    "with_kickers",
]


class Kind(Enum):
    """A combination type. Quadplex has two shapes (two singles or two pairs), each its own kind."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLET = "triplet"
    TRIPLET_SINGLE = "triplet_single"
    TRIPLET_PAIR = "triplet_pair"
    SEQUENCE = "sequence"
    PAIR_SEQUENCE = "pair_sequence"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"
    QUADPLEX_SINGLES = "quadplex_singles"
    QUADPLEX_PAIRS = "quadplex_pairs"

    # Members are singletons: identity hashing is exact and much faster than Enum's name hashing, and
    # kinds are dict keys on the hot path of legal-play generation.
    __hash__ = object.__hash__

    @property
    def label(self) -> str:
        """A short English name: ``triplet with a single`` (the key :meth:`parse` also reads)."""
        return _LABELS[self]

    @property
    def name_words(self) -> str:
        """The type's name for a learner, in the current language (``triplet with a single``)."""
        return _names()[self]

    @property
    def a_name(self) -> str:
        """The type's name with its article, in the current language: ``a pair``, ``an airplane``."""
        return _(_A_LABELS[self])

    @property
    def number(self) -> int:
        """The number of the type in the seed's list of 13 (both quadplex shapes are 13)."""
        return _NUMBERS[self]

    @property
    def chain_unit(self) -> int:
        """Cards per rank in the chain part: 1 for a sequence, 2 pair sequence, 3 airplanes; 0 otherwise."""
        return _CHAIN_UNIT.get(self, 0)

    @property
    def kicker_unit(self) -> int:
        """Cards per kicker: 1 (singles), 2 (pairs), 0 (no kickers)."""
        return _KICKER_UNIT.get(self, 0)

    @classmethod
    def parse(cls, text: str) -> Kind:
        """A kind from its value (``triplet_single``) or label; ValueError listing the kinds."""
        key = text.strip().lower().replace(" ", "_").replace("-", "_")
        for kind in cls:
            if key in (kind.value, kind.label.replace(" ", "_")):
                return kind

        raise UnknownNameError("combination type", text, [k.value for k in cls])


_LABELS = {
    Kind.SINGLE: "single",
    Kind.PAIR: "pair",
    Kind.TRIPLET: "triplet",
    Kind.TRIPLET_SINGLE: "triplet with a single",
    Kind.TRIPLET_PAIR: "triplet with a pair",
    Kind.SEQUENCE: "sequence",
    Kind.PAIR_SEQUENCE: "pair sequence",
    Kind.AIRPLANE: "airplane",
    Kind.AIRPLANE_SINGLES: "airplane with singles",
    Kind.AIRPLANE_PAIRS: "airplane with pairs",
    Kind.BOMB: "bomb",
    Kind.ROCKET: "rocket",
    Kind.QUADPLEX_SINGLES: "quadplex with two singles",
    Kind.QUADPLEX_PAIRS: "quadplex with two pairs",
}


def _names() -> dict[Kind, str]:
    """Each type's name in the current language (a context keeps them apart from the counted nouns)."""
    return {
        Kind.SINGLE: pgettext("combination type", "single"),
        Kind.PAIR: pgettext("combination type", "pair"),
        Kind.TRIPLET: pgettext("combination type", "triplet"),
        Kind.TRIPLET_SINGLE: pgettext("combination type", "triplet with a single"),
        Kind.TRIPLET_PAIR: pgettext("combination type", "triplet with a pair"),
        Kind.SEQUENCE: pgettext("combination type", "sequence"),
        Kind.PAIR_SEQUENCE: pgettext("combination type", "pair sequence"),
        Kind.AIRPLANE: pgettext("combination type", "airplane"),
        Kind.AIRPLANE_SINGLES: pgettext("combination type", "airplane with singles"),
        Kind.AIRPLANE_PAIRS: pgettext("combination type", "airplane with pairs"),
        Kind.BOMB: pgettext("combination type", "bomb"),
        Kind.ROCKET: pgettext("combination type", "rocket"),
        Kind.QUADPLEX_SINGLES: pgettext("combination type", "quadplex with two singles"),
        Kind.QUADPLEX_PAIRS: pgettext("combination type", "quadplex with two pairs"),
    }


_A_LABELS = {
    Kind.SINGLE: N_("a single"),
    Kind.PAIR: N_("a pair"),
    Kind.TRIPLET: N_("a triplet"),
    Kind.TRIPLET_SINGLE: N_("a triplet with a single"),
    Kind.TRIPLET_PAIR: N_("a triplet with a pair"),
    Kind.SEQUENCE: N_("a sequence"),
    Kind.PAIR_SEQUENCE: N_("a pair sequence"),
    Kind.AIRPLANE: N_("an airplane"),
    Kind.AIRPLANE_SINGLES: N_("an airplane with singles"),
    Kind.AIRPLANE_PAIRS: N_("an airplane with pairs"),
    Kind.BOMB: N_("a bomb"),
    Kind.ROCKET: N_("a rocket"),
    Kind.QUADPLEX_SINGLES: N_("a quadplex with two singles"),
    Kind.QUADPLEX_PAIRS: N_("a quadplex with two pairs"),
}
COUNTED = (Nn_("triplet", "triplets"), Nn_("single card", "single cards"), Nn_("other card", "other cards"),
           Nn_("pass", "passes"), Nn_("time", "times"), Nn_("more time", "more times"))
"""The nouns this package counts with :func:`engine.words.count` that engine/words.py does not list."""
_NUMBERS = {k: i + 1 for i, k in enumerate(Kind)}
_NUMBERS[Kind.QUADPLEX_PAIRS] = 13
_CHAIN_UNIT = {Kind.SEQUENCE: 1, Kind.PAIR_SEQUENCE: 2, Kind.AIRPLANE: 3, Kind.AIRPLANE_SINGLES: 3,
               Kind.AIRPLANE_PAIRS: 3}
_KICKER_UNIT = {Kind.TRIPLET_SINGLE: 1, Kind.TRIPLET_PAIR: 2, Kind.AIRPLANE_SINGLES: 1, Kind.AIRPLANE_PAIRS: 2,
                Kind.QUADPLEX_SINGLES: 1, Kind.QUADPLEX_PAIRS: 2}
_MAIN_UNIT = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIPLET: 3, Kind.TRIPLET_SINGLE: 3, Kind.TRIPLET_PAIR: 3,
              Kind.QUADPLEX_SINGLES: 4, Kind.QUADPLEX_PAIRS: 4}
CHAIN_MIN = {Kind.SEQUENCE: 5, Kind.PAIR_SEQUENCE: 3, Kind.AIRPLANE: 2, Kind.AIRPLANE_SINGLES: 2,
             Kind.AIRPLANE_PAIRS: 2}
KINDS_WITH_KICKERS = frozenset(_KICKER_UNIT)


def allowed(kind: Kind, rules: Rules) -> bool:
    """Whether ``kind`` is a combination under ``rules`` (the 4-player game drops three types)."""
    if kind in (Kind.QUADPLEX_SINGLES, Kind.QUADPLEX_PAIRS):
        return rules.quadplex and not rules.four
    if kind in (Kind.TRIPLET_SINGLE, Kind.AIRPLANE_SINGLES):
        return not rules.four
    return True


@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a set of cards as a combination.

    ``rank`` is the main rank index (the single, pair, triplet or four; a chain's top rank; a bomb's
    rank); ``length`` is the number of ranks in a chain, the number of cards in a bomb, else 1;
    ``counts`` are the rank counts of all the cards, kickers included.
    """

    kind: Kind
    rank: int
    length: int
    counts: Counts

    @property
    def main(self) -> Rank:
        """The main rank as a :class:`Rank`."""
        return RANKS[self.rank]

    @property
    def start(self) -> int:
        """The lowest rank index of a chain (the main rank otherwise)."""
        return self.rank - self.length + 1 if self.kind.chain_unit else self.rank

    @property
    def size(self) -> int:
        """How many cards the play has."""
        return sum(self.counts)

    @property
    def main_counts(self) -> Counts:
        """The counts of the main part (without kickers)."""
        if not self.kind.kicker_unit:
            return self.counts
        main = [0] * N
        unit = self.kind.chain_unit or _MAIN_UNIT[self.kind]
        for r in range(self.start, self.rank + 1):
            main[r] = unit
        return tuple(main)

    @property
    def kicker_counts(self) -> Counts:
        main = self.main_counts
        return tuple(a - b for a, b in zip(self.counts, main, strict=True))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, main part first (low to high), then kickers (low to high): ``9 9 9 3``."""
        if not self.kind.kicker_unit:
            return cards_of(self.counts)
        return cards_of(self.main_counts) + cards_of(self.kicker_counts)

    @property
    def text(self) -> str:
        """Canonical notation of the cards, main part first: ``9 9 9 3``."""
        return format_cards(self.cards)

    @property
    def shape(self) -> tuple[Kind, int]:
        """What a play must match to be compared with this one: the kind and the length."""
        return (self.kind, self.length)

    def describe(self) -> str:
        """A learner's description: ``a triplet of 9s with a single 3``."""
        return describe(self)

    def beats(self, other: Combo) -> bool:
        """Whether this combination may be played on ``other`` (see :func:`beats`)."""
        return beats(self, other)

    def __str__(self) -> str:
        return self.text


def beats(play: Combo, table: Combo) -> bool:
    """Whether ``play`` beats ``table``: same kind and length and a higher main rank, or a bomb on a
    non-bomb, or a bigger bomb (with 4 players more cards beat fewer), or the rocket."""
    if play.kind is Kind.ROCKET:
        return table.kind is not Kind.ROCKET
    if table.kind is Kind.ROCKET:
        return False
    if play.kind is Kind.BOMB:
        if table.kind is not Kind.BOMB:
            return True
        return (play.length, play.rank) > (table.length, table.rank)
    if table.kind is Kind.BOMB:
        return False
    return play.kind is table.kind and play.length == table.length and play.rank > table.rank


def _combo(kind: Kind, rank: int, length: int, counts: Sequence[int]) -> Combo:
    return Combo(kind, rank, length, tuple(counts))


def _single_rank(kind: Kind, r: int, n: int) -> Combo:
    counts = [0] * N
    counts[r] = n
    return _combo(kind, r, n if kind is Kind.BOMB else 1, counts)


def _chain(kind: Kind, start: int, length: int) -> Combo:
    counts = [0] * N
    for r in range(start, start + length):
        counts[r] = kind.chain_unit
    return _combo(kind, start + length - 1, length, counts)


# Every combination without kickers exists once, built at import: generation only picks them.
SINGLES: tuple[Combo, ...] = tuple(_single_rank(Kind.SINGLE, r, 1) for r in range(N))
PAIRS: tuple[Combo, ...] = tuple(_single_rank(Kind.PAIR, r, 2) for r in range(N))
TRIPLETS: tuple[Combo, ...] = tuple(_single_rank(Kind.TRIPLET, r, 3) for r in range(TWO + 1))
BOMBS: dict[tuple[int, int], Combo] = {
    (r, n): _single_rank(Kind.BOMB, r, n) for r in range(TWO + 1) for n in range(4, 9)
}
CHAINS: dict[tuple[Kind, int, int], Combo] = {
    (kind, start, length): _chain(kind, start, length)
    for kind in (Kind.SEQUENCE, Kind.PAIR_SEQUENCE, Kind.AIRPLANE)
    for length in range(CHAIN_MIN[kind], ACE + 2)
    for start in range(0, ACE + 2 - length)
}
ROCKETS: dict[int, Combo] = {
    3: _combo(Kind.ROCKET, RJ, 1, (0,) * 13 + (1, 1)),
    4: _combo(Kind.ROCKET, RJ, 1, (0,) * 13 + (2, 2)),
}
_KICKED: dict[tuple[Kind, int, int, tuple[int, ...]], Combo] = {}


def with_kickers(kind: Kind, rank: int, length: int, kickers: tuple[int, ...]) -> Combo:
    """The combination of ``kind`` with main rank ``rank`` (a chain's top), ``length`` and kickers
    ``kickers``: one rank index per kicker (a pair kicker of 5s is the one index of the 5)."""
    key = (kind, rank, length, kickers)
    combo = _KICKED.get(key)
    if combo is None:
        counts = [0] * N
        unit = kind.chain_unit or _MAIN_UNIT[kind]
        for r in range(rank - length + 1, rank + 1):
            counts[r] = unit
        for k in kickers:
            counts[k] += kind.kicker_unit
        combo = _KICKED[key] = Combo(kind, rank, length, tuple(counts))
    return combo


def readings(counts: Sequence[int], rules: Rules) -> tuple[Combo, ...]:
    """Every combination that ``counts`` form under ``rules`` (empty if none).

    Order: combinations without kickers first; one reading per kind (when a kind could be read two
    ways, the higher, which is the one a player would claim). More cards than any hand can hold (the landlord's
    20, or 33 with four players) are no combination.
    """
    nz = [r for r in range(N) if counts[r]]
    if not nz:
        return ()
    total = sum(counts)
    if total > rules.max_hand:
        return ()  # no hand holds that many cards (the landlord's 20, or 33 with four players, are the most)
    first = nz[0]
    if len(nz) == 1:
        n = counts[first]
        if n == 1:
            return (SINGLES[first],)
        if first >= BJ:
            return (PAIRS[first],) if n == 2 and rules.joker_pair else ()
        if n == 2:
            return (PAIRS[first],)
        if n == 3:
            return (TRIPLETS[first],)
        return (BOMBS[(first, n)],) if n == 4 or (rules.four and n <= 8) else ()
    if first == BJ:
        jokers = rules.joker_copies
        return (ROCKETS[rules.players],) if counts[BJ] == jokers and counts[RJ] == jokers else ()
    found: list[Combo] = []
    unit = counts[first]
    last = nz[-1]
    if last <= ACE and last - first == len(nz) - 1 and all(counts[r] == unit for r in nz):
        kind = _PLAIN_CHAIN.get(unit)
        if kind is not None and len(nz) >= CHAIN_MIN[kind] and (
                kind is not Kind.SEQUENCE or rules.long_sequences or len(nz) == CHAIN_MIN[kind]):
            found.append(CHAINS[(kind, first, len(nz))])
    if len(nz) == 2 and total in (4, 5):
        a, b = nz
        if counts[b] == 3:
            a, b = b, a
        if counts[a] == 3 and a <= TWO:
            if counts[b] == 1 and not rules.four:
                found.append(with_kickers(Kind.TRIPLET_SINGLE, a, 1, (b,)))
            elif counts[b] == 2 and (b <= TWO or rules.joker_pair):
                found.append(with_kickers(Kind.TRIPLET_PAIR, a, 1, (b,)))
    if rules.quadplex and total in (6, 8):
        combo = _quadplex(counts, nz, total, rules)
        if combo is not None:
            found.append(combo)
    if total >= 8 and (total % 4 == 0 and not rules.four or total % 5 == 0):
        triplets = [r for r in nz if counts[r] == 3 and r <= ACE]
        if total % 4 == 0 and not rules.four:
            combo = _airplane(counts, nz, triplets, total // 4, 1, rules)
            if combo is not None:
                found.append(combo)
        if total % 5 == 0:
            combo = _airplane(counts, nz, triplets, total // 5, 2, rules)
            if combo is not None:
                found.append(combo)
    return tuple(found)


_PLAIN_CHAIN = {1: Kind.SEQUENCE, 2: Kind.PAIR_SEQUENCE, 3: Kind.AIRPLANE}


def _quadplex(counts: Sequence[int], nz: list[int], total: int, rules: Rules) -> Combo | None:
    quads = [r for r in nz if counts[r] == 4 and r <= TWO]
    if len(quads) != 1:
        return None
    q = quads[0]
    rest = [r for r in nz if r != q]
    if total == 6:
        if len(rest) == 2 and counts[rest[0]] == 1 and counts[rest[1]] == 1:
            if rest == [BJ, RJ] and not rules.jokers_as_kickers:
                return None
            return with_kickers(Kind.QUADPLEX_SINGLES, q, 1, (rest[0], rest[1]))
        if len(rest) == 1 and counts[rest[0]] == 2 and not rules.distinct_kickers:
            return with_kickers(Kind.QUADPLEX_SINGLES, q, 1, (rest[0], rest[0]))
        return None
    if len(rest) == 2 and all(counts[r] == 2 and r <= TWO for r in rest):
        return with_kickers(Kind.QUADPLEX_PAIRS, q, 1, (rest[0], rest[1]))
    return None


def _airplane(
    counts: Sequence[int], nz: list[int], triplets: list[int], length: int, unit: int, rules: Rules
) -> Combo | None:
    """The highest airplane of ``length`` triplets with ``unit``-card kickers that ``counts`` form.

    ``nz`` are the ranks present, ``triplets`` those present exactly three times (3 … A): a chain rank
    appears exactly three times, since a kicker never shares a rank with the triplets.
    """
    if len(triplets) < length:
        return None
    kind = Kind.AIRPLANE_SINGLES if unit == 1 else Kind.AIRPLANE_PAIRS
    most = 1 if rules.distinct_kickers else 3
    best = None
    for i in range(len(triplets) - length + 1):
        start = triplets[i]
        end = start + length - 1
        if triplets[i + length - 1] != end:
            continue
        kickers: list[int] = []
        for r in nz:
            if start <= r <= end:
                continue
            n = counts[r]
            if unit == 2:
                if n != 2 or (r >= BJ and not rules.four):
                    break
                kickers.append(r)
            else:
                if n > most:
                    break
                kickers.extend([r] * n)
        else:
            if BJ in kickers and RJ in kickers and not rules.jokers_as_kickers:
                continue
            best = with_kickers(kind, end, length, tuple(kickers))
    return best


def a_rank(r: int) -> str:
    """One card of rank ``r`` in words: "a 7", "an ace", "an 8" (একটি 7)."""
    word = rank_word(r)
    return (_("an {rank}") if word[0] in "aeiou8" else _("a {rank}")).format(rank=word)


def _kicker_words(combo: Combo) -> str:
    """The kickers of ``combo`` in words: "a 3 and a 5", "a pair of 5s", "two black jokers"."""
    unit = combo.kind.kicker_unit
    extra = combo.kicker_counts
    words = []
    for k in range(N):
        n = extra[k] // unit
        if not n:
            continue
        if unit == 2:
            if n > 1:
                words.append(_("{n} pairs of {ranks}").format(n=number(n), ranks=rank_word(k, 2)))
            elif k >= BJ:
                words.append(_("two {ranks}").format(ranks=rank_word(k, 2)))
            else:
                words.append(_("a pair of {ranks}").format(ranks=rank_word(k, 2)))
        else:
            words.append(a_rank(k) if n == 1 else _("{n} {ranks}").format(n=number(n), ranks=rank_word(k, n)))
    return and_list(words)


_CHAIN_WORDS = {
    Kind.SEQUENCE: N_("a sequence of {length} from {low} to {high}"),
    Kind.PAIR_SEQUENCE: N_("a pair sequence of {length} from {low} to {high}"),
    Kind.AIRPLANE: N_("an airplane of {length} from {low} to {high}"),
}
_CHAIN_NOUN = {1: "card", 2: "pair", 3: "triplet"}


def describe(combo: Combo) -> str:
    """``a pair of 7s``, ``a sequence of five cards from 3 to 7``, ``a bomb of five 3s``, ``the rocket``… (in the
    current language)."""
    kind, r = combo.kind, combo.rank
    ranks = rank_word(r, 2)
    if kind is Kind.SINGLE:
        return a_rank(r)
    if kind is Kind.PAIR:
        return _("a pair of {ranks}").format(ranks=ranks)
    if kind is Kind.TRIPLET:
        return _("a triplet of {ranks}").format(ranks=ranks)
    if kind in (Kind.TRIPLET_SINGLE, Kind.TRIPLET_PAIR):
        return _("a triplet of {ranks} with {kickers}").format(ranks=ranks, kickers=_kicker_words(combo))
    if kind.chain_unit:
        length = count(combo.length, _CHAIN_NOUN[kind.chain_unit])
        low, high = rank_text(combo.start), rank_text(r)
        if kind in (Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS):
            return _("an airplane of {length} from {low} to {high} with {kickers}").format(
                length=length, low=low, high=high, kickers=_kicker_words(combo))
        return _(_CHAIN_WORDS[kind]).format(length=length, low=low, high=high)
    if kind is Kind.BOMB:
        return _("a bomb of {n} {ranks}").format(n=number(combo.length), ranks=ranks)
    if kind is Kind.ROCKET:
        return _("the rocket (both jokers)") if combo.counts[BJ] == 1 else _("the rocket (all four jokers)")
    return _("a quadplex: four {ranks} with {kickers}").format(ranks=ranks, kickers=_kicker_words(combo))


def either(found: Sequence[Combo]) -> str:
    """The readings of one set of cards, as alternatives: "a triplet of 3s with a 4 or …"."""
    words = [describe(c) for c in found]
    return " or ".join(words) if language() == DEFAULT_LANGUAGE else or_list(words)
