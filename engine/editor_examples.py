"""The position editors' examples as data: ``lessons/<game>/editor_examples.toml``, checked against the engine like
the lessons (``tests/test_editor_examples.py``).

A file holds one ``[[example]]`` table per example, in the order the editor offers them::

    [[example]]
    name = "Left bower: must you follow clubs?"   # the button's words
    position = { trump = "H", hand = "JD AS QC KC 10H", table = "9C", leader = "W" }
                                                  # the JSON the editor reads (its game's editor command)
    play = "JD"                                   # optional: a play to judge at once, in notation
    trick = ["9C", "JD", "AC", "10C"]             # optional: the whole trick, the lead first (editors that show it)

    [[example.claims]]                            # what the example shows, checked by the test
    text = "With clubs in hand North must follow clubs: the left bower is a heart."
    command = "position"                          # optional: the game's editor command by default
    request = { play = "JD" }                     # merged over the position (with_position = false: alone)
    expect = { legal = { must_follow = true } }   # a subset of the answer
    expect_contains = { plays = ["9 9 9 3"] }     # lists in the answer that must contain these items

Every example with a play makes a claim about that play (its request names it), so no example shows a verdict the
engine does not give.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import CardTableError
from engine.lessons import LESSONS_DIR, Claim

FILE_NAME = "editor_examples.toml"


class ExampleFormatError(CardTableError):
    """An editor examples file that does not follow the format (the message names the file and the example)."""


@dataclass(frozen=True)
class ExampleClaim:
    """A claim of an example: the lesson's :class:`~engine.lessons.Claim`, and whether its request is merged over
    the example's position."""

    claim: Claim
    with_position: bool = True

    def request(self, position: Mapping[str, Any]) -> dict[str, Any]:
        """The request the claim's command is called with."""
        return {**position, **self.claim.request} if self.with_position else dict(self.claim.request)


@dataclass(frozen=True)
class EditorExample:
    """A position the editor loads in one click: its name, the position's JSON, a play to judge, the whole trick
    (for an editor that shows who wins it), and what it claims."""

    name: str
    position: Mapping[str, Any]
    play: str = ""
    trick: tuple[str, ...] = ()
    claims: tuple[ExampleClaim, ...] = field(default_factory=tuple)


def _claim(raw: Any, command: str, where: str) -> ExampleClaim:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("text"), str):
        raise ExampleFormatError(f"{where}: a claim is a table with a text")
    request = raw.get("request", {})
    if not isinstance(request, Mapping):
        raise ExampleFormatError(f"{where}: a claim's request is a table")
    return ExampleClaim(Claim(raw["text"], str(raw.get("command", command)), dict(request),
                              dict(raw.get("expect", {})), dict(raw.get("expect_contains", {}))),
                        bool(raw.get("with_position", True)))


def parse_examples(text: str, command: str, where: str) -> tuple[EditorExample, ...]:
    """The examples of a file's ``text`` (``command``: the game's editor command, the claims' default)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ExampleFormatError(f"{where}: {error}") from None
    out = []
    for i, raw in enumerate(data.get("example", []), start=1):
        at = f"{where}, example {i}"
        if not isinstance(raw.get("name"), str) or not isinstance(raw.get("position"), Mapping):
            raise ExampleFormatError(f"{at}: an example needs a name and a position")
        claims = tuple(_claim(c, command, f"{at} ({raw['name']})") for c in raw.get("claims", []))
        play = str(raw.get("play", ""))
        if play and not any(c.claim.request.get("play") == play for c in claims):
            raise ExampleFormatError(f"{at} ({raw['name']}): the play {play!r} needs a claim on it")
        out.append(EditorExample(raw["name"], dict(raw["position"]), play, tuple(raw.get("trick", ())), claims))
    return tuple(out)


def load_examples(game: str, command: str, root: Path = LESSONS_DIR) -> tuple[EditorExample, ...]:
    """The editor examples of ``game`` (none when it has no file)."""
    path = root / game / FILE_NAME
    if not path.exists():
        return ()
    return parse_examples(path.read_text(encoding="utf-8"), command, str(path))


__all__ = ["FILE_NAME", "EditorExample", "ExampleClaim", "ExampleFormatError", "load_examples", "parse_examples"]
