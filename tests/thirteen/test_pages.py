"""AppTest of the Thirteen pages: scoring explorer, lessons (the position editor: test_editor_page.py)."""

import json

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

SC = "thirteen:scoring:"


def scoring(games: int = 60, **state) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "thirteen_scoring.py"), default_timeout=120)
    at.session_state[SC + "games"] = games
    for key, value in state.items():
        at.session_state[SC + key] = value
    return at.run()


def test_scoring_explorer_draws_every_chart() -> None:
    at = scoring()
    assert not at.exception, [e.value for e in at.exception]
    charts = at.get("plotly_chart")
    assert len(charts) == 6
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts]
    assert titles[0] == "Bombs in 240 dealt hands"
    assert "Finishing place by 2s held" in titles and "Game length" in titles
    match = json.loads(charts[-1].proto.spec)
    assert {t["name"] for t in match["data"]} == {"N (heuristic)", "E (random)", "S (random)", "W (random)"}
    assert at.metric[0].value == "60"


def test_scoring_explorer_with_three_players_and_card_scoring() -> None:
    at = scoring(40, players=3, scoring="cards", hero="random")
    assert not at.exception, [e.value for e in at.exception]
    match = json.loads(at.get("plotly_chart")[-1].proto.spec)
    assert len(match["data"]) == 3
    totals = at.dataframe[0].value
    assert totals["Total points"].sum() == 0, "card scoring: what the losers pay, the winner gets"


def test_scoring_explorer_with_twos_in_double_sequences() -> None:
    def double_sequence_share(at: AppTest) -> float:
        bombs = json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]
        return float(bombs["text"][list(bombs["x"]).index("double sequence of 3+ pairs")].rstrip("%"))

    off, on = scoring(80), scoring(80, twos_rule=True)
    assert not on.exception, [e.value for e in on.exception]
    assert on.toggle(key=SC + "twos_rule").value is True
    assert double_sequence_share(on) > double_sequence_share(off)


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
