"""AppTest of the Thirteen pages: scoring explorer, lessons (the position editor: test_editor_page.py)."""

import json

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

SC = "thirteen:scoring:"


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

    for game, games, seed, options in sc.quick_defaults():
        path = DATA / file_name(game, games, seed, options)
        assert path.exists(), f"{path.name} is missing: run python -m ui.scoring"
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
