"""AppTest of the Thirteen pages: editor, scoring explorer, lessons."""

import json

from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from tests.conftest import ROOT
from ui.share import encode_position

ED = "thirteen:editor:"
SC = "thirteen:scoring:"


def editor() -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / "thirteen_editor.py"), default_timeout=120)


def _pick(at: AppTest, key: str, cards: str) -> None:
    """Set a card picker's pills (keys ``key:♠`` …, options ``5H#1``) as a click would."""
    rows = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
    chosen: dict[str, list[str]] = {sym: [] for sym in rows.values()}
    for text in cards.split():
        chosen[rows[text[-1]]].append(f"{text}#1")
    for sym, options in chosen.items():
        at.session_state[f"{key}:{sym}"] = options


def test_editor_lists_the_legal_plays_and_judges_a_play() -> None:
    at = editor().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Legal plays (1)" in [h.value for h in at.header]
    assert any("a pair of 4s (top 4♦)" in m.value for m in at.markdown)
    table = at.dataframe[0].value
    assert list(table["Play"]) == ["5♦ 5♥"]
    at.selectbox(key=ED + "try").set_value(parse_cards("5D 5H")).run()
    assert at.success and "beats a pair of 4s" in at.success[0].value
    at.toggle(key=ED + "passing").set_value(True).run()
    assert at.success and "locked out until the table clears" in at.success[0].value


def test_editor_explains_an_illegal_play() -> None:
    at = editor().run()
    _pick(at, ED + "play", "3S 4S")
    at.run()
    assert at.error and "3♠ 4♠ is not a pair" in at.error[0].value


def test_editor_lock_out_and_first_lead() -> None:
    at = editor().run()
    at.toggle(key=ED + "passed").set_value(True).run()
    assert "Legal plays (0)" in [h.value for h in at.header]
    assert any("you passed this round" in i.value for i in at.info)
    at.toggle(key=ED + "passed").set_value(False).run()
    at.button(key=ED + "clear").click().run()
    at.toggle(key=ED + "first").set_value(True).run()
    assert any("must contain" in m.value and "3♠" in m.value for m in at.markdown)
    plays = list(at.dataframe[0].value["Play"])
    assert plays == ["3♠"]


def test_editor_bad_positions_show_messages_not_tracebacks() -> None:
    at = editor().run()
    _pick(at, ED + "table", "4S 5S 6D")
    at.run()
    assert not at.exception
    assert at.error and "4♠ is both in your hand and on the table" in at.error[0].value
    _pick(at, ED + "table", "7S 9D")
    at.run()
    assert at.error and "the table must hold a combination" in at.error[0].value
    _pick(at, ED + "table", "")
    _pick(at, ED + "hand", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H")
    at.run()
    assert at.error and "at most 13 cards" in at.error[0].value


def test_editor_deals_a_seeded_hand() -> None:
    at = editor().run()
    at.number_input(key=ED + "seed").set_value(3).run()
    at.button(key=ED + "deal").click().run()
    assert not at.exception
    assert sum(len(at.session_state[f"{ED}hand:{s}"]) for s in "♠♥♣♦") == 13
    assert sum(len(at.session_state[f"{ED}table:{s}"]) for s in "♠♥♣♦") == 0
    assert "Legal plays" in at.header[0].value and at.session_state[ED + "seed"] == 4


def test_editor_loads_json_and_refuses_bad_json() -> None:
    at = editor().run()
    position = {"preset": "pagat", "options": {"players": 3}, "hand": "7S 7C 7D 7H 9S", "previous": "2H",
                "passed": True, "first_lead": False}
    at.text_area(key=ED + "share:paste").input(json.dumps(position)).run()
    at.button(key=ED + "share:load").click().run()
    assert at.success and "Position loaded" in at.success[0].value
    assert at.session_state["sidebar:preset:thirteen"] == "pagat"
    assert at.session_state[ED + "players"] == 3 and at.session_state[ED + "passed"] is True
    at.text_area(key=ED + "share:paste").input('{"hand": "3S 3S"}').run()
    at.button(key=ED + "share:load").click().run()
    assert at.error and "Not loaded" in at.error[0].value and "3♠ appears 2 times" in at.error[0].value
    at.text_area(key=ED + "share:paste").input("{not json").run()
    at.button(key=ED + "share:load").click().run()
    assert at.error and "not JSON" in at.error[0].value


def test_editor_house_rule_toggle_for_twos_in_double_sequences() -> None:
    at = editor().run()
    _pick(at, ED + "hand", "KS KH AS AH 2S 2H 5D")
    _pick(at, ED + "table", "2D")
    at.run()
    assert not at.exception
    assert list(at.dataframe[0].value["Play"]) == ["2♥"]
    _pick(at, ED + "play", "KS KH AS AH 2S 2H")
    at.run()
    assert at.error and "the house rule “2s in double sequences” lets pairs of 2s end one" in at.error[0].value
    at.toggle(key=ED + "twos").set_value(True).run()
    assert [list(d.value["Play"]) for d in at.dataframe] == [["2♥"], ["K♠ K♥ A♠ A♥ 2♠ 2♥"]]
    assert at.success and "still a double sequence of 3 pairs" in at.success[0].value
    saved = json.loads(at.code[-1].value)
    assert saved["options"] == {"twos_in_double_sequences": True}
    assert saved["table"] == "2D" and "previous" not in saved, "saved files use the shared field name"


def test_editor_loads_a_position_with_the_twos_option() -> None:
    at = editor().run()
    position = {"preset": "seed", "options": {"twos_in_double_sequences": True}, "hand": "KS KH AS AH 2S 2H",
                "table": "QD QC KD KC AD AC", "passed": False, "first_lead": False}
    at.text_area(key=ED + "share:paste").input(json.dumps(position)).run()
    at.button(key=ED + "share:load").click().run()
    assert at.success and "Position loaded" in at.success[0].value
    assert at.session_state[ED + "twos"] is True
    assert list(at.dataframe[0].value["Play"]) == ["K♠ K♥ A♠ A♥ 2♠ 2♥"]
    at.text_area(key=ED + "share:paste").input(json.dumps({**position, "options": {"bomb_ladder": True}})).run()
    at.button(key=ED + "share:load").click().run()
    assert at.error and "the editor sets only the options players and twos_in_double_sequences" in at.error[0].value


def test_editor_opens_a_shared_link() -> None:
    at = editor()
    at.query_params["pos"] = encode_position({"preset": "seed", "hand": "9S 9H 2D", "previous": "8S 8C",
                                              "passed": False, "first_lead": False})
    at.run()
    assert not at.exception
    assert list(at.dataframe[0].value["Play"]) == ["9♠ 9♥"]
    bad = editor()
    bad.query_params["pos"] = "not-a-position"
    bad.run()
    assert not bad.exception and bad.error and "damaged" in bad.error[0].value


def scoring(**state) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "thirteen_scoring.py"), default_timeout=120)
    for key, value in state.items():
        at.session_state[SC + key] = value
    return at.run()


def test_scoring_explorer_draws_every_chart_at_once_from_the_shipped_default() -> None:
    at = scoring()
    assert not at.exception, [e.value for e in at.exception]
    charts = at.get("plotly_chart")
    assert len(charts) == 6
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts]
    assert titles[0] == "Bombs in 1,200 dealt hands"
    assert "Finishing place by 2s held" in titles and "Game length" in titles
    match = json.loads(charts[-1].proto.spec)
    assert {t["name"] for t in match["data"]} == {"N (heuristic)", "E (random)", "S (random)", "W (random)"}
    assert at.metric[0].value == "300"
    assert not at.button, "nothing to run for the default: no Run button"


def test_scoring_explorer_with_three_players_and_card_scoring() -> None:
    at = scoring(players=3, scoring="cards", hero="random")
    assert not at.exception, [e.value for e in at.exception]
    match = json.loads(at.get("plotly_chart")[-1].proto.spec)
    assert len(match["data"]) == 3
    totals = at.dataframe[0].value
    assert totals["Total points"].sum() == 0, "card scoring: what the losers pay, the winner gets"
    wins = at.dataframe[1].value
    assert wins["Matches won"].sum() >= 40, "every match has a winner (a tie counts for each)"


def test_scoring_explorer_with_twos_in_double_sequences() -> None:
    def double_sequence_share(at: AppTest) -> float:
        bombs = json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]
        return float(bombs["text"][list(bombs["x"]).index("3+ pairs in a row")].rstrip("%"))

    off, on = scoring(), scoring(twos_rule=True)
    assert not on.exception, [e.value for e in on.exception]
    assert on.toggle(key=SC + "twos_rule").value is True
    assert double_sequence_share(on) > double_sequence_share(off)


def test_the_scoring_choice_and_the_match_shown_re_score_without_simulating(monkeypatch) -> None:
    import ui.simulation

    calls: list[int] = []
    real = ui.simulation._compute

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(ui.simulation, "_compute", counted)
    at = scoring(players=2, seed=77)
    assert not at.exception and len(calls) == 2, "a new setting simulates games and matches once each"
    places = at.dataframe[0].value["Total points"].sum()
    at.radio(key=SC + "scoring").set_value("cards").run()
    assert not at.exception and at.dataframe[0].value["Total points"].sum() == 0 != places
    at.slider(key=SC + "which-match").set_value(4).run()
    title = json.loads(at.get("plotly_chart")[-1].proto.spec)["layout"]["title"]["text"]
    assert title.startswith("Match 4:") and len(calls) == 2, "nothing was simulated again"


def test_a_bigger_run_waits_for_its_button() -> None:
    at = scoring(size=2000)
    assert not at.exception, [e.value for e in at.exception]
    assert any("Run the simulation (2,000 games)" in b.label for b in at.button)
    assert any("until the bigger run has finished" in c.value for c in at.caption)
    assert at.metric[0].value == "300"


def test_the_shipped_defaults_still_match_the_engine() -> None:
    import pandas as pd

    from engine.sim import simulate_rows
    from engine.thirteen import GAME
    from ui import thirteen_scoring as sc
    from ui.simulation import DATA, file_name

    for game, games, seed, options in sc.shipped_defaults():
        path = DATA / file_name(game, games, seed, options)
        assert path.exists(), f"{path.name} is missing: run python -m ui.thirteen_scoring"
        shipped = pd.read_parquet(path)
        assert len(shipped) == games
        fresh = pd.DataFrame(simulate_rows(GAME, 3, seed, options))
        for column in fresh.columns:
            assert list(shipped[column][:3]) == list(fresh[column]), (path.name, column)


def test_lessons_page_walk_and_an_exercise() -> None:
    at = AppTest.from_file(str(ROOT / "pages" / "thirteen_lessons.py"), default_timeout=120).run()
    assert not at.exception
    assert at.header[0].value.startswith("The goal")
    at.radio(key="thirteen:lesson:01-goal:answer:3").set_value("West").run()
    assert at.success and "West holds 3♠" in at.success[0].value
    at.button(key="thirteen:lesson:index:next").click().run()
    assert at.header[0].value == "Card and suit order"
    at.radio(key="thirteen:lesson:02-card-order:answer:5").set_value("KH").run()
    assert at.error and "Not quite" in at.error[0].value
