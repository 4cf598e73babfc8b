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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["COMMON_RULE", "and_list", "capitalise", "clause", "common_rule", "count", "listed", "number",
           "option_changes", "option_named", "or_list", "plural", "rank_plural", "sentence"]

COMMON_RULE = "a common rule, not in these rules"
"""How a learner is told that a rule is not in the rules in force but commonly played (a default where those
rules are silent, or a house rule): the one form, in reasons, commentary, notes, option help and lessons."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_IRREGULAR = {"is": "are", "was": "were", "has": "have", "this": "these", "that": "those", "it": "they"}


def number(n: int) -> str:
    """``n`` in words up to ten ("three"), digits beyond ("12")."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else f"{n:,}"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """The word for ``n`` things: ``plural(1, "trump")`` → "trump", ``plural(2, "trump")`` → "trumps"."""
    if n == 1:
        return singular
    if plural_form is not None:
        return plural_form
    if singular in _IRREGULAR:
        return _IRREGULAR[singular]
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in "aeiou":
        return singular[:-1] + "ies"
    return singular + "s"


def count(n: int, singular: str, plural_form: str | None = None) -> str:
    """``n`` things in words: "one trump", "two pairs", "no cards", "12 points"."""
    return f"{number(n)} {plural(n, singular, plural_form)}"


def _join(items: Iterable[str], word: str) -> str:
    parts = [p for p in items if p]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def and_list(items: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return _join(items, "and")


def or_list(items: Iterable[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return _join(items, "or")


def capitalise(text: str) -> str:
    """The first letter upper case (the rest unchanged: card symbols and names keep their case)."""
    return text[:1].upper() + text[1:] if text else text


def sentence(text: str) -> str:
    """A clause as a whole sentence: a capital first and a full stop at the end (not doubled)."""
    text = text.strip()
    if not text:
        return text
    text = capitalise(text)
    return text if text[-1] in ".!?" else text + "."


def clause(text: str) -> str:
    """A sentence as a reason clause: no full stop at the end (a leading capital stays only for a name)."""
    return text.strip().rstrip(".")


def rank_plural(rank_text: str, n: int) -> str:
    """A rank counted: ``rank_plural("7", 3)`` → "three 7s", ``rank_plural("K", 1)`` → "one K"."""
    return f"{number(n)} {rank_text}{'' if n == 1 else 's'}"


def listed(words: Sequence[str], limit: int = 6) -> str:
    """At most ``limit`` items listed, then "and N more"."""
    if len(words) <= limit:
        return and_list(words)
    return f"{', '.join(words[:limit])} and {len(words) - limit} more"


def option_named(label: str) -> str:
    """An option as a learner reads it, by its label: ``option_named("Deal")`` → "the option “Deal”"."""
    return f"the option \u201c{label}\u201d"


def option_changes(label: str) -> str:
    """The option that changes a rule, by its label: "the option “Deal” changes it"."""
    return f"{option_named(label)} changes it"


def common_rule(label: str | None = None) -> str:
    """:data:`COMMON_RULE`, with the option that changes the rule when ``label`` (its label) is given: "a common
    rule, not in these rules; the option “Deal” changes it". A clause: put it after a colon or in brackets."""
    return COMMON_RULE if label is None else f"{COMMON_RULE}; {option_changes(label)}"
