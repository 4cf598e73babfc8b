"""A position refused by an editor (a link, a file, a paste) says what is wrong in a learner's words: the rule sets
by their titles, rules by their labels, and no list of internal preset, option or field names. The command line
keeps the names it takes."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.commands import in_learner_words
from engine.errors import CardTableError, UnknownNameError
from engine.games import GAMES, game
from tests.cli_helpers import run_cli


def _reader(key: str) -> Callable[[Any], Any]:
    module = __import__(f"engine.{key}.commands", fromlist=["read_position"])
    reader: Callable[[Any], Any] = module.read_position
    return reader


A_HAND = {"shengji": "AS", "thirteen": "3S", "euchre": "AS", "doudizhu": "3"}


def _refusal(key: str, **fields: Any) -> str:
    with pytest.raises(CardTableError) as caught:
        _reader(key)({"hand": A_HAND[key], **fields})
    return str(caught.value)


def _ids_not_in_titles(key: str) -> list[str]:
    """The preset ids that are not words of any title (``competition`` is in "the Chinese competition rules")."""
    titles = " ".join(p.title.lower() for p in game(key).presets.values())
    return [name for name in game(key).presets if name.lower() not in titles]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_an_unknown_rule_set_is_answered_with_the_titles(key: str) -> None:
    g = game(key)
    for bad in ("no-such-rules", 5):
        message = _refusal(key, preset=bad)
        assert message.startswith(f"{g.info.title} has no rule set")
        assert all(f"“{p.title}”" in message for p in g.presets.values()), message
        assert "known" not in message and ", ".join(g.presets) not in message
        assert [name for name in _ids_not_in_titles(key) if name in message] == []
    assert "'no-such-rules'" in _refusal(key, preset="no-such-rules")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_an_unknown_field_or_rule_lists_no_internal_names(key: str) -> None:
    g = game(key)
    field = _refusal(key, colour="red")
    assert field == f"unknown field 'colour': a position of {g.info.title} does not have it"
    option = _refusal(key, options={"speed": 3})
    assert option == f"{g.info.title} has no rule called 'speed' (its rules are chosen in the sidebar)"
    names = [spec.name for spec in g.option_specs()]
    assert not any(name in field or name in option for name in names if "_" in name)
    assert "rules could not be read" in _refusal(key, options=3)


def test_a_bad_value_of_a_rule_names_its_label() -> None:
    message = _refusal("shengji", options={"decks": "x"})
    assert message == "the rule “Decks” is a whole number, not 'x'"
    players = next(s for s in game("thirteen").option_specs() if s.name == "players")
    message = _refusal("thirteen", options={"players": "many"})
    assert f"the rule “{players.label}”" in message and "option 'players'" not in message


def test_an_unknown_game_is_answered_with_the_games() -> None:
    with pytest.raises(UnknownNameError) as refused:
        game("chess")
    error = in_learner_words(game("euchre"), refused.value)
    assert str(error).startswith("'chess' is not a game taught here; the games are ")
    assert all(g.title in str(error) for g in GAMES.values()) and "doudizhu" not in str(error)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_command_line_keeps_the_names_it_takes(key: str) -> None:
    request = {**game(key).examples["legal"][0], "preset": "no-such-rules"}
    code, _, err = run_cli("legal", key, json.dumps(request))
    assert code == 2 and f"known: {', '.join(game(key).presets)}" in err
    code, _, err = run_cli("legal", key, json.dumps({**game(key).examples["legal"][0], "colour": 1}))
    assert code == 2 and "known fields: " in err
