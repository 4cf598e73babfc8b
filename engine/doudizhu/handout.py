"""Dou Dizhu's one-page rules summary: :func:`handout` answers :meth:`engine.doudizhu.game.DouDizhuGame.handout`.

Every fact comes from this game's typed commands: the deal's sizes, the card order, a seeded example of each
combination type, bombs and the rocket, the auction and the payments.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.cards import Card, parse_cards
from engine.doudizhu.combos import Kind
from engine.doudizhu.commands import (
    AuctionRequest,
    Call,
    ClassifyRequest,
    CompareRequest,
    ExampleRequest,
    HighestRequest,
    ScoreRequest,
    SetupRequest,
    auction_command,
    classify_command,
    compare_command,
    example_command,
    highest_command,
    score_command,
    setup_command,
)
from engine.doudizhu.score import signed
from engine.handout import Column, Handout, Section, Table
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.i18n import pgettext
from engine.words import sentence

__all__ = ["handout"]

_ALL_RANKS = "3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ"


def _text(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, suitless=True)


def handout(preset: str) -> Handout:
    """What the Dou Dizhu handout under ``preset`` says (the preset is known: the caller checked it)."""
    setup = setup_command(SetupRequest(preset=preset))
    order = highest_command(HighestRequest(preset=preset, cards=_cards(_ALL_RANKS)))
    combos = []
    rocket = ""
    for kind in setup.types:
        found = example_command(ExampleRequest(preset=preset, kind=kind, seed=1, limit=1))
        readings = classify_command(ClassifyRequest(preset=preset, cards=found.first)).readings
        label = next(r.label for r in readings if r.combo is kind)  # the type's name in the current language
        combos.append((label, _text(found.first)))
        if kind is Kind.ROCKET:
            rocket = _text(found.first)
    auctions = []
    passes: list[Call] = ["pass"] * setup.players
    everyone_passes, one_bid = tuple(passes), (1, *passes[1:])
    for calls in (one_bid, (1, 2, 3), everyone_passes):
        got = auction_command(AuctionRequest(preset=preset, first="S", calls=calls))
        auctions.append((" · ".join(pgettext("move", "pass") if c == "pass" else figure(int(c)) for c in calls),
                         got.outcome))
    matches = [("3 4 5 6 7", "8 8 8 8"), ("8 8 8 8", "9 9 9 9"), ("9 9 9 9", rocket)]
    if 5 in setup.bomb_sizes:  # two decks: a bomb may have more than four cards
        matches.insert(2, ("9 9 9 9", "3 3 3 3 3"))
    beating = [compare_command(CompareRequest(preset=preset, table=_cards(t), play=_cards(p))).reason
               for t, p in matches]
    payments = []
    hands: tuple[tuple[int, int, int, Literal["landlord", "peasants"]], ...] = (
        (1, 0, 0, "landlord"), (3, 1, 0, "landlord"), (2, 1, 1, "peasants"))
    for bid, bombs, rockets, winner in hands:
        got_score = score_command(ScoreRequest(preset=preset, bid=bid, bombs=bombs, rockets=rockets, winner=winner))
        situation = (_("bid {bid}, {n} bomb") if bombs == 1 else _("bid {bid}, {n} bombs")).format(
            bid=figure(bid), n=figure(bombs)) + (_(", the rocket") if rockets else "")
        won_by = _("landlord") if winner == "landlord" else _("peasants")
        payments.append((situation, won_by, figure(got_score.stake), signed(got_score.landlord_payment),
                         signed(got_score.peasant_payment)))
    return Handout(
        summary=(_("{players} players, {cards} cards: {each} each and {kitty} in the kitty; the landlord plays with "
                   "{landlord}.").format(players=figure(setup.players), cards=figure(setup.deck_size),
                                         each=figure(setup.hand_size), kitty=figure(setup.kitty),
                                         landlord=figure(setup.landlord_cards)),),
        name_terms=("dou-dizhu",),
        sections=(
            Section(_("Card order"), Column.LEFT, (sentence(order.reason),)),
            Section(_("Combinations (examples from a deal)"), Column.LEFT,
                    table=Table((_("combination"), _("example")), tuple(combos), (1.1, 1.6))),
            Section(_("Bombs and the rocket"), Column.LEFT, tuple(sentence(b) for b in beating)),
            Section(_("The auction"), Column.RIGHT, table=Table((_("calls"), _("result")), tuple(auctions),
                                                                (0.9, 2.1))),
            Section(_("Payment"), Column.RIGHT, table=Table(
                (_("the hand"), _("won by"), _("stake"), _("landlord"), _("each peasant")), tuple(payments),
                (1.4, 0.9, 0.6, 0.95, 0.95))),
        ),
    )

