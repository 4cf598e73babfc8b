"""A rule that the rules in force do not give — a default where they are silent, or a house rule — is said to a
learner in one short form, "a common rule, not in these rules" (``engine.words.COMMON_RULE``), once, and never as
a note to ourselves ("the rules we follow do not say", "every description we read"). Checked over everything a
learner reads: the lesson files and the glossary, every game's notes, option labels and help and rule-set
descriptions, reasons and Table commentary from seeded games, and the printed handouts; and, for the cases the
issue found, the exact words."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pypdf import PdfReader

from engine.base import PASS
from engine.command_tables import json_commands
from engine.contract import Game, default_note
from engine.games import GAMES, all_games
from engine.words import COMMON_RULE, common_rule, option_named
from tests.conftest import ROOT
from ui.handouts import handout_pdf, presets

BANNED = re.compile(r"the rules we follow|rules we (?:follow|read|use)|\bwe (?:follow|read|use)\b|the common rule\b"
                    r"|common house rule|\bthe seed'?s?\b(?! of)|not in the seed", re.I)
"""Notes to ourselves, the old marks of a default, and the seed documents named to a learner."""
OTHER_FORM = re.compile(r"\bcommon (?:house )?rule\b(?!, not in these rules)", re.I)
"""A "common rule" said in any other form than the one."""
NOT_BRACKETS = re.compile(r"\]\([^)]*\)|“[^”]*”")
"""Markdown link targets and quoted option labels (“Quadplex (4 + 2)”) hold no brackets of the sentence."""


def nested_brackets(text: str) -> list[str]:
    """The bracketed passages of ``text`` that hold another bracket, where they say a rule is not in these rules:
    the mark is said once, never in brackets inside brackets."""
    plain = NOT_BRACKETS.sub(lambda m: "“”" if m.group().startswith("“") else "]", text)
    found, opened, outer, nested = [], [], 0, False
    for i, ch in enumerate(plain):
        if ch == "(":
            if not opened:
                outer, nested = i, False
            nested = nested or bool(opened)
            opened.append(i)
        elif ch == ")" and opened:
            opened.pop()
            if not opened and nested and "common rule" in plain[outer:i + 1].lower():
                found.append(plain[outer:i + 1])
    return found


def problems(text: str) -> list[str]:
    """What is wrong with the way ``text`` marks a rule not in these rules."""
    found = [f"a note to ourselves or an old form: {m.group()!r}" for m in BANNED.finditer(text)]
    found += [f"another form of the mark: …{text[max(0, m.start() - 30):m.end() + 30]}…"
              for m in OTHER_FORM.finditer(text)]
    return found + [f"brackets inside brackets: {n!r}" for n in nested_brackets(text)]


@pytest.mark.parametrize(("text", "bad"), [
    ("no points change hands (the common rule (the rules we follow do not say); the option “X” changes it)", True),
    ("Not an option: every rule description we read gives the lead to that same player", True),
    ("The landlord leads: we follow the common house rule.", True),
    ("Any cards may be buried: a common rule, not in these rules.", False),
    ("no points change hands (a common rule, not in these rules; the option “X” changes it)", False),
    ("a sequence (see [lesson 3](#seq)) of five", False),
    ("A common rule at Chinese tables; not in the seed.", True),
    ("(point cards may be buried (a common rule, not in these rules))", True),
    ("(a throw of ♥ (two pairs)); the option “Quadplex (4 + 2)” is off (a common rule, not in these rules)", False),
])
def test_the_detector(text: str, bad: bool) -> None:
    assert bool(problems(text)) is bad, problems(text)


def test_the_one_form_and_how_an_option_is_named() -> None:
    assert COMMON_RULE == "a common rule, not in these rules"
    assert option_named("Deal") == "the option “Deal”"
    assert common_rule("Deal") == "a common rule, not in these rules; the option “Deal” changes it"
    from engine.euchre import Rules
    assert default_note(Rules, "deal_packets") == common_rule("Deal")


# ------------------------------------------------------------------------------------- what a learner reads

def _lesson_files() -> list[str]:
    files = sorted((ROOT / "lessons").rglob("*.md")) + [ROOT / "lessons" / "glossary.toml"]
    return [str(p.relative_to(ROOT)) for p in files if p.name != "README.md"]


@pytest.mark.parametrize("path", _lesson_files())
def test_lessons_and_the_glossary_mark_defaults_in_the_one_form(path: str) -> None:
    text = " ".join((ROOT / path).read_text(encoding="utf-8").split())  # a phrase may wrap
    assert not problems(text), problems(text)


def _engine_texts(game: Game[Any, Any, Any]) -> Iterator[tuple[str, str]]:
    for note in game.notes:
        yield f"note {note.topic!r}", note.text
    for spec in game.option_specs():
        yield f"option {spec.name}", f"{spec.label}: {spec.help}"
    for name, preset in game.presets.items():
        yield f"rule set {name}", f"{preset.title}: {preset.description}"


def _played_texts(game: Game[Any, Any, Any], games: int = 6) -> Iterator[tuple[str, str]]:
    """Reasons for the legal actions and Table commentary of seeded games under every rule set."""
    rng = random.Random(game.key)
    for seed in range(games):
        rules = game.rules(list(game.presets)[seed % len(game.presets)])
        state = game.new_game(rules, seed)
        while not game.is_terminal(state):
            legal = list(game.legal_actions(state, limit=40))
            for action in legal[:4]:
                yield f"reason of {game.action_text(action)}", game.check(state, action).reason
            state, step = game.step(state, rng.choice(legal))
            yield "commentary", step.comment
        result = game.outcome(state)
        if result is not None:
            yield "outcome", result.summary


@pytest.mark.parametrize("game", all_games(), ids=[g.key for g in all_games()])
def test_notes_options_rule_sets_reasons_and_commentary_mark_defaults_in_the_one_form(game: Game[Any, Any, Any]
                                                                                      ) -> None:
    found = [f"{where}: {p}" for where, text in [*_engine_texts(game), *_played_texts(game)] for p in problems(text)]
    assert not found, "\n".join(sorted(set(found)))


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize(("game", "preset"), [(g, p) for g in GAMES for p in presets(g)])
def test_the_handouts_mark_defaults_in_the_one_form(game: str, preset: str) -> None:
    page = _squeezed(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(handout_pdf(game, preset))).pages))
    for phrase in ("the rules we follow", "we read", "we follow", "the common rule", "))"):
        assert _squeezed(phrase) not in page.lower(), (phrase, game, preset)
    marks = [page[m.start():m.start() + 40] for m in re.finditer("commonrule", page, re.I)]
    assert all(m.lower().startswith(_squeezed(COMMON_RULE)[1:].lower()) for m in marks), marks


def test_no_learner_file_holds_a_note_to_ourselves() -> None:
    """The issue's own check: ``grep -rn "the rules we follow do not say\\|we read\\|we follow" lessons ui engine``
    (pages too) finds nothing."""
    pattern = re.compile(r"the rules we follow do not say|we read|we follow")
    hits = [f"{p.relative_to(ROOT)}:{n}" for folder in ("lessons", "ui", "engine", "pages")
            for p in sorted((ROOT / folder).rglob("*")) if p.suffix in {".py", ".md", ".toml", ".html", ".js"}
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not hits, hits


# ------------------------------------------------------------------------------------- the cases found

def test_a_failed_throw_says_the_default_once() -> None:
    answer = json_commands("shengji")["check"]({
        "trump_rank": "2", "trump_suit": "S", "hand": "AH QH 9H 3C", "table": "", "play": "AH QH 9H",
        "others": {"W": "KH 4C", "S": "5C", "E": "6C"}})
    assert answer["reason"].endswith(
        "no points change hands (a common rule, not in these rules; the option “Failed throw: points per card "
        "taken back” changes it)")


def test_the_thirteen_handout_says_who_leads_after_a_player_goes_out_plainly() -> None:
    page = _squeezed(PdfReader(io.BytesIO(handout_pdf("thirteen", "seed"))).pages[0].extract_text())
    assert "Notanoption" not in page
    assert _squeezed("if that player has just gone out, the next player still in (in playing order) leads: a common "
                     "rule, not in these rules") in page


def test_euchre_round_2_ban_is_said_to_be_a_default_in_the_commentary_and_the_rule_set() -> None:
    from engine.euchre import GAME

    seed = GAME.presets["seed"]
    assert seed.description.endswith(f"The turned-down suit may not be named in round 2: {COMMON_RULE}.")
    state = GAME.new_game(GAME.rules("seed"), 8)
    for _ in range(4):
        state, step = GAME.step(state, PASS)
    assert "a suit other than" in step.comment and (
        f"({COMMON_RULE}; the option “The turned-down suit may be named” changes it) or pass." in step.comment)
    state = GAME.new_game(GAME.rules("seed", {"name_turned_down_suit": True}), 8)
    for _ in range(4):
        state, step = GAME.step(state, PASS)
    assert "may name any suit" in step.comment and "other than" not in step.comment
    assert "(the option “The turned-down suit may be named” is on)" in step.comment


def test_euchre_lesson_12_says_the_source_only_deals_a_new_hand() -> None:
    text = " ".join((ROOT / "lessons" / "euchre" / "12-thrown-in-hand.md").read_text().split())
    assert "next dealer deals" not in text and "a new hand is dealt" in text
    assert "the deal passes to the left, as after any hand: a common rule, not in these rules" in text


def test_the_tractor_bands_say_80_to_115_is_not_in_the_house_rules() -> None:
    band = next(n for n in json_commands("shengji")["rules"]({"preset": "tractor"})["notes"] if n["option"] == "band")
    assert f"no row for 80–115: there the attackers take the bank with no level change, {COMMON_RULE}" in band["text"]
    page = _squeezed(PdfReader(io.BytesIO(handout_pdf("shengji", "tractor"))).pages[0].extract_text())
    assert _squeezed(band["text"]) in page
    lesson = " ".join((ROOT / "lessons" / "shengji" / "12-scoring.md").read_text().split())
    row = "| 80 – 115 | the **attackers take the bank**, no level change: a common rule, not in these rules |"
    assert row in lesson


def test_four_deck_quads_are_not_called_a_common_rule() -> None:
    lesson = (ROOT / "lessons" / "shengji" / "13-presets.md").read_text()
    row = next(line for line in lesson.splitlines() if line.startswith("| *Four identical cards"))
    assert "common rule" not in row and "nothing wider than a triple" in row
    note = next(n for n in json_commands("shengji")["rules"]({})["notes"] if n["option"] == "four_of_a_kind")
    assert "common rule" not in note["text"]


@pytest.mark.parametrize("play", ["5 5 6", "5 5 6 6 7", "5 5 6 7"])
def test_four_player_reasons_never_offer_single_kickers(play: str) -> None:
    check = json_commands("doudizhu")["check"]
    four = check({"preset": "four_player", "hand": play, "play": play})
    assert not four["legal"] and "single cards go together" not in four["reason"]
    assert "with four players a single card is never a kicker (a triplet or an airplane carries pairs)" \
        in four["reason"]
    three = check({"preset": "three_player", "hand": play, "play": play})
    assert "go together only as the kickers of a triplet, an airplane or four of a kind" in three["reason"]


@pytest.mark.parametrize("play", ["5 2", "5 BJ", "3 4"])
def test_two_cards_of_two_ranks_are_first_of_all_not_a_pair(play: str) -> None:
    for preset in ("three_player", "four_player"):
        answer = json_commands("doudizhu")["check"]({"preset": preset, "hand": play, "play": play})
        assert answer["reason"] == (f"{play} is no combination: two cards of different ranks are not a pair (a pair is "
                                    "two cards of the same rank)")


def test_a_forced_bid_names_the_default_and_its_option() -> None:
    from engine.doudizhu import GAME

    state = GAME.new_game(GAME.rules("three_player"), 5)
    comments = []
    while state.redeals < 3:
        state, step = GAME.step(state, PASS)
        comments.append(step.comment)
    state, _ = GAME.step(state, PASS)
    state, _ = GAME.step(state, PASS)
    refused = GAME.check(state, PASS)
    option = "the option “Redeals before a forced bid” changes it"
    assert not refused.legal and refused.reason == (
        f"everyone else has passed and the cards have been dealt again three times in a row, so you must bid 1, 2 "
        f"or 3 ({COMMON_RULE}; {option})")
    assert f"Now the cards have been dealt again three times in a row: if everyone else passes again, the last " \
           f"player to speak must bid ({COMMON_RULE}; {option})." in comments[-1]
    assert "three times in a row" in GAME.prompt(state).text
