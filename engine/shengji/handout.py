"""Shengji's one-page rules summary: :func:`handout` answers :meth:`engine.shengji.game.ShengjiGame.handout`.

Every fact comes from this game's typed commands (the card order, the combinations, the following ladder, the
declarations, the kitty bonus and the level table), asked about one example round: rank 2, hearts trump.
"""

from __future__ import annotations

from engine.cards import Rank, Suit, parse_cards
from engine.handout import Column, Handout, Section, Table, symbols
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji.card_commands import CardsRequest, PointsRequest, classify_cards, order, points_of
from engine.shengji.commands import DeclareRequest, ShengjiRulesRequest, declare, requirement, rules
from engine.shengji.requests import PositionRequest, TrumpRequest, rules_of
from engine.shengji.score_commands import BandsRequest, KittyRequest, bands, kitty
from engine.words import sentence

__all__ = ["handout"]

_COMBINATIONS = ("AS", "AS AS", "KS KS QS QS", "AH AH 2S 2S", "BJ BJ RJ RJ", "2S 2S 2D 2D", "AS KS")
_FOLLOWER = "QS JS 10S 9S 8S 7S 6S 5S"
_MORE_DECKS = N_("three or more decks")


def handout(preset: str) -> Handout:
    """What the Shengji handout under ``preset`` says (the preset is known: the caller checked it)."""
    answer = rules(ShengjiRulesRequest(preset=preset))
    example = TrumpRequest(preset=preset, trump_rank=Rank.TWO, trump_suit=Suit.HEARTS)
    chosen = rules_of(example)
    decks = chosen.decks
    hearts = order(example)
    no_trump = order(TrumpRequest(preset=preset, trump_rank=Rank.TWO, trump_suit=None))
    plain = " ".join(symbols(list(cards)) for cards in hearts.suits["S"])

    def kind(cards: str, decks: int | None = None) -> tuple[str, str]:
        found = classify_cards(CardsRequest(preset=preset, decks=decks, trump_suit=Suit.HEARTS,
                                            cards=parse_cards(cards)))
        return symbols(parse_cards(cards)), found.description

    combos = [kind(c) for c in _COMBINATIONS]
    if decks < 3:
        cards, text = kind("AS AS AS", decks=3)
        combos.append((cards, f"{text} ({_(_MORE_DECKS)})"))
    else:
        combos.append(kind("AS AS AS"))

    ladder = []
    for lead, more in (("4S", False), ("4S 4S", False), ("3S 3S 4S 4S", False), ("3S 3S 3S 4S 4S 4S", True)):
        hand = _FOLLOWER + (" 6S 7S" if more else "")
        got = requirement(PositionRequest(preset=preset, decks=3 if more else None, trump_suit=Suit.HEARTS,
                                          hand=parse_cards(hand), table=parse_cards(lead)))
        rungs = " › ".join(step.text for step in got.ladder)
        ladder.append((got.lead + (f" ({_(_MORE_DECKS)})" if more and decks < 3 else ""), rungs))

    declaring = []
    for current, play in (("2H", "2S 2S"), ("2S 2S", "BJ BJ"), ("BJ BJ", "RJ RJ")):
        got_declare = declare(DeclareRequest(preset=preset, trump_rank=Rank.TWO, play=parse_cards(play), seat="S",
                                             current=parse_cards(current), current_seat="W"))
        declaring.append((_("{cards} on {current}").format(cards=symbols(parse_cards(play)),
                                                           current=symbols(parse_cards(current))),
                          _("yes") if got_declare.legal else _("no"), got_declare.reason))

    last_tricks = (1, 2, 4)
    bonuses = [kitty(KittyRequest(preset=preset, kitty_points=20, last_trick_cards=n)) for n in last_tricks]
    level_rows = tuple(
        (n_(b.low) if b.high == b.low else f"{n_(b.low)}–{n_(b.high)}" if b.high is not None else
         _("{points} or more").format(points=n_(b.low)), b.text)
        for b in bands(BandsRequest(preset=preset)).bands
    )
    return Handout(
        summary=(answer.summary,),
        name_terms=("shengji", "tractor"),
        sections=(
            Section(_("Trump order (example: {trump})").format(trump=hearts.label), Column.LEFT, (
                _("**Trumps, high to low:** {cards}").format(cards=hearts.trump_text),
                _("**Another suit, high to low:** {cards}").format(cards=plain),
                _("**No trump** (a joker declaration): {cards}").format(cards=no_trump.trump_text),
            )),
            Section(_("Point cards"), Column.LEFT, (points_of(PointsRequest(cards=parse_cards("5H 10H KH"))).reason,)),
            Section(_("Combinations"), Column.LEFT,
                    table=Table((_("cards (rank 2, ♥ trump)"), _("what they are")), tuple(combos), (1, 1.5))),
            Section(_("Following: play the first step you can"), Column.LEFT,
                    table=Table((_("the lead"), _("you must play, best first")), tuple(ladder), (1, 1.9))),
            Section(_("Declaring and overriding (rank 2)"), Column.RIGHT,
                    table=Table((_("declaration"), _("allowed?"), _("why")), tuple(declaring), (1, 0.75, 2.1))),
            Section(_("Kitty bonus: the attackers win the last trick"), Column.RIGHT, table=Table(
                (_("cards each in the last trick"), _("kitty points ×"), _("20 buried points give")),
                tuple((n_(n), f"× {n_(k.multiplier)}", n_(k.bonus)) for n, k in zip(last_tricks, bonuses, strict=True)),
                (1.3, 0.8, 1))),
            Section(_("Failed throw"), Column.RIGHT, (
                _("**Penalty per card taken back:** {points} points").format(points=n_(chosen.throw_penalty_per_card)),
            )),
            Section(_("The level table ({decks} decks)").format(decks=n_(decks)), Column.RIGHT,
                    tuple(sentence(_(n.text)) for n in answer.notes if n.option == "band"),
                    table=Table((_("attackers' points"), _("result")), level_rows, (0.7, 2.3))),
        ),
    )
