"""Combinations of Thirteen and what beats what: the six kinds, classifying cards, chopping 2s with bombs.

Cards are in game order (see :mod:`engine.thirteen.order`); a combination's *top card* is its highest card,
the highest bit of its mask. Functions that classify take ``twos`` (the rule option
``twos_in_double_sequences``, default off): with it, pairs of 2s may end a double sequence after the aces
(… K K A A 2 2). The 2s already follow the aces in game order, so such a run is simply consecutive rank
groups up to group 12, and its top card is still the mask's highest bit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from engine.base import Verdict
from engine.cards import Card, CardsText, Rank
from engine.errors import InvalidPositionError
from engine.i18n import DEFAULT_LANGUAGE, N_, language, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as digits
from engine.thirteen.order import RANK_ORDER, TWO_RANK, cards_of, game_sorted, index, mask_of, rank_pos
from engine.thirteen.rules import default_note, option_label
from engine.words import and_list, common_rule, count, option_named, or_list, rank_plural

__all__ = [
    "KIND_ORDER",
    "PAIRS",
    "POP",
    "SINGLES",
    "TRIPLES",
    "Combo",
    "Kind",
    "beat_reason",
    "beats_key",
    "chop_answers",
    "chops",
    "beaters",
    "classify",
    "combo_of_mask",
    "higher_exists",
    "kind_of_mask",
    "nothing_beats",
    "verb",
    "why_not_combo",
    "with_article",
]

# Per 4-bit rank group: the single-card sub-groups, the pairs, the triples (ascending by top suit).
POP = tuple(bin(n).count("1") for n in range(16))
SINGLES: tuple[tuple[int, ...], ...] = tuple(tuple(1 << s for s in range(4) if n >> s & 1) for n in range(16))


def _subs(n: int, k: int) -> tuple[int, ...]:
    subs = [m for m in range(1, 16) if m & n == m and POP[m] == k]
    return tuple(sorted(subs, key=lambda m: (m.bit_length(), m)))


PAIRS: tuple[tuple[int, ...], ...] = tuple(_subs(n, 2) for n in range(16))
TRIPLES: tuple[tuple[int, ...], ...] = tuple(_subs(n, 3) for n in range(16))


class Kind(IntEnum):
    """The six kinds of combination. The value is the internal code; ``key`` is the JSON name."""

    SINGLE = 0
    PAIR = 1
    TRIPLE = 2
    QUAD = 3
    SEQUENCE = 4
    DOUBLE_SEQUENCE = 5

    @property
    def key(self) -> str:
        return _KIND_KEYS[self]

    @property
    def title(self) -> str:
        """The kind in words, in the current language ("four of a kind")."""
        return _kind_title(self)

    @classmethod
    def parse(cls, text: str) -> Kind:
        for kind, key in _KIND_KEYS.items():
            if text in (key, _KIND_TITLES[kind]):
                return kind
        raise InvalidPositionError(f"{text!r} is not a kind of combination; known: {', '.join(_KIND_KEYS.values())}")


_KIND_KEYS = {
    Kind.SINGLE: "single", Kind.PAIR: "pair", Kind.TRIPLE: "triple", Kind.QUAD: "quad",
    Kind.SEQUENCE: "sequence", Kind.DOUBLE_SEQUENCE: "double_sequence",
}
_KIND_TITLES = {
    Kind.SINGLE: "single", Kind.PAIR: "pair", Kind.TRIPLE: "triple", Kind.QUAD: "four of a kind",
    Kind.SEQUENCE: "sequence", Kind.DOUBLE_SEQUENCE: "double sequence",
}


def _kind_title(kind: Kind) -> str:
    """The kind's title in the current language (a context of its own: "pair" is also a counted noun)."""
    titles = {
        Kind.SINGLE: pgettext("combination", "single"), Kind.PAIR: pgettext("combination", "pair"),
        Kind.TRIPLE: pgettext("combination", "triple"), Kind.QUAD: pgettext("combination", "four of a kind"),
        Kind.SEQUENCE: pgettext("combination", "sequence"),
        Kind.DOUBLE_SEQUENCE: pgettext("combination", "double sequence"),
    }
    return titles[kind]
KIND_ORDER: tuple[Kind, ...] = tuple(Kind)


def kind_of_mask(mask: int, twos: bool = False) -> Kind | None:
    """The kind of combination the cards of ``mask`` form, or None when they form none.

    ``twos``: pairs of 2s may end a double sequence (never a single sequence).
    """
    if not mask:
        return None
    n = mask.bit_count()
    r_low = ((mask & -mask).bit_length() - 1) >> 2
    r_high = (mask.bit_length() - 1) >> 2
    if r_low == r_high:
        return KIND_ORDER[n - 1]
    if r_high == TWO_RANK and not (twos and n & 1 == 0):
        return None
    span = r_high - r_low + 1
    if span < 3:
        return None
    if n == span:
        if r_high == TWO_RANK:
            return None  # a single sequence never contains a 2
        per = 1
    elif n == 2 * span:
        per = 2
    else:
        return None
    for r in range(r_low, r_high + 1):
        if POP[(mask >> (4 * r)) & 15] != per:
            return None
    return Kind.SEQUENCE if per == 1 else Kind.DOUBLE_SEQUENCE


def chops(kind: int, n: int, t_kind: int, t_n: int, t_top: int, ladder: bool) -> bool:
    """Whether a bomb of (kind, n cards) beats the table (t_kind, t_n, top index t_top) although the kinds differ.

    Seed list: a four of a kind or 3 pairs in sequence on a single 2; 4 pairs on a pair of 2s; 5 pairs on
    three 2s. The ladder adds: four of a kind over 3 pairs; 4 pairs over a four of a kind, 3 pairs and a 2.
    Only the shape counts: a double sequence that ends in 2s (option ``twos_in_double_sequences``) chops
    exactly as any double sequence of as many pairs, although it holds 2s itself.
    """
    if kind == t_kind and n == t_n:
        return False
    if t_top >> 2 == TWO_RANK and t_kind <= Kind.TRIPLE:
        if t_kind == Kind.SINGLE:
            return kind == Kind.QUAD or (kind == Kind.DOUBLE_SEQUENCE and (n == 6 or (ladder and n == 8)))
        if t_kind == Kind.PAIR:
            return kind == Kind.DOUBLE_SEQUENCE and n == 8
        return kind == Kind.DOUBLE_SEQUENCE and n == 10
    if not ladder:
        return False
    if t_kind == Kind.DOUBLE_SEQUENCE and t_n == 6:
        return kind == Kind.QUAD or (kind == Kind.DOUBLE_SEQUENCE and n == 8)
    if t_kind == Kind.QUAD:
        return kind == Kind.DOUBLE_SEQUENCE and n == 8
    return False


def beats_key(kind: int, mask: int, t_kind: int, t_mask: int, ladder: bool) -> bool:
    """Whether the play (kind, mask) beats the table (t_kind, t_mask)."""
    n, t_n = mask.bit_count(), t_mask.bit_count()
    t_top = t_mask.bit_length() - 1
    if kind == t_kind and n == t_n:
        return mask.bit_length() - 1 > t_top
    return chops(kind, n, t_kind, t_n, t_top, ladder)


def chop_answers(t_kind: int, t_n: int, t_top: int, ladder: bool) -> tuple[tuple[Kind, int], ...]:
    """The (kind, card count) of every bomb that chops the table regardless of its top card."""
    # The answer depends on the top card only through whether it is a 2: computed once per shape.
    return _chop_answers(t_kind, t_n, t_top >> 2 == TWO_RANK, ladder)


@cache
def _chop_answers(t_kind: int, t_n: int, two_on_top: bool, ladder: bool) -> tuple[tuple[Kind, int], ...]:
    t_top = 4 * TWO_RANK if two_on_top else 0
    out = []
    for kind, n in ((Kind.QUAD, 4), (Kind.DOUBLE_SEQUENCE, 6), (Kind.DOUBLE_SEQUENCE, 8),
                    (Kind.DOUBLE_SEQUENCE, 10)):
        if chops(kind, n, t_kind, t_n, t_top, ladder):
            out.append((kind, n))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Combo(CardsText):
    """A combination: its kind and its cards (game order, lowest first). The top card decides."""

    kind: Kind
    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        return mask_of(self.cards)

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def pairs(self) -> int:
        """The number of pairs of a double sequence (0 for other kinds)."""
        return len(self.cards) // 2 if self.kind is Kind.DOUBLE_SEQUENCE else 0

    @property
    def is_bomb(self) -> bool:
        return self.kind in (Kind.QUAD, Kind.DOUBLE_SEQUENCE)

    @property
    def has_two(self) -> bool:
        """Whether the combination holds a 2 (its top card is a 2)."""
        return self.top.rank is Rank.TWO

    @property
    def is_twos(self) -> bool:
        """A single 2, a pair of 2s or three 2s: what the bombs chop (four 2s are a four of a kind)."""
        return self.kind <= Kind.TRIPLE and self.top.rank is Rank.TWO

    @property
    def shape(self) -> str:
        """The kind, with the length where it matters: ``pair``, ``4-card sequence``, ``double sequence of 3 pairs``."""
        if self.kind is Kind.SEQUENCE:
            return _("{n}-card sequence").format(n=digits(self.length))
        if self.kind is Kind.DOUBLE_SEQUENCE:
            return _("double sequence of {n} pairs").format(n=digits(self.pairs))
        return self.kind.title

    @property
    def a_shape(self) -> str:
        """The shape with its article: ``a pair``, ``an 8-card sequence``, ``a four of a kind``."""
        return with_article(self.shape)

    @property
    def name(self) -> str:
        """For people, with an article: ``5♠``, ``a pair of 2s (top 2♥)``, ``the 3-card sequence 4♠ 5♦ 6♥``."""
        if language() != DEFAULT_LANGUAGE:
            return self.bare_name
        if self.kind in (Kind.PAIR,):
            return "a " + self.bare_name
        if self.kind in (Kind.SEQUENCE, Kind.DOUBLE_SEQUENCE):
            return "the " + self.bare_name
        return self.bare_name

    @property
    def plural(self) -> bool:
        """Whether :attr:`name` is a plural phrase ("three 7s", "four 7s"), for the verbs that follow it."""
        return self.kind in (Kind.TRIPLE, Kind.QUAD)

    @property
    def bare_name(self) -> str:
        """For people, after a possessive ("North's …"): ``5♠``, ``pair of 2s (top 2♥)``, ``four 7s``."""
        rank = self.top.rank
        if self.kind is Kind.SINGLE:
            return self.top.symbol_text
        if self.kind is Kind.PAIR:
            return _("pair of {rank}s (top {top})").format(rank=rank.text, top=self.top.symbol_text)
        if self.kind is Kind.TRIPLE:
            return _("three {rank}s (top {top})").format(rank=rank.text, top=self.top.symbol_text)
        if self.kind is Kind.QUAD:
            return _("four {rank}s").format(rank=rank.text)
        return f"{self.shape} {self.symbols}"


def with_article(phrase: str) -> str:
    """``a pair``, ``an 8-card sequence``, ``an 11-card sequence``: the indefinite article a phrase takes (none in
    Bengali and Assamese, which need none)."""
    if language() != DEFAULT_LANGUAGE:
        return phrase
    an = phrase[:1].lower() in "aeiou" or phrase.startswith(("8", "11", "18"))
    return f"{'an' if an else 'a'} {phrase}"


def verb(combo: Combo, singular: str, plural: str) -> str:
    """The verb form that agrees with ``combo.name``: ``verb(c, "beats", "beat")``."""
    return plural if combo.plural else singular


def agreeing(combo: Combo, singular: str, plural: str) -> str:
    """The message (marked with ``N_``) whose verb agrees with ``combo.name``, in the current language."""
    return _(plural if combo.plural else singular)


def pronoun(combo: Combo) -> str:
    """"it", or "them" after a plural name ("four 7s"), in the current language."""
    return pgettext("pronoun", "them") if combo.plural else pgettext("pronoun", "it")


def combo_of_mask(mask: int, twos: bool = False) -> Combo | None:
    kind = kind_of_mask(mask, twos)
    return None if kind is None else Combo(kind, cards_of(mask))


def classify(cards: Iterable[Card], twos: bool = False) -> Combo | None:
    """The combination ``cards`` form, or None (see :func:`why_not_combo`). Repeated cards form none.

    ``twos`` (the option ``twos_in_double_sequences``): pairs of 2s may end a double sequence.
    """
    cards = tuple(cards)
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        return None
    return combo_of_mask(mask, twos)


SUIT_WORDS = (N_("spades"), N_("clubs"), N_("diamonds"), N_("hearts"))
"""The suits' plural names as reasons say them ("hearts are higher than spades"), for the catalogs."""


def _twos_option() -> str:
    """The option “2s in double sequences”, named in the current language."""
    return option_named(option_label("twos_in_double_sequences"))


def _held(cards: list[Card]) -> str:
    """What the cards hold, rank by rank: "two 6s and one 10"."""
    ranks = sorted({rank_pos(c) for c in cards})
    counts = [sum(1 for c in cards if rank_pos(c) == r) for r in ranks]
    return and_list(rank_plural(RANK_ORDER[r].text, n) for r, n in zip(ranks, counts, strict=True))


def _rank_span(ranks: list[int]) -> str:
    """Ranks in words, runs of three or more shortened: "4, 6 to 9 and K"."""
    parts: list[str] = []
    i = 0
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(_("{low} to {high}").format(low=RANK_ORDER[ranks[i]].text, high=RANK_ORDER[ranks[j]].text))
        else:
            parts += [RANK_ORDER[r].text for r in ranks[i:j + 1]]
        i = j + 1
    return and_list(parts)


def _missing(ranks: list[int]) -> str:
    """The ranks missing between the lowest and the highest of ``ranks``: "9 is missing", "5 to 7 are missing"
    ('' when none is)."""
    gaps = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks] if ranks else []
    if not gaps:
        return ""
    missing = _("{ranks} is missing") if len(gaps) == 1 else _("{ranks} are missing")
    return missing.format(ranks=_rank_span(gaps))


def _wraps(ranks: list[int]) -> bool:
    """Whether ``ranks`` (distinct, sorted) would be consecutive if the ranks went round from 2 to 3 (Q K A 2 3),
    but are not consecutive as they are."""
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return False
    gaps = [b - a for a, b in zip(ranks, ranks[1:], strict=False)] + [ranks[0] + 13 - ranks[-1]]
    return sum(1 for g in gaps if g > 1) == 1 and gaps[-1] == 1


def why_not_combo(cards: Iterable[Card], twos: bool = False) -> str:
    """Why ``cards`` are not a combination, in words for a learner ('' when they are one), from what they hold.

    ``twos``: the option ``twos_in_double_sequences`` is on (pairs of 2s may end a double sequence). The house
    rule is suggested only when it would make the cards a double sequence.
    """
    cards = game_sorted(cards)
    if not cards:
        return _("no cards were chosen")
    if len({index(c) for c in cards}) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        return _("{card} appears twice, but there is only one deck").format(card=dup.symbol_text)
    if classify(cards, twos) is not None:
        return ""
    text = " ".join(c.symbol_text for c in cards)
    ranks = sorted({rank_pos(c) for c in cards})
    counts = [sum(1 for c in cards if rank_pos(c) == r) for r in ranks]
    n = len(cards)
    if n == 2:
        return _("{cards} is not a pair: a pair is two cards of the same rank").format(cards=text)
    has_two = ranks[-1] == TWO_RANK
    if set(counts) == {1}:
        if _wraps(ranks):
            wraps = _("{cards} is not a sequence: sequences do not go round the corner (3 is the lowest rank of a "
                      "sequence and A the highest)").format(cards=text)
            return wraps + ("; " + _("a 2 never goes in one") if has_two else "")
        core = [r for r in ranks if r != TWO_RANK]
        problems = []
        gap = _missing(core)
        if gap:
            problems.append(_("the ranks must be consecutive, and {missing}").format(missing=gap))
        if has_two:
            problems.append(_("a 2 never goes in a sequence"))
        return _("{cards} is not a sequence: {problems}").format(cards=text, problems="; ".join(problems))
    if set(counts) == {2}:
        if len(ranks) == 2:
            return _("{cards} is not a combination: two pairs are not a double sequence, which needs at least three "
                     "pairs of consecutive ranks").format(cards=text)
        core = ranks if twos else [r for r in ranks if r != TWO_RANK]
        problems = []
        if has_two and not twos:
            if classify(cards, True) is not None:
                return _("{cards} is not a double sequence here: 2s never go in one ({common_rule}); {option} lets "
                         "pairs of 2s end one, right after the aces: … K K A A 2 2").format(
                    cards=text, common_rule=common_rule(), option=_twos_option())
            problems.append(_("2s never go in a double sequence ({common_rule})").format(common_rule=common_rule()))
            if len(ranks) > 1 and ranks[-2] != TWO_RANK - 1:
                problems.append(_("even {option} lets pairs of 2s end one only right after a pair of aces").format(
                    option=_twos_option()))
        elif has_two and (len(ranks) < 2 or ranks[-2] != TWO_RANK - 1 or ranks[0] == 0):
            problem = _("pairs of 2s may only end one, right after a pair of aces (… K K A A 2 2)")
            problems.append(problem + ("; " + _("a sequence never runs on from 2 to 3") if ranks[0] == 0 else ""))
        gap = _missing(core)
        if gap and not (has_two and twos and not _missing(ranks[:-1])):
            problems.append(_("the pairs must be of consecutive ranks, and {missing}").format(missing=gap))
        return _("{cards} is not a double sequence: {problems}").format(cards=text, problems="; ".join(problems))
    held = f" ({_held(cards)})" if len(ranks) <= 4 else ""
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if consecutive and len(ranks) >= 3 and (not has_two or twos):
        return _("{cards} is not a combination: a sequence has exactly one card of each rank, a double sequence "
                 "exactly two").format(cards=text + held)
    return _("{cards} is not a combination: the combinations are a single, a pair, three or four of a kind, a "
             "sequence of three or more consecutive ranks, and a double sequence of three or more consecutive "
             "pairs").format(cards=text + held)


def higher_exists(combo: Combo, twos: bool = False) -> bool:
    """Whether the one deck holds another combination of ``combo``'s kind and length, none of its cards, with a
    higher top card: False for four 2s, a pair or three 2s holding 2♥, a sequence ending in A♥ …

    ``twos``: pairs of 2s may end a double sequence (its top may then be a 2).
    """
    top = index(combo.top)
    rank = top >> 2
    mask = combo.mask
    free_top = [i for i in range(4 * rank, 4 * rank + 4) if not mask >> i & 1]
    if combo.kind <= Kind.TRIPLE:
        if rank < TWO_RANK:
            return True  # the same number of a higher rank: all four cards of every higher rank are free
        return len(free_top) >= combo.length and max(free_top) > top
    if combo.kind is Kind.QUAD:
        return rank < TWO_RANK
    if combo.kind is Kind.SEQUENCE:
        return top < 4 * TWO_RANK - 1  # A♥ ends the highest sequences
    highest = TWO_RANK if twos else TWO_RANK - 1
    return rank < highest or max(free_top) > top


def _higher_phrase(table: Combo) -> str:
    """A combination that beats ``table`` by the top-card rule, in words."""
    t = table.top.symbol_text
    if table.kind is Kind.SINGLE:
        return _("a single card higher than {card}").format(card=t)
    if table.kind is Kind.QUAD:
        return _("a higher four of a kind")
    return _("{shape} with a top card higher than {card}").format(shape=table.a_shape, card=t)


def _answer_name(kind: Kind, n: int) -> str:
    if kind is Kind.QUAD:
        return with_article(Kind.QUAD.title)
    return with_article(_("double sequence of {n} pairs").format(n=digits(n // 2)))


def beaters(table: Combo, ladder: bool, twos: bool = False) -> list[str]:
    """Everything that could beat ``table`` under these rules, in words (empty when nothing can)."""
    out = [_higher_phrase(table)] if higher_exists(table, twos) else []
    out += [_answer_name(k, n) for k, n in chop_answers(table.kind, table.length, index(table.top), ladder)]
    return out


def nothing_beats(table: Combo, ladder: bool) -> str:
    """Why nothing at all beats ``table`` (a table where :func:`beaters` is empty): "no four of a kind is higher,
    and under these rules no other bomb beats them; …"."""
    if not table.is_bomb:
        return _("no {shape} is higher, and no bomb chops {a_shape}").format(shape=table.shape, a_shape=table.a_shape)
    text = _("no {shape} is higher, and under these rules no other bomb beats {them}").format(
        shape=table.shape, them=pronoun(table))
    bigger = chop_answers(table.kind, table.length, index(table.top), True)
    if not ladder and bigger:
        text += "; " + _ladder_note(or_list(_answer_name(k, n) for k, n in bigger), table)
    return text


def _ladder_note(bombs: str, table: Combo) -> str:
    """"the bomb ladder lets a four of a kind beat a double sequence of 3 pairs (a common rule, …)"."""
    return _("the bomb ladder lets {bombs} beat {a_shape} ({note})").format(
        bombs=bombs, a_shape=table.a_shape, note=default_note("bomb_ladder"))


def _why_higher(high: Card, low: Card) -> str:
    if high.rank is low.rank:
        assert high.suit is not None and low.suit is not None
        return _("same rank, and {high} are higher than {low}").format(high=_(high.suit.plural),
                                                                       low=_(low.suit.plural))
    return _("{high} ranks above {low}, and rank counts before suit").format(high=high.rank.text, low=low.rank.text)


def beat_reason(play: Combo, table: Combo, ladder: bool = False, twos: bool = False) -> Verdict:
    """Whether ``play`` beats ``table``, and why, in words for a learner (``ladder``: the option ``bomb_ladder``;
    ``twos``: ``twos_in_double_sequences``). Only true statements about these two combinations and this deck."""
    p_top, t_top = play.top.symbol_text, table.top.symbol_text
    them = pronoun(table)
    names = {"play": play.name, "table": table.name, "top": p_top, "table_top": t_top}
    if play.kind is table.kind and play.length == table.length:
        if index(play.top) > index(table.top):
            why = _why_higher(play.top, table.top)
            if play.kind is Kind.SINGLE:
                return Verdict(True, _("{top} beats {table_top}: {why}").format(why=why, **names))
            return Verdict(True, agreeing(play, N_("{play} beats {table}: the top card {top} is higher than "
                                                   "{table_top} ({why})"),
                                          N_("{play} beat {table}: the top card {top} is higher than {table_top} "
                                             "({why})")).format(why=why, **names))
        why = _why_higher(table.top, play.top)
        if play.kind is Kind.SINGLE:
            text = _("{top} does not beat {table_top}: {why}").format(why=why, **names)
        else:
            text = agreeing(play, N_("{play} does not beat {table}: the top card {top} is lower than {table_top} "
                                     "({why})"),
                            N_("{play} do not beat {table}: the top card {top} is lower than {table_top} "
                               "({why})")).format(why=why, **names)
        if not higher_exists(table, twos):
            others = beaters(table, ladder, twos)
            text += "; " + (_("only {others} beats {them}").format(others=or_list(others), them=them) if others
                            else _("nothing beats {them}: {why}").format(them=them, why=nothing_beats(table, ladder)))
        return Verdict(False, text)
    if chops(play.kind, play.length, table.kind, table.length, index(table.top), ladder):
        note = ""
        if play.kind is Kind.DOUBLE_SEQUENCE and play.has_two:
            note = "; " + _("it ends in 2s, but it is still {a_shape}, and bombs chop by their shape").format(
                a_shape=play.a_shape)
        if table.is_twos:
            return Verdict(True, agreeing(play, N_("{play} is a bomb: it chops {table}"),
                                          N_("{play} are a bomb: they chop {table}")).format(**names) + note)
        return Verdict(True, agreeing(play, N_("{play} is a bigger bomb than {table} (the {option} rule)"),
                                      N_("{play} are a bigger bomb than {table} (the {option} rule)")).format(
            option=f"\u201c{_(option_label('bomb_ladder'))}\u201d", **names) + note)
    return Verdict(False, _no_beat(play, table, ladder, twos))


def _no_beat(play: Combo, table: Combo, ladder: bool, twos: bool) -> str:
    them = pronoun(table)
    names = {"play": play.name, "table": table.name}
    if play.kind is table.kind:
        return agreeing(play, N_("{play} does not beat {table}: a {kind} beats {them} only with the same length "
                                 "({cards}), and yours has {n}"),
                        N_("{play} do not beat {table}: a {kind} beats {them} only with the same length ({cards}), "
                           "and yours has {n}")).format(kind=play.kind.title, them=them,
                                                        cards=count(table.length, "card"), n=digits(play.length),
                                                        **names)
    others = beaters(table, ladder, twos)
    if not others:
        return agreeing(play, N_("{play} does not beat {table}, and nothing can: {why}"),
                        N_("{play} do not beat {table}, and nothing can: {why}")).format(
            why=nothing_beats(table, ladder), **names)
    text = agreeing(play, N_("{play} does not beat {table}: only {others} beats {them}"),
                    N_("{play} do not beat {table}: only {others} beats {them}")).format(
        others=or_list(others), them=them, **names)
    if not ladder and chops(play.kind, play.length, table.kind, table.length, index(table.top), True):
        text += "; " + _ladder_note(play.a_shape, table)
    return text
