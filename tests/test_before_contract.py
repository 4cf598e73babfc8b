"""What was saved before the contract still works: Table records replay, and the position requests that saved
files, links and the command line used answer the same (tests/fixtures/before_contract: made by the code of
b375b3b, the last commit before the contract)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.command_tables import json_commands
from engine.driver import replay
from engine.games import game
from engine.table import Record

FIXTURES = Path(__file__).parent / "fixtures" / "before_contract"
RECORDS: dict[str, list[dict[str, Any]]] = json.loads((FIXTURES / "records.json").read_text())
REQUESTS: list[dict[str, Any]] = json.loads((FIXTURES / "requests.json").read_text())


@pytest.mark.parametrize(("key", "record"), [(k, r) for k, rs in RECORDS.items() for r in rs],
                         ids=[f"{k}-{r['preset']}-{r['seed']}-{len(r['actions'])}" for k, rs in RECORDS.items()
                              for r in rs])
def test_an_old_table_record_replays_to_its_end(key: str, record: dict[str, Any]) -> None:
    g = game(key)
    states, steps = replay(g, Record.from_json(record))
    assert len(steps) == len(record["actions"])
    assert g.is_terminal(states[-1]), "the old record is a whole hand: it ends where it ended"


@pytest.mark.parametrize("case", REQUESTS, ids=[f"{c['game']}-{c['command']}-{i}" for i, c in enumerate(REQUESTS)])
def test_an_old_request_answers_the_same(case: dict[str, Any]) -> None:
    answer = json_commands(case["game"])[case["command"]](case["request"])
    expect = case.get("expect", {})
    if "plays" in expect:
        assert sorted(p["cards"] for p in answer["plays"]) == expect["plays"]
    if "legal" in expect:
        assert answer["legal"] is expect["legal"]
