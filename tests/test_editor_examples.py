"""The position editors' examples are data (``lessons/<game>/editor_examples.toml``), checked like the lessons: every
example's position is one the game's editor command answers (it parses and can occur), its play parses in that
position, and every claim it makes — the verdict on its play, what must be played, who wins — is the engine's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.command_tables import json_commands
from engine.editor_examples import EditorExample, ExampleFormatError, load_examples, parse_examples
from engine.games import GAMES, game
from engine.lessons import check_claim
from ui.editor_values import examples_of

EXAMPLES = [(g, e) for g in GAMES for e in load_examples(g, game(g).editor_command)]
IDS = [f"{g}/{e.name}" for g, e in EXAMPLES]


def test_every_game_has_its_editor_examples() -> None:
    assert {g for g, _ in EXAMPLES} == set(GAMES)


@pytest.mark.parametrize(("key", "example"), EXAMPLES, ids=IDS)
def test_an_example_is_a_position_the_editor_reads(key: str, example: EditorExample) -> None:
    answer = json_commands(key)[game(key).editor_command](dict(example.position))
    assert answer, f"{example.name}: the editor command answered nothing"


@pytest.mark.parametrize(("key", "example"), EXAMPLES, ids=IDS)
def test_an_examples_claims_hold(key: str, example: EditorExample) -> None:
    commands = json_commands(key)
    assert example.claims, f"{example.name}: an example claims what it shows"
    for claim in example.claims:
        posed = replace(claim.claim, request=claim.request(example.position))
        problems = check_claim(posed, commands[posed.command])
        assert not problems, f"{example.name}: {posed.text!r}: {problems}"


@pytest.mark.parametrize(("key", "example"), [(g, e) for g, e in EXAMPLES if e.trick],
                         ids=[i for (g, e), i in zip(EXAMPLES, IDS, strict=True) if e.trick])
def test_a_trick_starts_with_the_position_and_the_play(key: str, example: EditorExample) -> None:
    lead = str(example.position.get("table") or "")
    first = list(example.trick[:2]) if lead else list(example.trick[:1])
    assert first == ([lead, example.play] if lead else [example.play])


def test_the_editors_offer_the_files_examples() -> None:
    from ui.doudizhu_editor import DouDizhuEditor
    from ui.euchre_editor import EuchreEditor
    from ui.shengji_editor import ShengjiEditor
    from ui.thirteen_editor import ThirteenEditor

    for editor in (ShengjiEditor, ThirteenEditor, EuchreEditor, DouDizhuEditor):
        game_ = editor().game
        assert editor.examples == examples_of(game_.key, game_.editor_command) and editor.examples


@pytest.mark.parametrize(("text", "message"), [
    ('[[example]]\nname = "a"', "needs a name and a position"),
    ('[[example]]\nname = "a"\nposition = { hand = "3S" }\nplay = "3S"', "needs a claim on it"),
    ('[[example]]\nname = "a"\nposition = { hand = "3S" }\n[[example.claims]]\nexpect = {}', "with a text"),
    ("[[example]\n", "x.toml"),
])
def test_a_bad_file_is_refused_with_the_file_and_the_example(text: str, message: str) -> None:
    with pytest.raises(ExampleFormatError, match=message):
        parse_examples(text, "legal", "x.toml")
