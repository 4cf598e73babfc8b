"""The card-hand component's Python side (ui/card_hand): payload, groups, names, events, deck limits.

The browser side is checked by tests/test_card_hand_browser.py; here AppTest drives the demo page
(tests/apps/card_hand_demo.py) through tests/card_hand_testing.py as the browser would.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import DECK_SETUPS, Card, Deck, Rank, Suit, deck_setup, parse_cards
from engine.euchre.order import DECK as EUCHRE_DECK
from tests.card_hand_testing import cards_of, hand_data, names_of, press, step
from ui import cards as card_art
from ui.card_hand import (
    ASSETS,
    GEOMETRY_JS,
    HAND_CSS,
    HAND_JS,
    KITTY,
    TRUMP,
    Action,
    CardGroup,
    HandEvent,
    card_name,
    geometry_module,
    hand_payload,
    inline_script,
    parse_event,
    picker_payload,
    suit_groups,
)

DEMO = Path(__file__).resolve().parent / "apps" / "card_hand_demo.py"
HAND = parse_cards("RJ BJ 2H 2S 2S AH KH 10H 5H AS KS QS 10S 10S 7S 5S AC JC 9C 9C 4C KD QD 8D 5D")
PLAY = Action("play", "Play", min_chosen=1, primary=True)
TWO_DECKS = Deck.standard(jokers=True, decks=2)


def is_trump(card: Card) -> bool:
    return card.is_joker or card.rank is Rank.TWO or card.suit is Suit.HEARTS


# ------------------------------------------------------------------------------------------ names


@pytest.mark.parametrize("name", list(DECK_SETUPS))
@pytest.mark.parametrize("suitless", [False, True])
def test_every_card_has_its_symbol_name_and_a_code_that_reads_back(name: str, suitless: bool) -> None:
    deck = deck_setup(name).stripped() if suitless else deck_setup(name)
    data, _ = picker_payload(deck)
    codes = [code for g in data["groups"] for code in g["cards"]]
    names = [n for g in data["groups"] for n in g["names"]]
    assert Counter(Card.parse(c, suitless=deck.suitless) for c in codes) == Counter(deck.distinct())
    for code, shown in zip(codes, names, strict=True):
        assert shown == Card.parse(code, suitless=deck.suitless).symbol_text


def test_names_read_as_a_learner_writes_them() -> None:
    assert [card_name(c) for c in parse_cards("10S QH BJ RJ")] == ["10♠", "Q♥", "BJ", "RJ"]
    assert card_name(Card(Rank.TEN)) == "10"
    assert card_name(None) == "face-down card"


# ----------------------------------------------------------------------------------------- groups


def test_suit_groups_put_trumps_first_then_side_suits_keeping_the_given_order() -> None:
    groups = suit_groups(HAND, is_trump=is_trump)
    assert [g.label for g in groups] == ["Trumps", "♠ Spades", "♣ Clubs", "♦ Diamonds"]
    assert groups[0].cards == parse_cards("RJ BJ 2H 2S 2S AH KH 10H 5H")
    assert groups[1].cards == parse_cards("AS KS QS 10S 10S 7S 5S")
    assert sum(len(g.cards) for g in groups) == len(HAND)


def test_suit_groups_without_trumps_lead_with_the_jokers() -> None:
    groups = suit_groups(parse_cards("5C BJ AS RJ 2C"))
    assert [(g.label, g.cards) for g in groups] == [
        ("Jokers", parse_cards("BJ RJ")), ("♣ Clubs", parse_cards("5C 2C")), ("♠ Spades", parse_cards("AS"))]


def test_payload_draws_groups_in_order_and_keys_options_by_position_or_by_card() -> None:
    groups = suit_groups(HAND, is_trump=is_trump)
    data, drawn = hand_payload(
        groups, actions=(PLAY,), why_not={Card(Rank.TEN, Suit.SPADES): "no"}, highlight={0: TRUMP},
        captions={1: "North"},
    )
    assert [g["label"] for g in data["groups"]] == ["Trumps", "♠ Spades", "♣ Clubs", "♦ Diamonds"]
    flat = [c for g in groups for c in g.cards]
    assert drawn.cards == tuple(flat)
    tens = [i for i, c in enumerate(flat) if c == Card(Rank.TEN, Suit.SPADES)]
    assert len(tens) == 2 and sorted(int(i) for i in data["why"]) == tens  # every copy of 10♠
    assert data["hl"] == {"0": 0} and data["legend"] == [{"label": "trump", "colour": TRUMP.colour, "mark": "T"}]
    assert data["cap"] == {"1": "North"}
    with pytest.raises(ValueError, match="position 25 is outside the hand of 25 cards"):
        hand_payload(HAND, why_not={25: "no"})


def test_mixing_cards_and_groups_or_choosing_face_down_cards_is_refused() -> None:
    with pytest.raises(TypeError):
        hand_payload([CardGroup("A", HAND[:2]), HAND[3]])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="face-down"):
        hand_payload([None, HAND[0]])
    data, _ = hand_payload([None, HAND[0]], mode="show")
    assert data["groups"][0]["cards"] == [None, "RJ"] and data["groups"][0]["names"] == ["face-down card", "RJ"]
    assert "actions" not in data and "sel" not in data


def test_a_required_count_is_also_the_limit_and_the_preset_skips_unplayable_cards() -> None:
    data, drawn = hand_payload(HAND[:12], required=8, selected=[0, 1, 2], why_not={1: "no"})
    assert data["required"] == 8 and data["limit"] == 8 and drawn.limit == 8
    assert data["sel"] == [0, 2]
    data, _ = hand_payload(HAND[:12], limit=2, selected=[0, 3, 5])
    assert data["sel"] == [0, 3]


def test_the_signature_follows_the_cards_not_the_selection() -> None:
    a, _ = hand_payload(HAND, selected=[1])
    b, _ = hand_payload(HAND, selected=[2], highlight={0: KITTY})
    c, _ = hand_payload(HAND[1:])
    assert a["sig"] == b["sig"] != c["sig"]


def test_a_25_card_hand_and_a_108_card_picker_are_a_few_kilobytes() -> None:
    hand, _ = hand_payload(suit_groups(HAND, is_trump=is_trump), actions=(PLAY,))
    picker, _ = picker_payload(TWO_DECKS, actions=(PLAY,))
    assert len(json.dumps(hand, ensure_ascii=False).encode()) < 2000
    assert len(json.dumps(picker, ensure_ascii=False).encode()) < 2500


# ----------------------------------------------------------------------------------------- events


def _event(data: dict, action: str, indices: list[int], sig: str | None = None) -> dict:
    return {"a": action, "i": indices, "s": data["sig"] if sig is None else sig, "q": 1}


def test_a_press_becomes_an_event_with_the_chosen_cards() -> None:
    data, drawn = hand_payload(HAND, actions=(PLAY,))
    event = parse_event(_event(data, "play", [13, 12]), drawn)
    assert event == HandEvent("play", (12, 13), parse_cards("10S 10S"))
    assert event.counts == Counter({Card(Rank.TEN, Suit.SPADES): 2})


@pytest.mark.parametrize(
    ("action", "indices", "sig"),
    [
        ("play", [3], "stale"),  # the hand changed since it was drawn
        ("pass", [3], None),  # not one of the actions
        ("play", [], None),  # fewer than min_chosen
        ("play", [3, 3], None),  # one card twice
        ("play", [25], None),  # outside the hand
        ("play", [24], None),  # 5♦ cannot be played
        ("play", ["3"], None),  # not a position
    ],
)
def test_a_press_that_does_not_fit_the_hand_is_refused(action: str, indices: list, sig: str | None) -> None:
    data, drawn = hand_payload(HAND, actions=(PLAY,), why_not={24: "follow suit"})
    assert parse_event(_event(data, action, indices, sig), drawn) is None
    assert parse_event(_event(data, "play", [3]), drawn) is not None


def test_an_exact_action_needs_the_required_count() -> None:
    bury = Action("bury", "Bury these 8", exact=True)
    data, drawn = hand_payload(HAND[:12], actions=(bury,), required=8)
    assert parse_event(_event(data, "bury", list(range(7))), drawn) is None
    assert parse_event(_event(data, "bury", list(range(9))), drawn) is None
    event = parse_event(_event(data, "bury", list(range(8))), drawn)
    assert event is not None and event.cards == HAND[:8]


def test_no_press_and_no_drawing_are_no_event() -> None:
    data, drawn = hand_payload(HAND, actions=(PLAY,))
    assert parse_event(None, drawn) is None
    assert parse_event(_event(data, "play", [0]), None) is None


# -------------------------------------------------------------------------------------- deck picker


def test_two_decks_offer_two_copies_of_each_card_less_those_taken_elsewhere() -> None:
    ace = Card(Rank.ACE, Suit.SPADES)
    ten = Card(Rank.TEN, Suit.SPADES)
    data, drawn = picker_payload(TWO_DECKS, actions=(PLAY,), taken=[ace, ace, ten])
    assert len(drawn.cards) == 54 and [g["label"] for g in data["groups"]][-1] == "Jokers"
    limits = dict(zip(drawn.cards, drawn.limits, strict=True))
    assert limits[ace] == 0 and limits[ten] == 1 and limits[Card(Rank.TEN, Suit.HEARTS)] == 2
    assert data["why"][str(drawn.cards.index(ace))] == "all 2 copies of A♠ are already used elsewhere"
    h10 = drawn.cards.index(Card(Rank.TEN, Suit.HEARTS))
    event = parse_event(_event(data, "play", [h10, h10]), drawn)
    assert event is not None and event.counts == Counter({Card(Rank.TEN, Suit.HEARTS): 2})
    assert parse_event(_event(data, "play", [h10, h10, h10]), drawn) is None  # a third copy
    assert parse_event(_event(data, "play", [drawn.cards.index(ten)] * 2), drawn) is None  # one left
    assert parse_event(_event(data, "play", [drawn.cards.index(ace)]), drawn) is None  # none left


def test_four_player_dou_dizhu_has_eight_of_each_rank_and_two_of_each_joker() -> None:
    data, drawn = picker_payload(TWO_DECKS.stripped())
    assert [n for g in data["groups"] for n in g["names"]] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "BJ", "RJ"]
    assert dict(zip([c.text for c in drawn.cards], drawn.limits, strict=True)) == {
        **{r: 8 for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")}, "BJ": 2, "RJ": 2}


def test_the_picker_lays_out_by_rank_and_presets_the_chosen_multiset() -> None:
    chosen = parse_cards("10S 10S 3H")
    data, drawn = picker_payload(TWO_DECKS, by="rank", chosen=chosen)
    assert [g["label"] for g in data["groups"]][:3] == ["2", "3", "4"]
    assert Counter(drawn.cards[i] for i in data["sel"]) == Counter(chosen)
    with pytest.raises(ValueError, match="not in the 24-card Euchre deck"):
        picker_payload(EUCHRE_DECK, limit_to=parse_cards("2S"))


# ---------------------------------------------------------------------------------------- the files


def test_the_geometry_module_is_generated_from_ui_cards() -> None:
    assert (ASSETS / GEOMETRY_JS).read_text(encoding="utf-8") == geometry_module(), (
        "ui/cards.py changed: run `python -m ui.card_hand` to rewrite card_geometry.js")


def test_the_inline_script_carries_the_geometry_and_no_import() -> None:
    js = inline_script()
    assert "import " not in js and "const G = {" in js
    assert json.dumps(card_art.geometry()["suits"], ensure_ascii=False, separators=(",", ":")) in js
    assert "export default function cardHand" in js


def test_four_colours_paint_diamonds_blue_and_clubs_green() -> None:
    assert card_art.card_colour(Card(Rank.TEN, Suit.DIAMONDS), four_colour=True) == card_art.BLUE
    assert card_art.card_colour(Card(Rank.TEN, Suit.CLUBS), four_colour=True) == card_art.GREEN
    assert card_art.card_colour(Card(Rank.TEN, Suit.DIAMONDS)) == card_art.RED
    assert card_art.BLUE in card_art.card_svg(Card(Rank.TEN, Suit.DIAMONDS), four_colour=True)
    assert card_art.geometry()["ink"]["four"] == {"S": card_art.BLACK, "H": card_art.RED, "D": card_art.BLUE,
                                                  "C": card_art.GREEN}


# ------------------------------------------------------------------------------- AppTest on the demo


@pytest.fixture()
def demo() -> AppTest:
    at = AppTest.from_file(str(DEMO), default_timeout=30).run()
    assert not at.exception
    return at


def _lines(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def test_the_demo_draws_every_mode_from_served_files(demo: AppTest) -> None:
    element = [e for e in demo.get("bidi_component") if e.key == "hand"][0]
    assert element.proto.js_source_path == HAND_JS and element.proto.css_source_path == HAND_CSS
    assert element.proto.js_content == ""  # the script is a served file, not re-sent each rerun
    assert names_of(demo, "hand")[:4] == ["RJ", "BJ", "2♥", "2♠"]
    assert cards_of(demo, "trick") == [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.SPADES), None]
    assert hand_data(demo, "seat")["groups"][0]["names"] == ["face-down card"] * 12
    assert len(cards_of(demo, "ddz")) == 15


def test_a_press_reaches_python_once(demo: AppTest) -> None:
    press(demo, "hand", "play", cards=parse_cards("10S 10S"))
    assert "Last action: Hand: play 10♠ 10♠" in _lines(demo) and "Events: 1" in _lines(demo)
    demo.run()  # a later rerun (another widget) sees no event
    assert "Events: 1" in _lines(demo)
    demo.button[0].click().run()
    assert "Events: 1" in _lines(demo)


def test_a_press_on_a_hand_that_has_changed_is_ignored(demo: AppTest) -> None:
    press(demo, "hand", "play", [0], sig="0123456789abcdef")
    assert "Events: 0" in _lines(demo)


def test_a_hint_presets_the_selection_in_the_browser(demo: AppTest) -> None:
    before = hand_data(demo, "hand")
    press(demo, "hand", "hint")
    after = hand_data(demo, "hand")
    assert after["sel"] == [0, 1] and after["rev"] == before["rev"] + 1 and after["sig"] == before["sig"]


def test_bury_needs_exactly_eight(demo: AppTest) -> None:
    press(demo, "bury", "bury", list(range(7)))
    assert "Events: 0" in _lines(demo)
    press(demo, "bury", "bury", list(range(4, 12)))
    assert "Last action: Bury: bury 2♠ A♥ K♥ 10♥ 5♥ A♠ K♠ Q♠" in _lines(demo)


def test_the_deck_picker_returns_a_multiset_within_the_deck(demo: AppTest) -> None:
    press(demo, "picker", "set", cards=parse_cards("10S 10S QH"))
    assert "Last action: Picker: set 10♠ 10♠ Q♥" in _lines(demo)
    press(demo, "picker", "set", cards=parse_cards("AS"))  # both A♠ are taken elsewhere
    assert "Events: 1" in _lines(demo)


def test_the_key_stepper_counts_each_press_once(demo: AppTest) -> None:
    step(demo, "stepper", "next")
    assert "Steps: 1" in _lines(demo)
    step(demo, "stepper", "next")
    step(demo, "stepper", "prev")
    demo.run()
    assert "Steps: 1" in _lines(demo)
