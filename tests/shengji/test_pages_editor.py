"""AppTest of the Shengji position editor: pose a position, read the ladder and the legal plays, judge plays,
throws and tricks, save/load/share — and bad input as messages."""

import json

from streamlit.testing.v1 import AppTest

from engine.shengji import COMMANDS
from tests.conftest import ROOT
from ui import shengji_editor as ui
from ui.share import encode_position


def editor() -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / "shengji_editor.py"), default_timeout=120)


def headers(at: AppTest) -> list[str]:
    return [h.value for h in at.header]


def typed(at: AppTest, key: str, text: str) -> None:
    at.text_input(key=ui.TYPED[key]).input(text).run()


def pick_play(at: AppTest, cards: str) -> None:
    """Set the play picker's pills (keys ``…:play:♥``, options ``KH#1``) as clicks would."""
    rows = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
    chosen: dict[str, list[str]] = {sym: [] for sym in rows.values()} | {"Jokers": []}
    seen: dict[str, int] = {}
    for text in cards.split():
        seen[text] = seen.get(text, 0) + 1
        row = "Jokers" if text in ("BJ", "RJ") else rows[text[-1]]
        chosen[row].append(f"{text}#{seen[text]}")
    for row, options in chosen.items():
        at.session_state[f"{ui.PLAY}:{row}"] = options
    at.run()


def test_opens_on_a_tractor_lead_with_the_ladder_and_the_plays() -> None:
    at = editor().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Legal plays (3)" in headers(at)
    assert "you must play two pairs of ♥" in at.info[0].value
    ladder = [m.value for m in at.markdown if "badge[" in m.value]
    assert len(ladder) == 4
    assert "✗ cannot" in ladder[0] and "tractor of two pairs" in ladder[0]
    assert "✓ required" in ladder[1] and "two pairs of ♥" in ladder[1]
    assert "weaker" in ladder[2] and "weaker" in ladder[3]
    plays = list(at.dataframe[0].value["Play"])
    assert plays == ["K♥ K♥ 8♥ 8♥", "K♥ K♥ 6♥ 6♥", "8♥ 8♥ 6♥ 6♥"]
    assert set(at.dataframe[0].value["What it is"]) == {"two pairs of ♥"}
    assert at.success[0].value.startswith("K♥ K♥ 8♥ 8♥ is two pairs of ♥")


def test_pose_a_tractor_lead_by_typing_and_judge_plays() -> None:
    at = editor().run()
    typed(at, ui.HAND, "KH KH QH QH 9H 9H 7H 3C BJ")
    typed(at, ui.LEAD, "6H 6H 5H 5H")
    at.selectbox(key=ui.RANK).set_value("2").run()
    assert not at.exception and not at.error
    assert "Legal plays (1)" in headers(at)
    assert list(at.dataframe[0].value["Play"]) == ["K♥ K♥ Q♥ Q♥"]
    assert "you must play a tractor of two pairs of ♥" in at.info[0].value
    pick_play(at, "KH KH 9H 9H")
    assert at.error and "Not legal." in at.error[0].value and "two pairs of ♥" in at.error[0].value
    at.selectbox(key=ui.TRY).set_value("KH KH QH QH").run()
    assert at.success and at.success[0].value.startswith("K♥ K♥ Q♥ Q♥ is a tractor")


def test_the_tractor_preset_asks_only_for_pairs() -> None:
    at = editor()
    at.session_state["sidebar:preset:shengji"] = "tractor"
    at.run()
    typed(at, ui.HAND, "KH KH QH QH 9H 9H 7H 3C BJ")
    typed(at, ui.LEAD, "6H 6H 5H 5H")
    at.selectbox(key=ui.RANK).set_value("2").run()
    assert "Legal plays (3)" in headers(at)
    pick_play(at, "KH KH 9H 9H")
    assert at.success and "two pairs of ♥" in at.success[0].value


def test_bad_input_gives_messages_not_tracebacks() -> None:
    at = editor().run()
    typed(at, ui.HAND, "KH XQ")
    assert not at.exception
    assert any("Not changed" in e.value and "'XQ'" in e.value for e in at.error)
    typed(at, ui.HAND, "AS AS AS")
    assert any("only 2 copies" in e.value for e in at.error)
    typed(at, ui.HAND, "9H 9H 3C 4C 5C")  # the lead already holds both 9♥ of two decks
    assert not at.exception
    assert any("9♥ appears 4 times" in e.value for e in at.error)
    typed(at, ui.HAND, "3C 4C 5C")
    typed(at, ui.LEAD, "9H 9C")
    assert any("mixes suits" in e.value for e in at.error)


def test_leading_lists_plays_with_more_and_judges_a_throw() -> None:
    at = editor().run()
    at.selectbox(key=ui.EXAMPLE).set_value(next(n for n in ui.EXAMPLES if "Q44" in n)).run()
    assert not at.exception
    assert at.info[0].value.startswith("You lead")
    assert at.warning and "the next player (W) chooses which you must lead: 4♥ 4♥ or Q♥" in at.warning[0].value
    at.text_input(key=ui.OTHERS["S"]).input("2D 8S 7H 6H 2H JC 9C KD").run()
    assert "S holds" not in at.warning[0].value and "you must lead Q♥" in at.warning[0].value
    at.text_input(key=ui.OTHERS["W"]).input("BJ 10S JH 3H AC KC 5C 4D").run()
    assert at.success and "the throw 4♥ 4♥ + Q♥ stands" in at.success[0].value


def test_more_lists_five_times_as_many_plays() -> None:
    at = editor().run()
    at.selectbox(key=ui.EXAMPLE).set_value(next(n for n in ui.EXAMPLES if "6-card throw" in n)).run()
    assert "Legal plays (74,674, the first 200 listed)" in headers(at)
    assert at.info[0].value.startswith("You have no ♥")
    at.button(key=ui.EDITOR + "more").click().run()
    assert "Legal plays (74,674, the first 1,000 listed)" in headers(at)
    assert len(at.dataframe[0].value) == 1000


def test_decks_and_seeded_deal() -> None:
    at = editor().run()
    at.radio(key=ui.DECKS).set_value(1).run()
    assert not at.exception
    # the second copies are dropped; 20 cards are too many for one deck, and the page says so
    assert any("a hand of 20 cards is more than a player holds in the tricks (12 with one deck" in e.value
               for e in at.error)
    at.radio(key=ui.DECKS).set_value(3).run()
    at.number_input(key=ui.SEED).set_value(7).run()
    at.button(key=ui.EDITOR + "deal").click().run()
    assert not at.exception and not at.error
    assert at.info[0].value.startswith("You lead")
    assert all(len(at.text_input(key=k).value.split()) == 39 for k in ui.OTHERS.values())


def test_a_complete_trick_names_its_winner() -> None:
    at = editor().run()
    assert "S wins with trumps 3♠ 3♠ 2♠ 2♠" in at.success[-1].value
    at.text_input(key=ui.TRICK[2]).input("").run()
    at.text_input(key=ui.TRICK[3]).input("").run()
    assert "So far (2 of 4 plays): N wins" in at.success[-1].value
    at.text_input(key=ui.TRICK[3]).input("AH 5H 4H 4H").run()
    assert any("without gaps" in c.value for c in at.caption)
    at.text_input(key=ui.TRICK[2]).input("QH QH").run()
    assert at.error and "play 3 has 2 cards but the lead has 4" in at.error[0].value


def test_save_load_and_share() -> None:
    at = editor().run()
    saved = json.loads(at.code[-1].value)
    assert saved["hand"].startswith("BJ 10S") and saved["table"] == "JH JH 9H 9H"
    assert COMMANDS["legal"](saved)["count"] == 3  # the saved JSON is what the command line reads
    position = {"preset": "tractor", "decks": 2, "trump_rank": "2", "trump_suit": "H",
                "hand": "KH KH QH QH 9H 9H 7H 3C BJ", "lead": "6H 6H 5H 5H"}
    at.text_area(key=ui.SHARE + ":paste").input(json.dumps(position)).run()
    at.button(key=ui.SHARE + ":load").click().run()
    assert not at.exception
    assert at.session_state["sidebar:preset:shengji"] == "tractor"
    assert at.radio(key=ui.SUIT).value == "H"
    at.text_area(key=ui.SHARE + ":paste").input('{"hand": "KH", "lead": "9H 9C", "trump_suit": "S"}').run()
    at.button(key=ui.SHARE + ":load").click().run()
    assert any("Not loaded" in e.value and "mixes suits" in e.value for e in at.error)


def test_a_link_poses_the_position() -> None:
    position = {"preset": "competition", "decks": 2, "trump_rank": "10", "trump_suit": "S",
                "hand": "AH AH KH 3H 3C", "lead": "9H 9H"}
    at = editor()
    at.query_params["pos"] = encode_position(position)
    at.run()
    assert not at.exception
    assert any("Loaded the position from the link" in s.value for s in at.success)
    assert "Legal plays (1)" in headers(at)
    broken = editor()
    broken.query_params["pos"] = "not-a-position"
    broken.run()
    assert not broken.exception
    assert any("link" in e.value and "damaged" in e.value for e in broken.error)


def test_rule_options_turn_order_and_failed_throws() -> None:
    at = editor().run()
    at.selectbox(key=ui.EXAMPLE).set_value(next(n for n in ui.EXAMPLES if "Q44" in n)).run()
    assert "the next player (W) chooses" in at.warning[0].value
    assert [t.label for t in at.text_input if t.key in ui.OTHERS.values()] == ["W's hand", "S's hand", "E's hand"]
    at.radio(key=ui.TURN_ORDER).set_value("clockwise").run()
    assert not at.exception
    # clockwise, E plays after N: E chooses, and the other hands are asked for in turn order
    assert "the next player (E) chooses which you must lead: 4♥ 4♥ or Q♥" in at.warning[0].value
    assert [t.label for t in at.text_input if t.key in ui.OTHERS.values()] == ["E's hand", "S's hand", "W's hand"]
    assert any("Turn order N → E → S → W" in c.value for c in at.caption)
    assert [t.label for t in at.text_input if t.key in ui.TRICK] == ["N leads", "E plays", "S plays", "W plays"]
    at.text_input(key=ui.TRICK[1]).input("AH AH").run()
    assert at.success[-1].value.startswith("The trick: E wins with the highest pair")  # the second to play
    saved = json.loads(at.code[-1].value)
    assert saved["options"] == {"turn_order": "clockwise"}
    assert COMMANDS["throw"]({**saved, "play": "QH 4H 4H"})["chooser"] == "E"
    # the next player may choose among every failing part: A♥ Q♥ 9♥ against K♥
    at.radio(key=ui.FAILED_PART).set_value("next_player_chooses").run()
    typed(at, ui.HAND, "AH QH 9H 3C")
    at.text_input(key=ui.OTHERS["E"]).input("KH 2C").run()
    at.text_input(key=ui.OTHERS["S"]).input("2D").run()
    at.text_input(key=ui.OTHERS["W"]).input("3D").run()
    pick_play(at, "AH QH 9H")
    assert "the next player (E) chooses which you must lead: 9♥ or Q♥" in at.warning[0].value
    assert json.loads(at.code[-1].value)["options"] == {"turn_order": "clockwise",
                                                       "failed_throw_part": "next_player_chooses"}


def test_a_saved_position_keeps_its_options() -> None:
    at = editor().run()
    position = {"preset": "competition", "decks": 2, "trump_rank": "2", "trump_suit": "S", "hand": "QH 4H 4H 3C",
                "lead": "", "options": {"turn_order": "clockwise"},
                "others": {"W": "5H 5H", "S": "AH", "E": "2C"}}
    at.text_area(key=ui.SHARE + ":paste").input(json.dumps(position)).run()
    at.button(key=ui.SHARE + ":load").click().run()
    assert not at.exception and at.radio(key=ui.TURN_ORDER).value == "clockwise"
    pick_play(at, "QH 4H 4H")
    assert "the next player (E) chooses" in at.warning[0].value
    at.text_area(key=ui.SHARE + ":paste").input(json.dumps({**position, "options": {"kitty_size": 6}})).run()
    at.button(key=ui.SHARE + ":load").click().run()
    assert any("Not loaded" in e.value and "'kitty_size'" in e.value for e in at.error)
    at.text_area(key=ui.SHARE + ":paste").input(json.dumps({**position, "options": {"turn_order": "up"}})).run()
    at.button(key=ui.SHARE + ":load").click().run()
    assert any("Not loaded" in e.value and "is one of counter-clockwise, clockwise, not 'up'" in e.value
               for e in at.error)
    # a position without options puts the defaults back
    at.text_area(key=ui.SHARE + ":paste").input(json.dumps({k: v for k, v in position.items() if k != "options"}))
    at.run()
    at.button(key=ui.SHARE + ":load").click().run()
    assert at.radio(key=ui.TURN_ORDER).value == "counter-clockwise"
