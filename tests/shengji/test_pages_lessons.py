"""AppTest of the Shengji lesson page: every lesson renders, exercises get the engine's feedback, deal another
works, and the extra pieces (the trump-order explorer, the presets' differences) respond."""

from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from engine.command_tables import json_commands
from engine.lessons import load_lessons
from tests.card_hand_testing import press
from tests.conftest import ROOT

INDEX = "shengji:lesson:index"
SLUGS = [lesson.slug for lesson in load_lessons("shengji")]


def lessons(slug: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "shengji_lessons.py"), default_timeout=120)
    if slug is not None:
        at.session_state[INDEX] = SLUGS.index(slug)
    return at.run()


def test_the_issue_lists_thirteen_lessons_in_order() -> None:
    assert [s.split("-", 1)[0] for s in SLUGS] == [f"{i:02d}" for i in range(1, 14)]
    assert {"07-tractors", "08-throws", "09-following", "13-presets"} <= set(SLUGS)


def test_tractor_exercise_deals_fresh_cards_judged_by_the_engine() -> None:
    commands = json_commands("shengji")
    first = commands["example"]({"kind": "tractor", "seed": 13})
    at = lessons("07-tractors")
    assert not at.exception
    assert not any("Worked example" in m.value for m in at.markdown), "the text's worked examples are not the quiz"
    key = "shengji:lesson:07-tractors:answer:13"
    truth = commands["is_tractor"]({k: first[k] for k in ("trump_rank", "trump_suit", "cards")})["tractor"]
    at.radio(key=key).set_value("Yes" if truth else "No").run()
    assert at.success and at.success[0].value.startswith("Right. ")
    seed = next(s for s in range(14, 60) if not commands["is_tractor"](
        {k: commands["example"]({"kind": "tractor", "seed": s})[k] for k in ("trump_rank", "trump_suit", "cards")}
    )["tractor"])
    for _ in range(14, seed + 1):
        at.button(key="shengji:lesson:07-tractors:seed:again").click().run()
    assert not at.success, "a new deal is a new exercise"
    at.radio(key=f"shengji:lesson:07-tractors:answer:{seed}").set_value("Yes").run()
    assert at.error and at.error[0].value.startswith("Not quite."), "a wrong answer first gets a hint"
    at.button(key=f"shengji:lesson:07-tractors:answer:{seed}:why").click().run()
    assert at.info and at.info[0].value.startswith("Why: No"), [i.value for i in at.info]


def test_following_exercise_judges_picked_cards() -> None:
    at = lessons("09-following")
    assert not at.exception
    press(at, "shengji:lesson:09-following:answer:1", "check", cards=parse_cards("JS 9S"))
    assert at.error and at.error[0].value.startswith("Not quite.")
    at.button(key="shengji:lesson:09-following:answer:1:why").click().run()
    assert any("you must play a pair of ♠" in i.value for i in at.info)
    press(at, "shengji:lesson:09-following:answer:1", "check", cards=parse_cards("4S 4S"))
    assert at.success and at.success[0].value.startswith("Right. 4♠ 4♠ is a pair of ♠")


def test_trump_order_explorer_draws_any_order() -> None:
    at = lessons("03-trump-order")
    assert not at.exception
    at.selectbox(key="shengji:lesson:extra:rank").set_value("2").run()
    at.radio(key="shengji:lesson:extra:suit").set_value("H").run()
    assert any("RJ > BJ > 2♥ > 2♠ = 2♦ = 2♣ > A♥" in m.value for m in at.markdown)
    at.radio(key="shengji:lesson:extra:suit").set_value("none").run()
    assert any("RJ > BJ > 2♠ = 2♥ = 2♦ = 2♣" in m.value for m in at.markdown)


def test_presets_lesson_lists_the_differences() -> None:
    at = lessons("13-presets")
    assert not at.exception
    table = next(d.value for d in at.dataframe if "Option" in d.value.columns)
    assert len(table) == 6
    row = table[table["Option"] == "A tractor must follow a tractor"].iloc[0]
    assert row["competition"] == "yes" and row["tractor"].startswith("no")
    assert table[table["Option"].str.startswith("Failed throw")].iloc[0]["tractor"] == "10"


def test_every_lesson_has_an_example_and_exercise_and_deals_another() -> None:
    at = lessons()
    for i, slug in enumerate(SLUGS):
        at.session_state[INDEX] = i
        at.run()
        assert not at.exception and not at.error, slug
        assert any(m.value.startswith("#### Live example") for m in at.markdown), slug
        assert any(m.value == "#### Try it" for m in at.markdown), slug
        at.button(key=f"shengji:lesson:{slug}:seed:again").click().run()
        assert not at.exception and not at.error, slug
