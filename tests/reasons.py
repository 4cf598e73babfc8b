"""What no reason a learner reads may say: shared by the reason-pattern tests of every game.

:func:`problems` returns what is wrong with one reason (empty when it reads well): broken plurals ("one
trumps", "all one cards", "1 cards"), raw values ("None", "True", "[", "{"), doubled words and spaces, empty text,
and wording that contradicts the verdict it comes with. Games add their own patterns in their tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

BAD = [
    (re.compile(r"\b(one|1|a single|a|an) (\w+s)\b(?<!\bis)"), "a singular count with a plural noun"),
    (re.compile(r"\ball (one|1) \w+"), "'all one …'"),
    (re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d\d+) (card|trump|pair|trick|point|"
                r"triple|bomb|kicker|suit|player|level)\b(?!s)"), "a plural count with a singular noun"),
    (re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[\[\]{}]"), "a raw value"),
    (re.compile(r"\b([a-z]{3,}) \1\b", re.I), "a doubled word"),
    (re.compile(r"  |\s[,.;:]"), "stray spacing"),
    (re.compile(r"\bseed \d{3}\b|\bthe seeds?\b"), "jargon about the seed documents"),
    (re.compile(r"`|\b[a-z]+_[a-z_]+\b"), "an identifier"),
    (re.compile(r"the rules we follow|\bwe (?:follow|read)\b|\bthe common rule\b|\bcommon rule\b(?!, not in these "
                r"rules)", re.I), "a note to ourselves, or a default not marked as a common rule, not in these rules"),
]
# Words ending in s that are singular, and plural-looking words after "a"/"one" that are fine.
ALLOWED = {"is", "was", "has", "this", "plus", "bonus", "less", "class", "pass", "its", "bus", "as", "us", "yes",
           "does", "goes", "his", "minus", "series", "plays", "wins", "takes", "beats", "leads", "follows", "holds",
           "counts", "ranks", "means", "needs", "comes", "calls", "names", "shows", "makes", "gets", "scores",
           "passes", "chops", "bids", "always", "afterwards", "towards", "sits", "stays", "keeps", "loses", "turns",
           "wants", "fits", "lets", "puts", "gives", "says"}

CONTRADICT_LEGAL = re.compile(r"\b(is not allowed|cannot be played|you may not play|is illegal|is refused)\b", re.I)
CONTRADICT_ILLEGAL = re.compile(r"^\s*((it|this|that) is )?(legal|allowed)\b|\bis a legal play\b", re.I)


def problems(reason: str, legal: bool | None = None, extra: Iterable[tuple[re.Pattern[str], str]] = ()) -> list[str]:
    """What is wrong with ``reason`` (given with verdict ``legal``, when known)."""
    found = []
    if not reason or not reason.strip():
        return ["an empty reason"]
    for pattern, what in [*BAD, *extra]:
        for match in pattern.finditer(reason):
            word = match.group(0).split()[-1].lower()
            if what == "a singular count with a plural noun" and (word in ALLOWED or word.endswith("'s")):
                continue
            found.append(f"{what}: {match.group(0)!r}")
            break
    if legal is True and CONTRADICT_LEGAL.search(reason):
        found.append("a legal verdict whose reason refuses")
    if legal is False and CONTRADICT_ILLEGAL.search(reason):
        found.append("an illegal verdict whose reason allows")
    return found
