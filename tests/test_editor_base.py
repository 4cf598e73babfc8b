"""The PositionEditor base (ui/editor.py): one behaviour for every editor, tested on the Thirteen editor (the
cheapest engine) under AppTest — loading from a link, a file and pasted JSON, a damaged link, Download disabled
while the position is impossible, the position and its rules surviving a visit to another page, the chosen play
staying in the hand, messages that quote input shown as plain text — and the Coach panel, with and without a game
that builds states from posed positions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from engine.contract import Game
from engine.errors import InvalidRequestError
from engine.thirteen import GAME, ThirteenGame
from tests.card_hand_testing import hand_data, names_of, press
from tests.conftest import ROOT
from ui.editor import LIST_LIMIT, coach_chart, contains, sentence, upload_text
from ui.nav import preset_key
from ui.share import encode_position
from ui.thirteen_editor import ThirteenEditor

ED = ThirteenEditor()
k = ED.k
PAGE = str(ROOT / "pages" / "thirteen_editor.py")


def editor() -> AppTest:
    return AppTest.from_file(PAGE, default_timeout=120)


def position(at: AppTest) -> dict[str, Any]:
    value = at.session_state[k("position")]
    assert isinstance(value, dict)
    return value


def shown(markdown: str) -> str:
    """Markdown as a reader sees it (messages that quote input are escaped)."""
    return markdown.replace("\\", "")


def messages(at: AppTest) -> list[str]:
    return [shown(m.value) for m in [*at.success, *at.info, *at.error, *at.warning]]


def no_exception(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def download(at: AppTest) -> Any:
    found = at.get("download_button")
    assert len(found) == 1
    return found[0]


def link_button(at: AppTest) -> Any:
    return at.button(key=k("link-button"))


def type_part(at: AppTest, part: str, text: str) -> AppTest:
    """Choose the part of the position to pose (a click on "Your hand" / "The table"), then type its cards."""
    at.button_group(key=k("w:part")).set_value(part).run()
    return at.text_input(key=k(f"w:text:{part}")).input(text).run()


# ------------------------------------------------------------------------------------------------ loading


def test_a_link_poses_its_position_with_its_preset() -> None:
    at = editor()
    at.query_params["pos"] = encode_position({"preset": "pagat", "hand": "3S 3H 9C 9D KH", "previous": "8C 8S"})
    at.run()
    no_exception(at)
    assert position(at) == {"preset": "pagat", "hand": "3S 3H 9C 9D KH", "table": "8S 8C", "passed": False,
                            "first_lead": False}
    assert at.session_state[preset_key("thirteen")] == "pagat"
    assert "Loaded the position from the link." in messages(at)
    assert names_of(at, k("hand")) == ["3♠", "3♥", "9♣", "9♦", "K♥"]
    assert [s.value for s in at.subheader][1] == "Every legal play (1)"


def test_a_damaged_link_is_refused_with_a_message_and_the_page_stays_usable() -> None:
    at = editor()
    at.query_params["pos"] = "this-is-not-a-position"
    at.run()
    no_exception(at)
    assert any("The link's position was not loaded" in m and "damaged" in m for m in messages(at))
    assert position(at)["hand"] == "3S 4S 5D 5H 2H"  # the default position, still judged
    press(at, k("hand"), "check", cards=parse_cards("5H 5D"))
    no_exception(at)
    assert any("legal" in s.value for s in at.success)


def test_a_link_to_an_impossible_position_is_refused_with_the_engines_reason() -> None:
    at = editor()
    at.query_params["pos"] = encode_position({"hand": "5D 6D", "table": "5D"})
    at.run()
    no_exception(at)
    assert any("not loaded" in m and "5♦" in m for m in messages(at))
    assert position(at)["hand"] == "3S 4S 5D 5H 2H"


def test_pasted_json_with_an_older_field_name_loads() -> None:
    at = editor().run()
    at.text_area(key=k("paste")).input(json.dumps({"hand": "QS QH 3C", "previous": "JS JC"})).run()
    at.button(key=k("load")).click().run()
    no_exception(at)
    assert "Position loaded." in messages(at)
    assert position(at)["table"] == "JS JC" and position(at)["hand"] == "3C QS QH"


def test_bad_pasted_json_is_a_message_and_changes_nothing() -> None:
    at = editor().run()
    before = position(at)
    at.text_area(key=k("paste")).input('{"hand": "3S", "tabel": ""}').run()
    at.button(key=k("load")).click().run()
    no_exception(at)
    assert any(m.startswith("The position was not loaded:") and "tabel" in m for m in messages(at))
    assert position(at) == before
    at.text_area(key=k("paste")).input("{not json").run()
    at.button(key=k("load")).click().run()
    assert any("not JSON" in m for m in messages(at))


class _Upload:
    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def getvalue(self) -> bytes:
        return self.raw


def test_a_json_file_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    # AppTest cannot upload a file: the uploader is replaced by one that "holds" a file (the browser test uploads
    # a real one).
    import streamlit as st

    saved = json.dumps({"preset": "seed", "hand": "7S 7H 7D", "trick": "", "table": "6S 6H 6C"}).encode()

    def uploader(label: str, *, key: str, **_: Any) -> Any:
        st.session_state[key] = _Upload(saved)
        return st.session_state[key]

    monkeypatch.setattr(st, "file_uploader", uploader)
    at = editor().run()
    at.button(key=k("load")).click().run()
    assert any("unknown field" in m and "trick" in m for m in messages(at))
    saved = json.dumps({"preset": "seed", "hand": "7S 7H 7D", "previous": "6S 6H 6C"}).encode()
    at.run()
    at.button(key=k("load")).click().run()
    no_exception(at)
    assert "Position loaded." in messages(at)
    assert position(at)["hand"] == "7S 7D 7H" and position(at)["table"] == "6S 6C 6H"


def test_upload_text_refuses_a_huge_file() -> None:
    assert upload_text(_Upload(b'{"hand": "3S"}')) == '{"hand": "3S"}'
    with pytest.raises(InvalidRequestError, match="bytes"):
        upload_text(_Upload(b" " * 2_000_000))


def test_an_example_loads_in_one_click_with_its_play() -> None:
    at = editor().run()
    names = list(ED.examples)
    at.button(key=k(f"example:{names.index('Chop a 2 with a bomb')}")).click().run()
    no_exception(at)
    assert position(at)["table"] == "2H"
    data = hand_data(at, k("hand"))
    assert len(data["sel"]) == 4  # the example's play, chosen in the hand
    assert any(s.value.startswith("**7♠ 7♣ 7♦ 7♥: legal.**") for s in at.success)


# ------------------------------------------------------------------------------------------------ saving


def test_download_is_disabled_with_the_reason_while_the_position_is_impossible() -> None:
    at = editor().run()
    assert not download(at).proto.disabled and not link_button(at).disabled
    type_part(at, "table", "5D 6D 7C")  # 5♦ is in the hand too
    no_exception(at)
    assert position(at)["table"] == "5D 6D 7C"
    assert at.error and "5♦" in at.error[0].value
    assert download(at).proto.disabled and "impossible" in download(at).proto.help
    assert link_button(at).disabled
    assert "Every legal play" not in " ".join(s.value for s in at.subheader)
    at.text_input(key=k("w:text:table")).input("8D").run()
    assert position(at)["table"] == "8D"
    assert not download(at).proto.disabled and not link_button(at).disabled


def test_put_it_in_the_link_writes_the_position_and_a_change_clears_a_stale_link() -> None:
    at = editor().run()
    link_button(at).click().run()
    assert at.query_params["pos"] == encode_position(position(at))
    type_part(at, "table", "9C")
    assert "pos" not in at.query_params


# ------------------------------------------------------------------------------------------------ posing


def test_posing_by_clicking_the_deck_sets_the_hand_with_the_table_counted_as_taken() -> None:
    at = editor().run()
    picker = hand_data(at, k("pick:hand"))
    names = [n for g in picker["groups"] for n in g["names"]]
    limits = dict(zip(names, picker["limits"], strict=True))
    assert limits["4♣"] == 0 and limits["4♦"] == 0 and limits["4♠"] == 1  # the table's cards are taken
    press(at, k("pick:hand"), "set", cards=parse_cards("3S 3H 6C 6D 2S"))
    no_exception(at)
    assert position(at)["hand"] == "3S 3H 6C 6D 2S"  # in the game's order, lowest first
    assert names_of(at, k("hand")) == ["3♠", "3♥", "6♣", "6♦", "2♠"]


def test_a_typed_hand_that_is_not_notation_is_quoted_as_plain_text() -> None:
    at = editor().run()
    at.text_input(key=k("w:text:hand")).input("3S [x](https://example.com) ZZ").run()
    no_exception(at)
    error = next(e.value for e in at.error if e.value.startswith("Not changed"))
    assert "[x]" not in error and "\\[x\\]" in error  # no Markdown link can come from the input
    assert position(at)["hand"] == "3S 4S 5D 5H 2H"


# ------------------------------------------------------------------------------------------------ the play


def test_the_chosen_play_stays_in_the_hand_and_is_judged() -> None:
    at = editor().run()
    press(at, k("hand"), "check", cards=parse_cards("5H 5D"))
    no_exception(at)
    assert position(at)["hand"] == "3S 4S 5D 5H 2H"
    assert names_of(at, k("hand")) == ["3♠", "4♠", "5♦", "5♥", "2♥"]
    assert hand_data(at, k("hand"))["sel"] == [2, 3]
    assert any(s.value.startswith("**5♦ 5♥: legal.**") for s in at.success)
    at.run()  # the play stays chosen on the next run
    assert hand_data(at, k("hand"))["sel"] == [2, 3]


def test_greyed_cards_carry_the_engines_reason_and_a_pass_is_judged() -> None:
    at = editor().run()
    why = hand_data(at, k("hand"))["why"]
    assert set(why) == {"0", "1", "4"}  # 3♠ 4♠ 2♥: in no legal play against a pair of 4s
    assert all(text.startswith("no legal play uses it: ") for text in why.values())
    press(at, k("hand"), "pass")
    assert any(s.value.startswith("**a pass: legal.**") for s in at.success)


def test_a_play_whose_cards_leave_the_hand_is_forgotten() -> None:
    at = editor().run()
    press(at, k("hand"), "check", cards=parse_cards("5H 5D"))
    at.text_input(key=k("w:text:hand")).input("3S 4S 5D 6H 2H").run()
    no_exception(at)
    assert not any("5♦ 5♥" in s.value for s in at.success)
    assert hand_data(at, k("hand"))["sel"] == []


def test_a_typed_play_must_come_from_the_hand() -> None:
    at = editor().run()
    at.text_input(key=k("w:text:play")).input("KS KH").run()
    assert any("not in your hand" in e.value for e in at.error)
    at.text_input(key=k("w:text:play")).input("5d 5h").run()
    assert any(s.value.startswith("**5♦ 5♥: legal.**") for s in at.success)


def test_the_legal_plays_are_counted_and_capped_at_the_list_limit() -> None:
    at = editor()
    at.query_params["pos"] = encode_position({"hand": "3S 3C 3D 4S 4C 4D 5S 5C 5D 6S 6C 6D 7S"})
    at.run()
    no_exception(at)
    heading = [s.value for s in at.subheader][1]
    count = int(heading.removeprefix("Every legal play (").removesuffix(")").replace(",", ""))
    assert count > LIST_LIMIT
    assert any(f"The first {LIST_LIMIT} shown" in c.value for c in at.caption)
    assert len(at.dataframe[0].value) == LIST_LIMIT


# ------------------------------------------------------------------------------------------------ the rules


def _app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page("pages/thirteen_editor.py")
    at.run()
    return at


def test_the_position_and_its_rules_survive_a_visit_to_another_page() -> None:
    at = _app()
    no_exception(at)
    at.text_input(key=k("w:text:hand")).input("9S 9H JD").run()
    at.session_state[preset_key("thirteen")] = "pagat"
    at.run()  # the sidebar changed while on the editor: the position takes its rules
    assert position(at)["preset"] == "pagat"
    at.switch_page("pages/thirteen_lessons.py")
    at.run()
    no_exception(at)
    at.session_state[preset_key("thirteen")] = "seed"  # changed elsewhere
    at.switch_page("pages/thirteen_editor.py")
    at.run()
    no_exception(at)
    assert position(at)["hand"] == "9S 9H JD"
    assert position(at)["preset"] == "pagat"
    assert at.session_state[preset_key("thirteen")] == "pagat"  # coming back brings the position's rules


# ------------------------------------------------------------------------------------------------ the coach


def test_the_coach_says_plainly_when_the_game_cannot_advise_on_posed_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ThirteenGame, "poses_positions", lambda self: False)
    at = editor().run()
    assert any("cannot advise on posed Thirteen" in i.value for i in at.info)
    assert k("coach:run") not in [b.key for b in at.button]


@pytest.fixture
def coachable(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Thirteen as it will be once it builds states from posed positions: a seeded deal stands in for the posed
    position (the panel is what is tested), the hidden cards are not re-dealt, and one process does the work."""
    import engine.advisor

    monkeypatch.setattr(ThirteenGame, "position_state", lambda self, request: self.new_game(self.rules(), 3))
    monkeypatch.setattr(ThirteenGame, "determinize", lambda self, state, seat, rng: state)
    monkeypatch.setattr(engine.advisor.os, "cpu_count", lambda: 1)
    monkeypatch.setattr(ThirteenEditor, "budget", 6)
    yield


def test_the_coach_ranks_the_options_in_a_chart_with_intervals_and_says_why(coachable: None) -> None:
    at = editor().run()
    assert not at.get("plotly_chart")
    at.button(key=k("coach:run")).click().run()
    no_exception(at)
    chart = at.get("plotly_chart")
    assert len(chart) == 1
    spec = json.loads(chart[0].proto.spec)
    bar = spec["data"][0]
    assert bar["type"] == "bar" and bar["orientation"] == "h"
    values = bar["x"]
    assert values == sorted(values, reverse=True)
    assert len(bar["error_x"]["array"]) == len(values)
    assert spec["layout"]["title"]["text"] == "Your average points, best first"
    assert "sampled deals" in bar["hovertemplate"]
    words = " ".join(m.value for m in at.markdown)
    assert "**Best:" in words and "Your play" not in words  # no play chosen yet
    assert any("Choose a play in your hand" in c.value for c in at.caption)


def test_the_coach_result_belongs_to_its_position(coachable: None) -> None:
    at = editor().run()
    at.button(key=k("coach:run")).click().run()
    assert at.get("plotly_chart")
    type_part(at, "table", "9C")
    assert not at.get("plotly_chart")  # a new position: the old advice is not shown


def test_the_coach_reports_a_game_that_cannot_sample_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ThirteenGame, "position_state", lambda self, request: self.new_game(self.rules(), 3))
    monkeypatch.setattr(ThirteenGame, "determinize", Game.determinize)
    at = editor().run()
    at.button(key=k("coach:run")).click().run()
    no_exception(at)
    assert any("cannot sample the hidden cards" in e.value for e in at.error)


# ------------------------------------------------------------------------------------------------ pure parts


def test_coach_chart_marks_ties_and_the_learners_play() -> None:
    from engine.advisor import Advice, Option

    state = GAME.new_game(GAME.rules(), 1)
    cards = [GAME.parse_action(state, t) for t in ("5H 5D", "9S", "KS")]
    options = (Option(cards[0], "5H 5D", 1.0, 0.5, 1.5, 10, True),
               Option(cards[1], "9S", 0.8, 0.1, 1.5, 10, True),
               Option(cards[2], "KS", -1.0, -1.4, -0.6, 10, False))
    advice = Advice(0, options, 10, 0.1)
    fig = coach_chart(GAME, advice, tuple(parse_cards("KS")))
    bar = fig.data[0]
    assert list(bar.y) == ["5♦ 5♥", "9♠", "K♠ (your play)"]
    assert list(bar.marker.color) == ["#15803d", "#65a30d", "#94a3b8"]
    assert list(bar.marker.line.width) == [0, 0, 3]
    assert list(bar.error_x.array) == pytest.approx([0.5, 0.7, 0.4])
    assert list(bar.error_x.arrayminus) == pytest.approx([0.5, 0.7, 0.4])
    assert "tied with the best" in bar.text[1] and "best" in bar.text[0]


def test_sentence_and_contains() -> None:
    assert sentence("Legal: K♥ K♥ is a pair") == "K♥ K♥ is a pair."
    assert sentence("the table holds a pair, so you must play a pair") == \
        "The table holds a pair, so you must play a pair."
    assert sentence("Not legal. You must follow.") == "You must follow."
    assert contains(parse_cards("5H 5H 6C"), parse_cards("5H 5H"))
    assert not contains(parse_cards("5H 6C"), parse_cards("5H 5H"))
