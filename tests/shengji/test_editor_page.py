"""AppTest of the Shengji position editor (pages/shengji_editor.py on ui/shengji_editor.py): the requirement
ladder, the distinct legal plays (counted, the first 200 shown), verdicts, throws against the other hands, who
wins the trick — built from the position, so a trick never outlives the position it belongs to — decks, rule
options, a seeded deal and a shared link with another preset."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from engine.shengji import COMMANDS, GAME
from tests.card_hand_testing import hand_data, press
from tests.helpers.editor_page import EditorPage, heading, ok, shown
from ui.nav import preset_key
from ui.shengji_editor import ShengjiEditor

ED = ShengjiEditor()
k = ED.k
PAGE = EditorPage(ED)
editor = PAGE.open
position = PAGE.position
DECK = GAME.deck(GAME.rules(None, {"decks": 2}))


def cards(text: str) -> tuple[Any, ...]:
    return tuple(DECK.parse(text))


def words(at: AppTest) -> str:
    return "\n".join(m.value.replace("\\", "") for m in [*at.markdown, *at.caption])


def example(at: AppTest, name: str) -> AppTest:
    return at.button(key=k(f"example:{list(ED.examples).index(name)}")).click().run()


def type_part(at: AppTest, part: str, text: str) -> AppTest:
    at.button_group(key=k("w:part")).set_value(part).run()
    return at.text_input(key=k(f"w:text:{part}")).input(text).run()


def test_opens_on_a_tractor_lead_with_the_ladder_the_plays_and_the_trick() -> None:
    at = editor()
    ok(at)
    assert heading(at) == "Every legal play (3)"
    assert list(at.dataframe[0].value["Play"]) == ["K♥ K♥ 8♥ 8♥", "K♥ K♥ 6♥ 6♥", "8♥ 8♥ 6♥ 6♥"]
    assert "so you must play two pairs of ♥" in words(at)
    ladder = [m.value for m in at.markdown if "badge[" in m.value]
    assert len(ladder) == 4 and "✓ required" in ladder[1] and "two pairs of ♥" in ladder[1]
    assert shown(at)[0].startswith("**K♥ K♥ 8♥ 8♥: legal.**")  # the example's play, chosen in the hand
    assert len(hand_data(at, k("hand"))["sel"]) == 4
    assert hand_data(at, k("hand"))["groups"][0]["label"] == "Trumps"
    assert any("The trick: W wins with trumps 3♠ 3♠ 2♠ 2♠" in s for s in shown(at))


def test_posing_your_own_lead_forgets_the_examples_trick() -> None:
    at = editor()
    type_part(at, "table", "JD JD")
    ok(at)
    assert position(at)["table"] == "JD JD"
    assert not any("3♠ 3♠ 2♠ 2♠" in s for s in shown(at))  # the example's trick is not judged again
    error = shown(at, "error")[0]
    assert error.startswith("**K♥ K♥ 8♥ 8♥: not legal.**")  # the chosen play stays in the hand, judged anew
    at.text_input(key=k("w:text:play")).input("KD 9D").run()
    assert shown(at)[0].startswith("**K♦ 9♦: legal.**")
    assert any(s.startswith("So far (2 of 4 plays)") for s in shown(at))
    assert not any("3♠" in s for s in shown(at))


def test_the_rest_of_the_trick_is_posed_by_clicking_and_forgotten_with_the_play() -> None:
    at = editor()
    type_part(at, "table", "JD JD")
    at.text_input(key=k("w:text:play")).input("KD 9D").run()
    press(at, k("pick:later:W"), "set", cards=cards("AD AD"))
    ok(at)
    assert any(s.startswith("So far (3 of 4 plays)") and "W" in s for s in shown(at))
    at.text_input(key=k("w:text:play")).input("KD 6D").run()
    assert any(s.startswith("So far (2 of 4 plays)") for s in shown(at))


def test_a_throw_fails_against_the_other_hands_and_the_turn_order_decides_who_chooses() -> None:
    at = editor()
    example(at, "Seed 000's Q44 throw (the other hands decide)")
    ok(at)
    verdict = shown(at, "error")[0]
    assert verdict.startswith("**Q♥ 4♥ 4♥: not legal.** The throw fails")
    assert "the next player (W) chooses which you must lead" in verdict
    beaten = at.dataframe[0].value
    assert list(beaten["Beaten by"]) == ["S", "W"] and list(beaten["With"]) == ["6♥ 6♥", "K♥"]
    at.button_group(key=k("w:part")).set_value("others.S").run()
    assert position(at)["others"]["S"]
    at.radio(key=k("w:option:turn_order")).set_value("clockwise").run()
    ok(at)
    assert position(at)["options"]["turn_order"] == "clockwise"
    assert "others" not in position(at)  # the seats after you changed: the other hands are posed again
    assert any("pose the other hands" in c for c in words(at).splitlines())


def test_many_legal_plays_are_counted_and_the_first_200_shown() -> None:
    at = editor()
    example(at, "A 25-card hand after a 6-card throw (many plays)")
    ok(at)
    assert heading(at) == "Every legal play (74,674)"
    assert "The first 200 shown" in words(at)
    assert len(at.dataframe[0].value) == 200


def test_one_deck_makes_a_pair_impossible_and_saving_is_off() -> None:
    at = editor()
    at.button_group(key=k("w:decks")).set_value(1).run()
    ok(at)
    assert position(at)["options"]["decks"] == 1
    assert "Your hand: 4♠ appears 2 times, but the decks in play hold only 1 copy of it" in shown(at, "error")
    assert at.get("download_button")[0].proto.disabled


def test_a_seeded_deal_poses_four_hands() -> None:
    at = editor()
    at.button(key=k("deal")).click().run()
    ok(at)
    data = position(at)
    assert len(data["hand"].split()) == 25 and data["table"] == ""
    assert sorted(data["others"]) == ["E", "S", "W"] and all(len(h.split()) == 25 for h in data["others"].values())
    assert "You lead: play a single card, a pair or a tractor, or throw several of them from one suit" in words(at)


def test_trump_suit_and_rank_are_part_of_the_position() -> None:
    at = editor()
    at.button_group(key=k("w:suit")).set_value("none").run()
    ok(at)
    assert position(at)["trump_suit"] is None
    at.selectbox(key=k("w:rank")).set_value("K").run()
    assert position(at)["trump_rank"] == "K"
    assert COMMANDS["legal"](position(at))["count"] >= 1  # the saved JSON is what the command line reads


def test_a_link_with_older_field_names_and_another_preset() -> None:
    at = editor({"preset": "tractor", "decks": 2, "trump_rank": "2", "trump_suit": "S",
                 "hand": "KH KH QH QH 9H 9H 7H 3C BJ 4S", "lead": "6H 6H 5H 5H"})
    ok(at)
    assert "Loaded the position from the link." in shown(at)
    assert at.session_state[preset_key("shengji")] == "tractor"
    assert position(at)["table"] == "6H 6H 5H 5H" and position(at)["options"]["decks"] == 2
    assert "so you must play two pairs of ♥" in words(at)
    assert heading(at) == "Every legal play (3)"


def test_every_example_loads() -> None:
    at = editor()
    for name in ED.examples:
        example(at, name)
        ok(at)
        assert not [e for e in shown(at, "error") if not e.startswith("**")], name
        assert f"Loaded the example “{name}”." in shown(at)


def test_four_decks_six_trump_pairs_led_to_a_52_card_hand_are_counted_exactly() -> None:
    # issue 21's slowest position: every choice of six of the follower's 18 trump pairs is legal
    trumps = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H 2D 2C 2S BJ RJ".split()
    hand = " ".join([c for c in trumps for _ in range(2)]) + " AH KH QH JH 10H 9H AD KD QD JD 10D 9D AC KC QC JC"
    at = editor({"decks": 4, "trump_rank": "2", "trump_suit": "S", "hand": hand,
                 "table": "AS AS QS QS 10S 10S 8S 8S 6S 6S 4S 4S"})
    ok(at)
    assert heading(at) == "Every legal play (18,564)"
    assert "The first 200 shown" in words(at)
    assert len(at.dataframe[0].value) == 200
