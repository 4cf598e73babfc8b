"""Every lesson of every game: it parses, the engine agrees with each claim, its example deals with any
seed, its exercise judges the recorded answers as the lesson says, its placeholders name values the example
has, and its page renders. Also the format's optional fields (hint, after, quality, pages, editor, table,
placeholders) on the demo game, and the lesson page's flow: a wrong answer gets a hint, then the explanation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import format_cards
from engine.command_tables import json_commands
from engine.games import GAMES
from engine.lessons import (
    Lesson,
    LessonFormatError,
    check_claim,
    editor_position,
    example_request,
    fill_text,
    find_lesson,
    judge,
    load_lessons,
    lookup,
    parse_lesson,
    placeholders,
    table_record,
)
from tests.conftest import ROOT
from tests.fixtures import demo_game
from ui.lessons import parse_any_cards

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"
GAME_LESSONS = [(g, lesson) for g in GAMES for lesson in load_lessons(g)]
ALL = [("demo", lesson, demo_game.COMMANDS) for lesson in load_lessons("demo", FIXTURES)]
ALL += [(g, lesson, json_commands(g)) for g, lesson in GAME_LESSONS]
IDS = [f"{g}/{lesson.slug}" for g, lesson, _ in ALL]
RESEEDS = (2, 7, 31, 1234, 99991)


@pytest.mark.parametrize(("game", "lesson", "commands"), ALL, ids=IDS)
def test_claims_hold(game: str, lesson: Lesson, commands) -> None:
    for claim in lesson.claims:
        assert claim.command in commands, f"{lesson.path}: no command {claim.command!r}"
        problems = check_claim(claim, commands[claim.command])
        assert not problems, f"{lesson.path}: claim {claim.text!r}: {problems}"


@pytest.mark.parametrize(("game", "lesson", "commands"), ALL, ids=IDS)
def test_example_and_exercise(game: str, lesson: Lesson, commands) -> None:
    assert lesson.body, f"{lesson.path}: the lesson has no text"
    example_answer, seed = None, None
    if lesson.example is not None:
        seed = lesson.example.request.get("seed") if lesson.example.reseed else None
        example_answer = commands[lesson.example.command](example_request(lesson.example, seed))
        for row in lesson.example.show:
            lookup(example_answer, row.path)
    exercise = lesson.exercise
    if exercise is None:
        return
    assert exercise.tests, f"{lesson.path}: the exercise needs [[exercise.tests]] with answers and verdicts"
    assert any(t["right"] for t in exercise.tests) or exercise.input == "cards", \
        f"{lesson.path}: no test answer is right"
    for test in exercise.tests:
        feedback = judge(exercise, test["answer"], commands[exercise.command], example_answer, seed)
        assert feedback.right == test["right"], (
            f"{lesson.path}: answer {test['answer']!r} judged {feedback.right}, lesson says {test['right']}: "
            f"{feedback.message}"
        )
        if exercise.explain:
            assert feedback.message, f"{lesson.path}: the engine gave no explanation for {test['answer']!r}"


@pytest.mark.parametrize(("game", "lesson", "commands"), [a for a in ALL if a[1].example and a[1].example.reseed],
                         ids=[i for a, i in zip(ALL, IDS, strict=True) if a[1].example and a[1].example.reseed])
def test_reseeded_examples_work(game: str, lesson: Lesson, commands) -> None:
    assert lesson.example is not None
    for seed in RESEEDS:
        answer = commands[lesson.example.command](example_request(lesson.example, seed))
        for row in lesson.example.show:
            lookup(answer, row.path)
        _placeholders_resolve(lesson, answer)
        exercise = lesson.exercise
        if exercise is not None and exercise.tests:
            judge(exercise, exercise.tests[0]["answer"], commands[exercise.command], answer, seed)


def _placeholders_resolve(lesson: Lesson, answer) -> None:
    texts = [lesson.example.caption if lesson.example else ""]
    if lesson.exercise is not None:
        texts += [lesson.exercise.prompt, lesson.exercise.hint]
    for text in texts:
        for path in placeholders(text):
            lookup(answer, path)  # InvalidRequestError names the missing value
        assert "{example." not in fill_text(text, answer), f"{lesson.path}: {text!r}"


@pytest.mark.parametrize(("game", "lesson", "commands"), ALL, ids=IDS)
def test_placeholders_name_values_of_the_example(game: str, lesson: Lesson, commands) -> None:
    if lesson.example is None:
        return
    seed = lesson.example.request.get("seed") if lesson.example.reseed else None
    _placeholders_resolve(lesson, commands[lesson.example.command](example_request(lesson.example, seed)))


def test_lesson_format_errors_name_the_file() -> None:
    with pytest.raises(LessonFormatError, match="x.md"):
        parse_lesson("no header", "demo", "x", Path("x.md"))
    with pytest.raises(LessonFormatError, match="missing 'title'"):
        parse_lesson("+++\nsummary = 'a'\n+++\nbody", "demo", "x", Path("x.md"))


def _header(extra: str) -> str:
    return f'+++\ntitle = "T"\n{extra}\n+++\nbody'


def test_new_fields_parse_and_old_files_read_as_before() -> None:
    demo = {lesson.slug: lesson for lesson in load_lessons("demo", FIXTURES)}
    low = demo["03-lowest"]
    assert low.example is not None and low.exercise is not None
    assert [row.after for row in low.example.show] == [False, True]
    assert low.exercise.hint.startswith("Look for the smallest")
    assert placeholders(low.exercise.prompt) == ("count", "opener")
    assert demo["04-discard"].exercise.quality == "grade" and demo["04-discard"].pages == ("table",)
    old = demo["02-higher"]
    assert old.exercise is not None and old.exercise.hint == "" and old.exercise.quality is None
    assert old.pages == () and old.example is None


@pytest.mark.parametrize(("extra", "message"), [
    ('[example]\ncommand = "deal"\nshow = [{ label = "a", path = "b", after = "yes" }]', "'after'"),
    ('pages = ["nowhere"]', "pages"),
    ('[example]\ncommand = "deal"\ncaption = "{example}"', "placeholder"),
    ('[exercise]\nprompt = "Is {example.x} high?"\ninput = "yes_no"\ncommand = "c"\nanswer_field = "a"',
     "need an \\[example\\]"),
    ('[exercise]\nprompt = "p"\nhint = 3\ninput = "yes_no"\ncommand = "c"\nanswer_field = "a"', "hint is text"),
    ('[example]\ncommand = "deal"\neditor = 3', "editor"),
])
def test_format_refuses_bad_new_fields(extra: str, message: str) -> None:
    with pytest.raises(LessonFormatError, match=message):
        parse_lesson(_header(extra), "demo", "x", Path("x.md"))


def test_placeholders_are_written_in_words() -> None:
    from ui.lessons import words

    example = {"card": "10S", "yes": True, "no": False, "none": None, "list": ["N", "E"], "seat": {"N": 3}}
    text = "{example.card} {example.yes} {example.no} {example.none} {example.list} {example.seat}"
    assert fill_text(text, example, words) == "10♠ yes no none N and E North: 3"
    with pytest.raises(ValueError, match="'missing'"):
        fill_text("{example.missing}", example, words)


def test_quality_grades_a_legal_answer() -> None:
    lesson = next(x for x in load_lessons("demo", FIXTURES) if x.slug == "04-discard")
    assert lesson.exercise is not None and lesson.example is not None
    answer = demo_game.deal(dict(lesson.example.request))
    poor = judge(lesson.exercise, "2H KS", demo_game.discard, answer, 3)
    assert (poor.right, poor.legal, poor.grade, poor.poor) == (False, True, "poor", True)
    assert "K♠" in poor.message
    good = judge(lesson.exercise, "2H 4D", demo_game.discard, answer, 3)
    assert (good.right, good.poor) == (True, False)
    illegal = judge(lesson.exercise, "2H", demo_game.discard, answer, 3)
    assert (illegal.right, illegal.legal, illegal.poor) == (False, False, False)


def test_a_link_names_a_lesson_by_number_or_slug() -> None:
    lessons = load_lessons("demo", FIXTURES)
    assert find_lesson(lessons, "1") == 0 and find_lesson(lessons, " 2 ") == 1
    assert find_lesson(lessons, "02-higher") == 1 and find_lesson(lessons, "02-HIGHER") == 1
    for bad in ("0", "5", "-1", "", "abc", "1" * 40, "2.0", "<b>1</b>"):
        assert find_lesson(lessons, bad) is None, bad


def _hands_of(answer) -> list[list[str]]:
    from engine.cards import parse_cards

    hands = answer.get("hands") or answer.get("dealt")
    assert isinstance(hands, dict), answer.keys()
    out = []
    for text in hands.values():
        try:
            cards = parse_cards(text)
        except ValueError:
            cards = parse_cards(text, suitless=True)
        out.append(sorted(c.text for c in cards))
    return sorted(out)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_example_links_carry_positions_the_editor_and_table_accept(game: str) -> None:
    from engine.table import Record
    from ui.table import load_hand, table_game

    commands = json_commands(game)
    check = commands["position" if game == "euchre" else "legal"]
    editor_links = table_links = 0
    for lesson in load_lessons(game):
        if lesson.example is None:
            continue
        seed = lesson.example.request.get("seed") if lesson.example.reseed else None
        answer = commands[lesson.example.command](example_request(lesson.example, seed))
        position = editor_position(game, lesson.example, answer, seed)
        if position is not None:
            check({**position, "limit": 1} if game == "shengji" else position)  # refused: CardTableError
            editor_links += 1
        record = table_record(game, lesson.example, answer, seed)
        if record is not None:
            table = table_game(game)
            assert table is not None
            record["preset"] = record["preset"] or table.default_preset
            hand = load_hand(table, Record.from_json(record))
            view = table.view(hand.states[0], None)
            dealt = sorted(sorted(c.text for c in seat.cards) for seat in view.seats)
            assert dealt == _hands_of(answer), f"{lesson.path}: the Table deals another hand for seed {seed}"
            table_links += 1
    assert editor_links >= 2, f"{game}: the editor defaults carry no lesson's example"
    if game != "shengji":  # the Shengji Table deals by drawing; no lesson example is that deal
        assert table_links >= 1


def _lesson_page(game: str, root: str | None = None):
    def page(game: str, root: str | None) -> None:
        from pathlib import Path

        from ui.lessons import render_lessons

        if root is None:
            render_lessons(game)
        else:
            from tests.fixtures import demo_game

            render_lessons(game, root=Path(root), commands=demo_game.COMMANDS, title="Demo")

    return AppTest.from_function(page, args=(game, root), default_timeout=120)


@pytest.fixture(autouse=True)
def _private_store(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'progress.sqlite'}")


def test_demo_lesson_page_walk() -> None:
    at = _lesson_page("demo", str(FIXTURES)).run()
    assert not at.exception
    assert "Pairs" in [h.value for h in at.header]
    assert at.get("bidi_component"), "the hand is drawn with the card-hand component"
    at.button(key="demo:lesson:01-pairs:seed:again").click().run()
    assert not at.exception
    at.button(key="demo:lesson:index:next").click().run()
    assert "Which is higher?" in [h.value for h in at.header]
    assert at.query_params["lesson"] == "2"
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("4H").run()
    assert [e.value for e in at.error] == ["Not quite. Look at the example again. Have another try."]
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("5S").run()
    assert at.success and at.success[0].value == "Right. Rank decides."
    assert at.selectbox(key="demo:lesson:index").options[1].startswith("✓ 2.")


def test_wrong_answer_gets_a_hint_then_the_explanation_and_hidden_rows_show_after() -> None:
    from engine.cards import parse_cards
    from tests.card_hand_testing import press

    at = _lesson_page("demo", str(FIXTURES))
    at.query_params["lesson"] = "03-lowest"
    at.run()
    assert [h.value for h in at.header] == ["The lowest card"]
    captions = [c.value for c in at.caption]
    assert "You sit S; W opens." in captions
    assert "You hold 13 cards. Pick the lowest one; W waits." in [m.value for m in at.markdown]
    assert not any("Your lowest card" in m.value for m in at.markdown), "the answer is shown above its question"
    key = "demo:lesson:03-lowest:answer:3"
    press(at, key, "check", cards=parse_cards("KS"))
    assert [e.value for e in at.error] == [
        "Not quite. Look for the smallest number: a 2 is lower than a 3. Have another try."]
    assert not any("Your lowest card" in m.value for m in at.markdown)
    at.button(key=f"{key}:why").click().run()
    assert [i.value for i in at.info] == ["Why: 2♥ ranks below K♠."]
    assert not at.error, "one box: the explanation replaces the hint"
    assert any("Your lowest card" in m.value for m in at.markdown)
    press(at, key, "check", cards=parse_cards("2H"))
    assert [s.value for s in at.success] == ["Right. 2♥ is your lowest card: nothing in your hand ranks lower."]
    assert at.selectbox(key="demo:lesson:index").options[2].startswith("✓ 3.")
    # deal another: the example and the exercise change together, with a fresh try
    at.button(key="demo:lesson:03-lowest:seed:again").click().run()
    assert "You hold 13 cards. Pick the lowest one; E waits." in [m.value for m in at.markdown]
    assert not at.error and not at.success


def test_a_poor_but_legal_answer_is_graded() -> None:
    from engine.cards import parse_cards
    from tests.card_hand_testing import press

    at = _lesson_page("demo", str(FIXTURES))
    at.query_params["lesson"] = "4"
    at.run()
    press(at, "demo:lesson:04-discard:answer:3", "check", cards=parse_cards("2H KS"))
    assert [w.value for w in at.warning] == [
        "Legal, but poor: you threw away K♠, which could win a trick. Try a better one."]
    press(at, "demo:lesson:04-discard:answer:3", "check", cards=parse_cards("2H 4D"))
    assert at.success and "high cards stay" in at.success[0].value


def test_a_damaged_lesson_link_is_refused_with_a_message() -> None:
    at = _lesson_page("demo", str(FIXTURES))
    at.query_params["lesson"] = "<b>99</b>"
    at.run()
    assert not at.exception
    assert at.warning and "does not exist" in at.warning[0].value and "<b>" not in at.warning[0].value
    assert [h.value for h in at.header] == ["Pairs"]
    at.button(key="demo:lesson:index:next").click().run()
    assert not at.warning and at.query_params["lesson"] == "2"


@pytest.mark.parametrize("game", sorted({g for g, _ in GAME_LESSONS}))
def test_every_lesson_page_renders(game: str) -> None:
    at = _lesson_page(game).run()
    assert not at.exception
    for index in range(len(load_lessons(game))):
        at.session_state[f"{game}:lesson:index"] = index
        at.run()
        assert not at.exception, f"{game} lesson {index + 1}: {[e.value for e in at.exception]}"
        assert not at.error, f"{game} lesson {index + 1}: {[e.value for e in at.error]}"


def test_lesson_files_live_in_game_folders() -> None:
    for folder in (ROOT / "lessons").iterdir():
        if folder.is_dir():
            assert folder.name in GAMES, f"lessons/{folder.name} is not a game"


# --- feedback that teaches: hints, answers kept below their question, explanations that say why ------------


def _first_deal(lesson: Lesson, commands):
    if lesson.example is None:
        return None, None
    seed = lesson.example.request.get("seed") if lesson.example.reseed else None
    return commands[lesson.example.command](example_request(lesson.example, seed)), seed


def _card_set(text: str) -> tuple[str, ...] | None:
    cards = parse_any_cards(text) if isinstance(text, str) and text.strip() else None
    return tuple(sorted(c.text for c in cards)) if cards else None


EXERCISES = [(g, lesson) for g, lesson in GAME_LESSONS if lesson.exercise is not None]
EXERCISE_IDS = [f"{g}/{lesson.slug}" for g, lesson in EXERCISES]


@pytest.mark.parametrize(("game", "lesson"), EXERCISES, ids=EXERCISE_IDS)
def test_every_exercise_has_a_one_line_hint_that_keeps_the_answer(game: str, lesson: Lesson) -> None:
    from ui.lessons import words

    exercise = lesson.exercise
    assert exercise is not None
    commands = json_commands(game)
    assert exercise.hint, f"{lesson.path}: a wrong answer first gets a hint of the lesson's own"
    answer, seed = _first_deal(lesson, commands)
    hint = fill_text(exercise.hint, answer, words) if answer is not None else exercise.hint
    assert "\n" not in hint and len(hint) <= 160, f"{lesson.path}: a hint is one line: {hint!r}"
    for test in (t for t in exercise.tests if t["right"]):
        if exercise.input == "cards":
            right = format_cards(parse_any_cards(str(test["answer"])) or (), symbols=True)
            assert right not in hint, f"{lesson.path}: the hint names the answer {right}"
        elif exercise.input == "choice":
            truth = judge(exercise, test["answer"], commands[exercise.command], answer, seed).engine_answer
            named = [c for c in exercise.choices if re.search(rf"(?<![\w♠♥♦♣]){re.escape(c)}(?![\w♠♥♦♣])", hint)]
            assert str(truth) not in named or len(named) == len(exercise.choices), \
                f"{lesson.path}: the hint names the answer {words(truth)!r}: {hint!r}"


@pytest.mark.parametrize(("game", "lesson"), EXERCISES, ids=EXERCISE_IDS)
def test_the_example_keeps_the_answer_until_the_exercise_is_answered(game: str, lesson: Lesson) -> None:
    from ui.lessons import words

    exercise = lesson.exercise
    assert exercise is not None
    commands = json_commands(game)
    answer, seed = _first_deal(lesson, commands)
    if answer is None:
        return
    shown = [(row.label, lookup(answer, row.path)) for row in lesson.example.show if not row.after]
    for test in (t for t in exercise.tests if t["right"]):
        feedback = judge(exercise, test["answer"], commands[exercise.command], answer, seed, words)
        for label, value in shown:
            if exercise.input == "cards" and isinstance(value, list):
                offered = {_card_set(v) for v in value if isinstance(v, str)}
                assert _card_set(str(test["answer"])) not in offered, \
                    f"{lesson.path}: the row {label!r} lists the answer {test['answer']!r} above the question"
            text = words(value).strip().rstrip(".").lower()
            message = feedback.message.strip().rstrip(".").lower()
            if len(text) >= 30:
                assert text not in message, f"{lesson.path}: the row {label!r} shows the explanation before the answer"
            if len(message) >= 20:
                assert message not in text, f"{lesson.path}: the row {label!r} shows the explanation before the answer"


@pytest.mark.parametrize(("game", "lesson"), EXERCISES, ids=EXERCISE_IDS)
def test_every_answer_is_explained_and_a_right_one_is_not_only_repeated(game: str, lesson: Lesson) -> None:
    from ui.lessons import words

    exercise = lesson.exercise
    assert exercise is not None
    commands = json_commands(game)
    answer, seed = _first_deal(lesson, commands)
    for test in exercise.tests:
        message = judge(exercise, test["answer"], commands[exercise.command], answer, seed, words).message
        assert len(message) > 15, f"{lesson.path}: {test['answer']!r} gets no explanation ({message!r})"
        if exercise.input == "cards" and test["right"]:
            said = re.escape(format_cards(parse_any_cards(str(test["answer"])) or (), symbols=True))
            assert not re.fullmatch(rf"{said} is [^:;]*, top card {said}", message), \
                f"{lesson.path}: the explanation only repeats the answer: {message!r}"


_SEATS = frozenset(("N", "E", "S", "W", "North", "East", "South", "West"))


@pytest.mark.parametrize(("game", "lesson"), [(g, x) for g, x in EXERCISES if x.example and x.example.reseed],
                         ids=[i for (g, x), i in zip(EXERCISES, EXERCISE_IDS, strict=True)
                              if x.example and x.example.reseed])
def test_after_deal_another_the_exercise_still_talks_about_the_deal_on_screen(game: str, lesson: Lesson) -> None:
    """A seat the exercise's request names by hand must not be one the example's deal changes (it would be
    the deal of the first example only): such a seat is ``$example.…`` in the request, ``{example.…}`` in the
    prompt."""
    assert lesson.example is not None and lesson.exercise is not None
    commands = json_commands(game)
    first, *others = [commands[lesson.example.command](example_request(lesson.example, s))
                      for s in (lesson.example.request.get("seed"), *RESEEDS)]
    changing = {value for key, value in first.items() if isinstance(value, str) and value in _SEATS
                and any(isinstance(o, dict) and o.get(key) != value for o in others)}
    fixed = {v for v in lesson.exercise.request.values() if isinstance(v, str) and v in _SEATS}
    assert not fixed & changing, f"{lesson.path}: the exercise fixes {sorted(fixed & changing)}, which the " \
                                 "example's deal changes: write \"$example.…\" and {example.…} instead"


def test_cards_to_pick_come_trumps_first_in_shengji_and_in_rank_order_in_thirteen() -> None:
    from ui.lessons import _offered, _pick_groups

    lessons = {lesson.slug: lesson for lesson in load_lessons("shengji")}
    commands = json_commands("shengji")
    following = lessons["09-following"]
    answer, _ = _first_deal(following, commands)
    groups = _pick_groups(following, answer, _offered(following.exercise, answer))
    assert groups is not None and groups[0].label == "Trumps"
    trumps = commands["trumps"]({"trump_rank": answer["trump_rank"], "trump_suit": answer["trump_suit"],
                                 "hand": answer["hand"]})
    assert sorted(c.text for c in groups[0].cards) == sorted(c.text for c in parse_any_cards(trumps["trumps"]))
    trumps_lesson = lessons["03-trump-order"]
    answer, _ = _first_deal(trumps_lesson, commands)
    assert trumps_lesson.exercise.group_trumps is False, "grouping would answer 'pick every trump'"
    assert _pick_groups(trumps_lesson, answer, _offered(trumps_lesson.exercise, answer)) is None
    chop = next(x for x in load_lessons("thirteen") if x.slug == "11-chopping-twos")
    answer, _ = _first_deal(chop, json_commands("thirteen"))
    offered = _offered(chop.exercise, answer)
    groups = _pick_groups(chop, answer, offered)
    assert groups is not None and len(groups) == 1 and list(groups[0].cards) == list(parse_any_cards(answer["hand"]))


_PAGE_NAMES = {"editor": re.compile(r"\bposition\s+editor\b|\bthe\s+editor\b", re.I),
               "scoring": re.compile(r"\bscoring\s+explorer\b", re.I),
               "table": re.compile(r"\bthe\s+Table\b")}


@pytest.mark.parametrize(("game", "lesson"), GAME_LESSONS, ids=[f"{g}/{x.slug}" for g, x in GAME_LESSONS])
def test_a_page_the_text_names_is_linked_as_a_page(game: str, lesson: Lesson) -> None:
    named = {kind for kind, pattern in _PAGE_NAMES.items() if pattern.search(lesson.body)}
    assert named <= set(lesson.pages), f"{lesson.path}: the text names {sorted(named - set(lesson.pages))}; " \
                                       "add them to pages = [...] so that they are links"
    assert "](/" not in lesson.body, f"{lesson.path}: link other pages with pages = [...], not a Markdown address"


def test_a_seat_is_the_same_answer_by_its_letter_or_its_name() -> None:
    from engine.lessons import same_answer

    assert same_answer("East", "E") and same_answer("e", "East") and same_answer("N", "north")
    assert not same_answer("West", "E") and not same_answer("Eastern", "E")
    assert same_answer(True, True) and not same_answer(False, True) and same_answer(6, 6.0)


def test_euchre_lesson_8_teaches_the_default_ahead_by_two_and_names_first_to_10_as_the_variant() -> None:
    lessons = load_lessons("euchre")
    index = find_lesson(lessons, "08-winning-by-two")
    assert index is not None
    lesson = lessons[index]
    game = json_commands("euchre")["game"]
    default = json_commands("euchre")["rules"]({})["default_preset"]
    assert "ahead by 2" in lesson.title and "first to 10" not in lesson.title
    assert lesson.example is not None and lesson.exercise is not None
    for request in (lesson.example.request, lesson.exercise.request):
        assert request.get("preset", default) == default  # the rules the app plays
        assert game(dict(request))["win_by_two"] is True
    assert game(dict(lesson.example.request))["over"] is False  # 10-9 goes on
    right = [t["answer"] for t in lesson.exercise.tests if t["right"]]
    assert right == [game(dict(lesson.exercise.request))["over"]]
    variant = [c for c in lesson.claims if c.request.get("preset") == "first_to_10"]
    assert variant and all("first to 10" in c.text for c in variant)
    assert "**A variant: first to 10.**" in lesson.body
