"""Live questions as values (ui/live_moment.py): a Table step from a link or a deal, an editor's position and a
practice question become a prompt and a moment that rebuild the same question; every verdict is the engine's;
what cannot make a question is refused with one sentence."""

from __future__ import annotations

import json

import pytest

from engine.driver import play_out
from engine.games import game
from ui import live_moment
from ui.live_moment import BEST, LEGAL, MomentError, hand_of, judge_play, rebuild, solution, table_moment, table_record
from ui.share import encode_position


def test_a_table_link_and_a_deal_number_name_the_same_step() -> None:
    by_deal = table_record("euchre", "", seed=4, step=9)
    by_link = table_record("euchre", "http://school.lan/euchre_table?mode=watch&seed=4&step=9")
    assert by_deal == by_link and len(by_deal.actions) == 9
    g = game("euchre")
    record, _ = play_out(g, g.rules(g.default_preset), 11, None, preset=g.default_preset)
    linked = table_record("euchre", f"?mode=play&seat=S&hand={encode_position(record.to_json())}&step=3")
    assert linked.actions == record.actions[:3] and linked.seed == 11


def test_a_question_rebuilds_and_judges_with_the_engines_verdicts() -> None:
    prompt, moment = table_moment("thirteen", "", LEGAL, seed=3, step=12)
    built = rebuild("thirteen", json.loads(json.dumps(moment)))  # as the store gives it back
    assert prompt == f"Which play is legal for {built.seat_name}?"
    g, state = built.game, built.state
    for card in hand_of(built):
        judged = judge_play(built, card.text)
        verdict = g.check(state, g.parse_action(state, card.text))
        assert (judged.correct, judged.legal, judged.reason) == (verdict.legal, verdict.legal, verdict.reason)
    assert judge_play(built, "not a play").correct is False


def test_what_should_they_play_is_right_for_the_coachs_choice() -> None:
    prompt, moment = table_moment("euchre", "", BEST, seed=4, step=11)
    built = rebuild("euchre", moment)
    assert prompt.startswith("What should ") and built.coach is not None
    assert judge_play(built, built.coach.choice).correct
    right, why = solution(built)
    assert right == built.coach.choice and why == built.coach.why
    others = [c.text for c in hand_of(built) if c.text != built.coach.choice and c.text not in built.coach.tied]
    assert all(not judge_play(built, text).correct for text in others)


def test_a_practice_question_is_the_exercises_own() -> None:
    prompt, moment = live_moment.practice_moment("euchre:trick", seed=7)
    built = rebuild("euchre", moment)
    exercise = built.exercise
    assert exercise is not None and prompt == exercise.title
    answer = exercise.pick.example if exercise.pick is not None else exercise.right_choice
    assert answer is not None and live_moment.judge_exercise(built, answer).correct
    assert solution(built)[0] == exercise.solution


def test_an_editors_position_by_its_json_or_its_link_is_the_same_question() -> None:
    position = {"hand": "3S 5H 7D 7C KS 2H", "table": "6D"}
    prompt, moment = live_moment.editor_moment("thirteen", json.dumps(position), LEGAL)
    linked = live_moment.editor_moment("thirteen", f"http://school.lan/thirteen_editor?pos={encode_position(position)}",
                                       LEGAL)
    assert (prompt, moment) == linked
    built = rebuild("thirteen", moment)
    assert sorted(c.text for c in hand_of(built)) == sorted(position["hand"].split())
    assert judge_play(built, "7D").correct and not judge_play(built, "3S").correct
    assert "does not beat" in judge_play(built, "3S").reason


@pytest.mark.parametrize(("call", "said"), [
    (lambda: live_moment.editor_moment("thirteen", "", LEGAL), "Paste the editor's link"),
    (lambda: live_moment.editor_moment("thirteen", "pos=zzz", LEGAL), "cannot be asked about"),
    (lambda: live_moment.editor_moment("thirteen", "{}", LEGAL), "holds no hand or table"),
    (lambda: table_record("euchre", "?seed=abc"), "seed must be a whole number"),
    (lambda: table_record("euchre", "http://school.lan/euchre_table"), "holds no deal"),
    (lambda: table_record("euchre", "?hand=" + "A" * 40), "could not be read"),
    (lambda: table_moment("euchre", "", LEGAL, seed=4, step=5_000), "game is over"),
    (lambda: table_moment("euchre", "", "anything", seed=4, step=9), "Ask which play is legal"),
    (lambda: live_moment.practice_moment("euchre:no-such-skill"), "could not be made"),
])
def test_what_cannot_make_a_question_gets_one_sentence(call: object, said: str) -> None:
    with pytest.raises(MomentError, match=said) as refused:
        call()  # type: ignore[operator]
    assert "\n" not in str(refused.value) and "Traceback" not in str(refused.value)
