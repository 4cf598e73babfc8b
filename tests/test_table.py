"""The Table page (ui/table.py) on every game: watch and play whole games, links that keep what is shown,
records loaded and refused."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.driver import play_out
from engine.games import GAMES
from engine.table import Record
from tests.card_hand_testing import names_of, press, step
from tests.conftest import ROOT
from tests.fixtures.toy_game import GAME as TOY
from ui.share import encode_position
from ui.table import table_game

KEYS = ["toy", *GAMES]


def _game(key: str) -> Any:
    return TOY if key == "toy" else table_game(key)


def _page(key: str) -> AppTest:
    def page(key: str) -> None:
        from tests.fixtures.toy_game import GAME
        from ui.table import render_table

        render_table(key, game=GAME if key == "toy" else None)

    return AppTest.from_function(page, args=(key,), default_timeout=120)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def settings(at: AppTest, key: str) -> Any:
    return at.session_state[f"{key}:table:settings"]


def play_to_the_end(at: AppTest, key: str) -> None:
    """Play the learner's seat to the end by choosing cards and pressing buttons, as a learner does."""
    k = f"{key}:table:"
    game = _game(key)
    for _ in range(800):
        _ok(at)
        if at.session_state[f"{k}pause"] is not None:
            at.button(key=f"{k}continue").click().run()
            continue
        hand = at.session_state[f"{k}play"]
        state = hand.last
        if hand.record.start.get("whole"):
            from engine.match import whole_game

            game = whole_game(_game(key))
        seat = game.to_act(state)
        if seat is None:
            return
        assert seat == settings(at, key).me, "the bots play until it is the learner's turn"
        action = game.legal_actions(state)[0]
        cards = game.action_cards(action)
        if cards is None:
            buttons = [b for b in at.button if b.key and b.key.startswith(f"{k}act:")]
            label = game.action_text(action)
            target = next(b for b in buttons if b.label.lower() == label.lower())
            target.click().run()
            continue
        press(at, f"{k}pick:{len(hand.steps)}", "play", cards=cards)
        assert at.session_state[f"{k}refused"] is None, at.session_state[f"{k}refused"]
        assert len(at.session_state[f"{k}play"].steps) > len(hand.steps), "the chosen cards were played"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("key", KEYS)
def test_watch_a_game_step_by_step(key: str) -> None:
    k = f"{key}:table:"
    at = _page(key).run()
    _ok(at)
    total = len(at.session_state[f"{k}watch"].steps)
    assert total > 0
    at.button(key=f"{k}forward").click().run()
    assert settings(at, key).step == 1
    assert at.query_params["step"] == "1" and at.query_params["mode"] == "watch"
    at.button(key=f"{k}last").click().run()
    assert settings(at, key).step == total
    assert any("Result" in m.value for m in at.markdown)
    at.button(key=f"{k}back").click().run()
    assert settings(at, key).step == total - 1
    at.selectbox(key=f"{k}w:view").set_value(0).run()
    _ok(at)
    assert settings(at, key).seat == 0 and at.query_params["seat"] == (_game(key).seat_letters(
        _game(key).rules())[0])


@pytest.mark.parametrize("key", KEYS)
def test_play_a_whole_game(key: str) -> None:
    k = f"{key}:table:"
    at = _page(key).run()
    at.segmented_control(key=f"{k}w:mode").set_value("play").run()
    _ok(at)
    play_to_the_end(at, key)
    assert any("Result" in m.value for m in at.markdown)
    assert at.query_params["mode"] == "play"


def test_an_illegal_choice_is_refused_next_to_the_cards_and_undo_works() -> None:
    k = "toy:table:"
    at = _page("toy").run()
    at.segmented_control(key=f"{k}w:mode").set_value("play").run()
    at.button(key=f"{k}act:1:0").click().run()  # bid
    hand = at.session_state[f"{k}play"]
    assert hand.record.actions[0] == "bid"
    at.button(key=f"{k}hint-button").click().run()
    assert any("Hint" in i.value for i in at.info)
    at.button(key=f"{k}undo").click().run()
    assert at.session_state[f"{k}play"].record.actions == ()


def test_a_link_opens_the_step_the_seat_and_presenter_mode() -> None:
    k = "euchre:table:"
    at = _page("euchre")
    at.query_params.update({"mode": "watch", "seed": "7", "step": "5", "seat": "E", "present": "1"})
    at.run()
    _ok(at)
    s = settings(at, "euchre")
    assert (s.seed, s.step, s.seat, s.present) == (7, 5, 1, True)
    assert at.session_state[f"{k}watch"].record.seed == 7
    at.button(key=f"{k}forward").click().run()
    assert at.query_params["step"] == "6" and at.query_params["present"] == "1"


def test_damaged_link_parameters_are_refused_and_the_page_stays_usable() -> None:
    at = _page("euchre")
    at.query_params.update({"step": "lots", "seat": "Q", "mode": "[x](http://evil.example)"})
    at.run()
    _ok(at)
    assert at.error and "refused" in at.error[0].value
    assert not re.search(r"(?<!\\)\]\(", at.error[0].value), "quoted input must not render as a Markdown link"
    at.button(key="euchre:table:forward").click().run()
    assert settings(at, "euchre").step == 1


def test_play_mode_link_opens_on_your_hand() -> None:
    at = _page("toy")
    at.query_params.update({"mode": "play", "seat": "S", "seed": "3"})
    at.run()
    _ok(at)
    s = settings(at, "toy")
    assert s.mode == "play" and s.me == 1


def test_loading_an_illegal_record_keeps_the_table() -> None:
    k = "toy:table:"
    at = _page("toy").run()
    before = at.session_state[f"{k}watch"].record
    at.text_area(key=f"{k}paste").input(json.dumps(
        {"game": "toy", "preset": "plain", "seed": 3, "actions": ["pass", "QQ"]})).run()
    at.button(key=f"{k}load").click().run()
    assert at.error and "step 2" in at.error[0].value and "unchanged" in at.error[0].value
    assert at.session_state[f"{k}watch"].record == before
    record, _ = play_out(TOY, TOY.rules(), 8, "random")
    at.text_area(key=f"{k}paste").input(json.dumps(record.to_json())).run()
    at.button(key=f"{k}load").click().run()
    assert at.success and "Loaded" in at.success[0].value
    assert at.session_state[f"{k}watch"].record == record


def test_a_shared_game_link_opens_it_and_a_damaged_one_is_refused() -> None:
    k = "toy:table:"
    record, _ = play_out(TOY, TOY.rules(), 9, "random")
    at = _page("toy")
    at.query_params["hand"] = encode_position(record.to_json())
    at.run()
    _ok(at)
    assert at.session_state[f"{k}watch"].record == record
    assert settings(at, "toy").step == len(record.actions)
    at = _page("toy")
    at.query_params["hand"] = "not-a-game"
    at.run()
    _ok(at)
    assert at.error and "not loaded" in at.error[0].value


def test_a_link_to_a_game_of_another_preset_switches_the_sidebar_preset() -> None:
    game = table_game("doudizhu")
    assert game is not None
    record, _ = play_out(game, game.rules("four_player"), 4, "random", preset="four_player")
    at = AppTest.from_file(str(ROOT / "pages" / "doudizhu_table.py"), default_timeout=120)
    at.query_params["hand"] = encode_position(record.to_json())
    at.run()
    _ok(at)
    assert at.session_state["doudizhu:table:watch"].record == Record.from_json(record.to_json())
    assert at.session_state["sidebar:preset:doudizhu"] == "four_player"


def test_the_game_in_progress_survives_a_visit_to_another_page() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("pages/euchre_table.py").run()
    k = "euchre:table:"
    at.number_input(key=f"{k}w:seed").set_value(12).run()
    at.button(key=f"{k}forward").click().run()
    at.button(key=f"{k}forward").click().run()
    at.switch_page("pages/home.py").run()
    at.switch_page("pages/euchre_table.py").run()
    _ok(at)
    s = settings(at, "euchre")
    assert (s.seed, s.step) == (12, 2)
    assert at.number_input(key=f"{k}w:seed").value == 12


def test_arrow_keys_step_the_table_and_the_link_follows() -> None:
    k = "euchre:table:"
    at = _page("euchre").run()
    step(at, f"{k}keys", "next")
    step(at, f"{k}keys", "next")
    assert settings(at, "euchre").step == 2 and at.query_params["step"] == "2"
    step(at, f"{k}keys", "prev")
    assert settings(at, "euchre").step == 1


def test_your_hand_is_on_screen_at_the_first_decision_of_every_game() -> None:
    for key in GAMES:
        game = _game(key)
        at = _page(key)
        at.query_params.update({"mode": "play", "seat": game.seat_letters(game.rules())[0], "seed": "2"})
        at.run()
        _ok(at)
        hand = at.session_state[f"{key}:table:play"]
        mine = [c for c in game.view(hand.last, 0).seats[0].cards if c is not None]
        names = names_of(at, f"{key}:table:pick:{len(hand.steps)}")
        assert sorted(names) == sorted(c.symbol_text for c in mine), key


def test_a_whole_game_at_the_table_and_in_its_link() -> None:
    k = "toy:table:"
    at = _page("toy").run()
    at.segmented_control(key=f"{k}w:whole").set_value("whole").run()
    _ok(at)
    hand = at.session_state[f"{k}watch"]
    assert hand.record.start == {"whole": True} and len(hand.states[-1].finished) == 3
    at.button(key=f"{k}last").click().run()
    assert any("After 3 hands" in s.value for s in at.success)
    assert at.query_params["whole"] == "1"
    at = _page("toy")
    at.query_params.update({"whole": "1", "mode": "play"})
    at.run()
    _ok(at)
    play_to_the_end(at, "toy")
    assert at.session_state[f"{k}play"].record.start == {"whole": True}
    assert len(at.session_state[f"{k}play"].last.finished) == 3


@pytest.mark.parametrize("key", ["shengji", "euchre"])
@pytest.mark.parametrize("seed", [1, 3])
def test_a_trick_ends_at_the_play_that_completes_it_and_the_pause_shows_only_its_cards(key: str, seed: int) -> None:
    """The pause after a trick comes at its last card (where the engine's next step starts a new chapter), not one
    step later at the next lead; and the finished trick drawn then holds that trick's plays, one per seat."""
    from ui.table import finished_trick, load_hand, trick_ended

    game = _game(key)
    record, _ = play_out(game, game.rules(game.default_preset), seed, preset=game.default_preset)
    hand = load_hand(game, record)
    ends = [i for i in range(len(hand.steps))
            if trick_ended(game.view(hand.states[i], None), game.view(hand.states[i + 1], None))]
    tricks = [i for i, step in enumerate(hand.steps) if step.chapter.startswith("Trick")
              and (i + 1 == len(hand.steps) or hand.steps[i + 1].chapter != step.chapter)]
    assert ends == tricks and tricks
    for i in ends:
        plays = finished_trick(game, hand, i)
        seats = [seat for seat, _, _ in plays]
        assert len(seats) == len(set(seats)), f"step {i + 1}: a seat plays twice in one finished trick: {plays}"
        assert all(cards for _, cards, _ in plays)


def test_a_trick_of_several_card_plays_is_drawn_one_labelled_group_per_play() -> None:
    def page() -> None:
        from engine.cards import parse_cards
        from ui import table_draw

        table_draw.trick_cards(((0, parse_cards("3S 4S 5H 6D"), "lead"), (1, (), ""),
                                (2, parse_cards("7C 8C 9D 10H"), "won the trick")),
                               ("West", "North", "East"), scale=1.0, key="trick")

    at = AppTest.from_function(page, default_timeout=60).run()
    _ok(at)
    from tests.card_hand_testing import hand_data

    data = hand_data(at, "trick")
    assert [g["label"] for g in data["groups"]] == ["West · lead", "East · won the trick"]
    assert [len(g["cards"]) for g in data["groups"]] == [4, 4]
    assert names_of(at, "trick")[4:] == ["7♣", "8♣", "9♦", "10♥"]
    assert at.caption[0].value.replace("\\", "") == "North: passed"
    assert sorted(int(i) for i in data["hl"]) == [4, 5, 6, 7], "the winning play is ringed"


def test_a_link_refused_for_its_rule_set_or_game_names_them_in_words() -> None:
    game = table_game("euchre")
    assert game is not None
    record, _ = play_out(game, game.rules(game.default_preset), 3, "random", preset=game.default_preset)
    data = record.to_json()
    titles = [p.title for p in game.presets.values()]
    for changed, said in (({"preset": "no_such_rules"}, titles), ({"game": "thirteen"}, ["Thirteen", "Euchre"])):
        at = AppTest.from_file(str(ROOT / "pages" / "euchre_table.py"), default_timeout=120)
        at.query_params["hand"] = encode_position({**data, **changed})
        at.run()
        _ok(at)
        text = " ".join(e.value for e in at.error)
        assert "not loaded" in text and all(s in text for s in said), text
        assert "known:" not in text and "no_such_rules'; known" not in text and "of thirteen;" not in text, text


def test_a_kept_game_is_replayed_in_the_new_language() -> None:
    """A learner who changes the language keeps the game on the Table; its commentary is replayed in the new
    language (the bots' shared hands are kept per language too)."""

    def page() -> None:
        import streamlit as st

        from engine.i18n import use_language
        from ui.table import render_table

        with use_language(st.session_state.get("test:lang", "en")):
            render_table("thirteen")

    at = AppTest.from_function(page, default_timeout=120).run()
    assert not at.exception
    english = at.session_state["thirteen:table:watch"]
    assert english.lang == "en"
    at.session_state["test:lang"] = "as"
    at.run()
    assert not at.exception
    assamese = at.session_state["thirteen:table:watch"]
    assert assamese.lang == "as" and assamese.record == english.record
    assert len(assamese.steps) == len(english.steps)
    assert at.button(key="thirteen:table:forward").label == "আগলৈ"
