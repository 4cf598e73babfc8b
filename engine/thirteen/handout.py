"""Thirteen's one-page rules summary: :func:`handout` answers :meth:`engine.thirteen.game.ThirteenGame.handout`.

Every fact comes from this game's typed commands: the card order, a seeded example of each combination, what
beats what, which bombs chop 2s, what a player who passed may still play, and the points per place.
"""

from __future__ import annotations

from engine.cards import parse_cards
from engine.handout import Column, Handout, Section, Table, symbols
from engine.i18n import N_, gettext, pgettext
from engine.i18n import number as digits
from engine.thirteen.commands import (
    CheckRequest,
    ClassifyRequest,
    CompareRequest,
    ExampleRequest,
    ScoreRequest,
    check_command,
    classify_command,
    compare_command,
    example_command,
    score_command,
)
from engine.thirteen.game import GAME
from engine.thirteen.order import CARDS
from engine.words import sentence

__all__ = ["handout"]

_KINDS = ("single", "pair", "triple", "quad", "sequence", "double_sequence")
_BOMBS = ("7S 7C 7D 7H", "3S 3C 4S 4C 5S 5C", "3S 3C 4S 4C 5S 5C 6S 6C", "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C")
_PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def handout(preset: str) -> Handout:
    """What the Thirteen handout under ``preset`` says (the preset is known: the caller checked it)."""
    ranks = " ".join(dict.fromkeys(c.text[:-1] for c in CARDS))
    suits = " < ".join(c.suit.symbol for c in CARDS[:4] if c.suit is not None)
    combos = []
    for want in _KINDS:
        cards = example_command(ExampleRequest(preset=preset, seed=1, want=want)).plays[0]
        got = classify_command(ClassifyRequest(preset=preset, cards=cards))
        combos.append((str(got.shape), symbols(cards), pgettext("combination", "bomb") if got.bomb else ""))
    chops = []
    for twos in ("2H", "2D 2H", "2C 2D 2H"):
        chopped_by = []
        for text in _BOMBS:
            bomb = parse_cards(text)
            if check_command(CheckRequest(preset=preset, hand=bomb, table=parse_cards(twos), play=bomb)).legal:
                chopped_by.append(str(classify_command(ClassifyRequest(preset=preset, cards=bomb)).shape))
        chops.append((symbols(parse_cards(twos)), ", ".join(chopped_by) or gettext("nothing")))
    beating = [compare_command(CompareRequest(preset=preset, a=parse_cards(a), b=parse_cards(b))).reason
               for a, b in (("4H", "5S"), ("5S", "5H"), ("7D 8C 9S", "7H 8D 9D"))]
    passing = []
    for table, play in (("4D", "6S"), ("2H", "7S 7C 7D 7H")):
        cards = parse_cards(play)
        verdict = check_command(CheckRequest(preset=preset, hand=cards, table=parse_cards(table), passed=True,
                                             play=cards))
        passing.append((gettext("{play} on {table}").format(play=symbols(cards), table=symbols(parse_cards(table))),
                        verdict.reason))
    points = score_command(ScoreRequest(preset=preset, order=("N", "E", "S", "W"))).points
    return Handout(
        summary=(),
        name_terms=("thirteen",),
        sections=(
            Section(gettext("Card order, low to high"), Column.LEFT, (
                gettext("**Ranks:** {ranks}").format(ranks=ranks),
                gettext("**Suits** (when the ranks are equal): {suits}").format(suits=suits),
            )),
            Section(gettext("Combinations (examples from a deal)"), Column.LEFT,
                    table=Table((gettext("combination"), gettext("example"), ""), tuple(combos), (1.3, 1.5, 0.5))),
            Section(gettext("Beating: same type, same length, higher top card"), Column.LEFT,
                    tuple(sentence(b) for b in beating)),
            Section(gettext("Chopping 2s with bombs"), Column.LEFT,
                    table=Table((gettext("on the table"), gettext("may be chopped by")), tuple(chops), (0.8, 2.2))),
            Section(gettext("The rules of this rule set"), Column.RIGHT, (
                sentence(gettext(GAME.presets[preset].description)),
                *(sentence(gettext(n.text)) for n in GAME.notes),
            )),
            Section(gettext("After you pass"), Column.RIGHT,
                    table=Table((pgettext("handout column", "play"), gettext("allowed?")), tuple(passing), (0.9, 2.1))),
            Section(gettext("Points per game (places)"), Column.RIGHT, table=Table(
                (gettext("place"), gettext("points")),
                tuple((gettext(_PLACES[i]), digits(p)) for i, p in enumerate(points.values())), (1, 1))),
        ),
    )
