"""Words for learners, the same in every game: plurals, counts, lists, and one sentence style.

The style (every game's reasons, commentary and outcomes follow it):

- A **reason** (``Verdict.reason``, ``IllegalPlayError``) is a clause that reads after "You can't play 7♥:"
  and on its own: it starts with a lower-case letter unless it starts with a card, a seat or a name, and it has
  no full stop at the end. Several facts are joined by ";" or by words, never by line breaks.
- **Commentary** and **outcomes** are whole sentences: a capital letter first, a full stop at the end.
- Cards are written with suit symbols (``10♠``); counts in words up to ten ("two pairs", "three 7s"), digits
  beyond; a rank's plural is the rank with "s" ("three 7s", "two Ks", "two 10s").
- Rule sets by their titles ("the Chinese competition rules"), options by their labels, never identifiers
  (:func:`option_named`: the option “Deal”).
- A rule that the rules in force do not contain — a default where they are silent, or a house rule offered as an
  option — is marked in one short form, :data:`COMMON_RULE` ("a common rule, not in these rules"), with the
  option that changes it when there is one (:func:`common_rule`). It is said once, never nested in brackets.

Every function answers in the current language (:func:`engine.i18n.use_language`): in Bengali and Assamese a
count is the number in the language's digits with its counting word and the noun (৩টি কার্ড, ৩খন কাৰ্ড), lists
follow Babel's list patterns (ক, খ এবং গ; ক, খ আৰু গ), a sentence ends with "।", and seats, option phrases and
:data:`COMMON_RULE` come from the catalogs. English is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.i18n import DEFAULT_LANGUAGE, N_, Nn_, gettext, language, ngettext, pgettext
from engine.i18n import number as local_number

__all__ = ["COMMON_RULE", "SEAT_WORDS", "and_list", "capitalise", "clause", "common_rule", "count", "listed",
           "number", "option_changes", "option_named", "or_list", "plural", "rank_plural", "seat_name", "sentence"]

COMMON_RULE = N_("a common rule, not in these rules")
"""How a learner is told that a rule is not in the rules in force but commonly played (a default where those
rules are silent, or a house rule): the one form, in reasons, commentary, notes, option help and lessons."""

SEAT_WORDS: dict[str, str] = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
"""The seats' English names by letter (the catalogs translate them: :func:`seat_name`)."""

# The nouns a count names, with their plurals, so that the catalogs hold them (a count of another noun still
# reads, with the English noun, until its catalog entry is added here).
COUNTED_NOUNS = (
    Nn_("card", "cards"), Nn_("player", "players"), Nn_("point", "points"), Nn_("trick", "tricks"),
    Nn_("pair", "pairs"), Nn_("trump", "trumps"), Nn_("game", "games"), Nn_("round", "rounds"),
    Nn_("hand", "hands"), Nn_("deck", "decks"), Nn_("level", "levels"), Nn_("single", "singles"),
    Nn_("bomb", "bombs"), Nn_("lesson", "lessons"), Nn_("exercise", "exercises"), Nn_("step", "steps"),
)
_FLAT_NOUNS = frozenset({"card", "hand", "deck", "game"})
"""Nouns counted with Assamese খন (flat things: cards, a hand of cards, games) rather than টা."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_IRREGULAR = {"is": "are", "was": "were", "has": "have", "this": "these", "that": "those", "it": "they"}


def _english() -> bool:
    return language() == DEFAULT_LANGUAGE


def number(n: int) -> str:
    """``n`` in words up to ten ("three"), digits beyond ("12"); in Bengali and Assamese, in their digits."""
    if not _english():
        return local_number(n)
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else f"{n:,}"


def _english_plural(singular: str) -> str:
    if singular in _IRREGULAR:
        return _IRREGULAR[singular]
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in "aeiou":
        return singular[:-1] + "ies"
    return singular + "s"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """The word for ``n`` things: ``plural(1, "trump")`` → "trump", ``plural(2, "trump")`` → "trumps" (in the
    current language, by its catalog's plural rule)."""
    if not _english():
        return ngettext(singular, plural_form or _english_plural(singular), n)
    if n == 1:
        return singular
    return plural_form if plural_form is not None else _english_plural(singular)


def _counting_word(singular: str) -> str:
    """The word a count of ``singular`` takes in Bengali or Assamese (টি; টা or খন)."""
    flat = singular in _FLAT_NOUNS
    return pgettext("counting word", "flat thing") if flat else pgettext("counting word", "thing")


def count(n: int, singular: str, plural_form: str | None = None) -> str:
    """``n`` things in words: "one trump", "two pairs", "no cards", "12 points" (৩টি কার্ড, ৩খন কাৰ্ড)."""
    if not _english():
        return f"{number(n)}{_counting_word(singular)} {plural(n, singular, plural_form)}"
    return f"{number(n)} {plural(n, singular, plural_form)}"


def _join(items: Iterable[str], word: str, style: str) -> str:
    parts = [p for p in items if p]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    if not _english():
        from babel.lists import format_list

        return format_list(parts, style=style, locale=language())  # type: ignore[arg-type]
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def and_list(items: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c" (ক, খ এবং গ)."""
    return _join(items, "and", "standard")


def or_list(items: Iterable[str]) -> str:
    """"a", "a or b", "a, b or c" (ক, খ বা গ)."""
    return _join(items, "or", "or")


def seat_name(seat: str) -> str:
    """A seat's name in the current language, from its letter or its English name ("E", "East" → পূর্ব)."""
    english = SEAT_WORDS.get(seat.strip().upper(), seat)
    return gettext(english)


def capitalise(text: str) -> str:
    """The first letter upper case (the rest unchanged: card symbols and names keep their case)."""
    return text[:1].upper() + text[1:] if text else text


_FULL_STOPS = ".!?\u0964"  # । (danda): the full stop of Bengali and Assamese


def sentence(text: str) -> str:
    """A clause as a whole sentence: a capital first and a full stop at the end (not doubled; "।" in Bengali
    and Assamese)."""
    text = text.strip()
    if not text:
        return text
    text = capitalise(text)
    return text if text[-1] in _FULL_STOPS else text + ("." if _english() else "\u0964")


def clause(text: str) -> str:
    """A sentence as a reason clause: no full stop at the end (a leading capital stays only for a name)."""
    return text.strip().rstrip(_FULL_STOPS)


def rank_plural(rank_text: str, n: int) -> str:
    """A rank counted: ``rank_plural("7", 3)`` → "three 7s", ``rank_plural("K", 1)`` → "one K" (৩টি 7)."""
    if not _english():
        return f"{number(n)}{_counting_word('card')} {rank_text}"
    return f"{number(n)} {rank_text}{'' if n == 1 else 's'}"


def listed(words: Sequence[str], limit: int = 6) -> str:
    """At most ``limit`` items listed, then "and N more"."""
    if len(words) <= limit:
        return and_list(words)
    if not _english():
        return gettext("{items} and {count} more").format(items=", ".join(words[:limit]),
                                                          count=number(len(words) - limit))
    return f"{', '.join(words[:limit])} and {len(words) - limit} more"


def option_named(label: str) -> str:
    """An option as a learner reads it, by its label: ``option_named("Deal")`` → "the option “Deal”"."""
    return gettext("the option \u201c{label}\u201d").format(label=gettext(label))


def option_changes(label: str) -> str:
    """The option that changes a rule, by its label: "the option “Deal” changes it"."""
    return gettext("{option} changes it").format(option=option_named(label))


def common_rule(label: str | None = None) -> str:
    """:data:`COMMON_RULE`, with the option that changes the rule when ``label`` (its label) is given: "a common
    rule, not in these rules; the option “Deal” changes it". A clause: put it after a colon or in brackets."""
    rule = gettext(COMMON_RULE)
    return rule if label is None else f"{rule}; {option_changes(label)}"
