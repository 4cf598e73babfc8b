"""Shengji's one-page rules summary: :func:`handout` answers :meth:`engine.shengji.game.ShengjiGame.handout`.

Every fact comes from this game's typed commands (the card order, the combinations, the following ladder, the
declarations, the kitty bonus and the level table), asked about one example round: rank 2, hearts trump.
"""

from __future__ import annotations

from engine.cards import Rank, Suit, parse_cards
from engine.handout import Column, Handout, Section, Table, symbols
from engine.shengji.card_commands import CardsRequest, PointsRequest, classify_cards, order, points_of
from engine.shengji.commands import DeclareRequest, ShengjiRulesRequest, declare, requirement, rules
from engine.shengji.requests import PositionRequest, TrumpRequest, rules_of
from engine.shengji.score_commands import BandsRequest, KittyRequest, bands, kitty
from engine.teaching import sentence

__all__ = ["handout"]

_COMBINATIONS = ("AS", "AS AS", "KS KS QS QS", "AH AH 2S 2S", "BJ BJ RJ RJ", "2S 2S 2D 2D", "AS KS")
_FOLLOWER = "QS JS 10S 9S 8S 7S 6S 5S"
_MORE_DECKS = " (three or more decks)"


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
        combos.append((cards, text + _MORE_DECKS))
    else:
        combos.append(kind("AS AS AS"))

    ladder = []
    for lead, more in (("4S", False), ("4S 4S", False), ("3S 3S 4S 4S", False), ("3S 3S 3S 4S 4S 4S", True)):
        hand = _FOLLOWER + (" 6S 7S" if more else "")
        got = requirement(PositionRequest(preset=preset, decks=3 if more else None, trump_suit=Suit.HEARTS,
                                          hand=parse_cards(hand), table=parse_cards(lead)))
        rungs = " › ".join(step.text for step in got.ladder)
        ladder.append((got.lead + (_MORE_DECKS if more and decks < 3 else ""), rungs))

    declaring = []
    for current, play in (("2H", "2S 2S"), ("2S 2S", "BJ BJ"), ("BJ BJ", "RJ RJ")):
        got_declare = declare(DeclareRequest(preset=preset, trump_rank=Rank.TWO, play=parse_cards(play), seat="S",
                                             current=parse_cards(current), current_seat="W"))
        declaring.append((f"{symbols(parse_cards(play))} on {symbols(parse_cards(current))}",
                          "yes" if got_declare.legal else "no", got_declare.reason))

    last_tricks = (1, 2, 4)
    bonuses = [kitty(KittyRequest(preset=preset, kitty_points=20, last_trick_cards=n)) for n in last_tricks]
    level_rows = tuple(
        (str(b.low) if b.high == b.low else f"{b.low}–{b.high}" if b.high is not None else f"{b.low} or more", b.text)
        for b in bands(BandsRequest(preset=preset)).bands
    )
    return Handout(
        summary=(answer.summary,),
        name_terms=("shengji", "tractor"),
        sections=(
            Section(f"Trump order (example: {hearts.label})", Column.LEFT, (
                f"**Trumps, high to low:** {hearts.trump_text}",
                f"**Another suit, high to low:** {plain}",
                f"**No trump** (a joker declaration): {no_trump.trump_text}",
            )),
            Section("Point cards", Column.LEFT, (points_of(PointsRequest(cards=parse_cards("5H 10H KH"))).reason,)),
            Section("Combinations", Column.LEFT,
                    table=Table(("cards (rank 2, ♥ trump)", "what they are"), tuple(combos), (1, 1.5))),
            Section("Following: play the first step you can", Column.LEFT,
                    table=Table(("the lead", "you must play, best first"), tuple(ladder), (1, 1.9))),
            Section("Declaring and overriding (rank 2)", Column.RIGHT,
                    table=Table(("declaration", "allowed?", "why"), tuple(declaring), (1, 0.75, 2.1))),
            Section("Kitty bonus: the attackers win the last trick", Column.RIGHT, table=Table(
                ("cards each in the last trick", "kitty points ×", "20 buried points give"),
                tuple((str(n), f"× {k.multiplier}", str(k.bonus)) for n, k in zip(last_tricks, bonuses, strict=True)),
                (1.3, 0.8, 1))),
            Section("Failed throw", Column.RIGHT, (
                f"**Penalty per card taken back:** {chosen.throw_penalty_per_card} points",
            )),
            Section(f"The level table ({decks} decks)", Column.RIGHT,
                    tuple(sentence(n.text) for n in answer.notes if n.option == "band"),
                    table=Table(("attackers' points", "result"), level_rows, (0.7, 2.3))),
        ),
    )
