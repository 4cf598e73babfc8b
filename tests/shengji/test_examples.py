"""The seeded teaching positions of the lessons and the commands their exercises use."""

import pytest

from engine.errors import InvalidRequestError, UnknownNameError
from engine.shengji import COMMANDS, EXAMPLES, SEED_000_TRACTORS

SEEDS = (0, 1, 2, 5, 11, 12, 31, 1234)


def ctx(example: dict) -> dict:
    return {"trump_rank": example["trump_rank"], "trump_suit": example["trump_suit"]}


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_example_is_reproducible(kind: str) -> None:
    for seed in SEEDS[:4]:
        a = COMMANDS["example"]({"kind": kind, "seed": seed})
        assert a == COMMANDS["example"]({"kind": kind, "seed": seed})
    assert COMMANDS["example"]({"kind": kind, "seed": 3}) != COMMANDS["example"]({"kind": kind, "seed": 40})


def test_unknown_kind_lists_the_kinds() -> None:
    with pytest.raises(UnknownNameError, match="tractor"):
        COMMANDS["example"]({"kind": "nope"})


def test_seeds_1_to_11_are_seed_000s_examples_in_turn() -> None:
    truths = [True] * 8 + [False] * 3
    for seed, (text, truth) in enumerate(zip(SEED_000_TRACTORS, truths, strict=True), start=1):
        e = COMMANDS["example"]({"kind": "tractor", "seed": seed})
        assert e["cards"] == text and e["tractor"] is truth
        assert COMMANDS["is_tractor"]({**ctx(e), "cards": e["cards"]})["tractor"] is truth


def test_fresh_tractor_examples_are_a_mix_with_reasons() -> None:
    answers = [COMMANDS["example"]({"kind": "tractor", "seed": s}) for s in range(12, 60)]
    assert 10 < sum(a["tractor"] for a in answers) < 38
    for a in answers:
        got = COMMANDS["is_tractor"]({**ctx(a), "cards": a["cards"]})
        assert got["tractor"] is a["tractor"] and got["reason"].startswith("yes: " if a["tractor"] else "no: ")


def test_tractor_reasons_name_the_rule() -> None:
    def reason(cards: str) -> str:
        return COMMANDS["is_tractor"]({"trump_rank": "10", "trump_suit": "S", "cards": cards})["reason"]

    assert "closed the gap" in reason("9H 9H JH JH")
    assert "not of one suit" in reason("9H 9H 10H 10H")
    assert "rank equal" in reason("10D 10D 10C 10C")
    assert "between them come 10♥ = 10♦ = 10♣, A♠, K♠, Q♠" in reason("10S 10S JS JS")


def test_follow_examples_must_follow() -> None:
    for seed in SEEDS:
        e = COMMANDS["example"]({"kind": "follow", "seed": seed})
        req = COMMANDS["requirement"]({**ctx(e), "hand": e["hand"], "table": e["lead"]})
        assert req["duty"] == "follow"
        assert COMMANDS["check"]({**ctx(e), "hand": e["hand"], "table": e["lead"], "play": req["example"]})["legal"]


def test_trumping_examples_can_take_the_lead() -> None:
    for seed in SEEDS:
        e = COMMANDS["example"]({"kind": "trumping", "seed": seed})
        plays = COMMANDS["legal"]({**ctx(e), "hand": e["hand"], "table": e["lead"], "limit": None})["plays"]
        results = [COMMANDS["try_play"]({**ctx(e), "hand": e["hand"], "table": e["lead"], "earlier": e["earlier"],
                                         "play": p["cards"]}) for p in plays]
        assert any(r["correct"] for r in results) and not all(r["correct"] for r in results)


def test_throw_examples_are_throws_and_sometimes_stand() -> None:
    stands = []
    for seed in range(1, 30):
        e = COMMANDS["example"]({"kind": "throw", "seed": seed})
        out = COMMANDS["throw"]({**ctx(e), "hand": e["hand"], "play": e["play"], "others": e["others"]})
        assert len(out["parts"]) >= 2
        stands.append(out["stands"])
    assert any(stands) and not all(stands)


def test_presets_examples_differ_between_presets() -> None:
    for seed in SEEDS:
        e = COMMANDS["example"]({"kind": "presets", "seed": seed})
        assert e["competition_rule"] != e["tractor_rule"]
        assert "tractor" in e["competition_rule"] and "two pairs" in e["tractor_rule"]


def test_climb_counts_past_the_ace() -> None:
    assert COMMANDS["climb"]({"level": "J"})["to_win"] == 4
    assert COMMANDS["climb"]({"level": "2"})["to_win"] == 13
    assert COMMANDS["climb"]({"level": "A"})["to_win"] == 1
    with pytest.raises(ValueError, match="level"):
        COMMANDS["climb"]({"level": "BJ"})


def test_trumps_exercise_names_what_was_missed() -> None:
    out = COMMANDS["trumps"]({"trump_rank": "10", "trump_suit": "S", "hand": "10H AS 9H BJ", "play": "AS BJ"})
    assert not out["correct"] and "10♥" in out["reason"] and "every 10 is a trump" in out["reason"]
    assert COMMANDS["trumps"]({"trump_rank": "10", "trump_suit": "S", "hand": "10H AS 9H BJ",
                               "play": "AS BJ 10H"})["correct"]
    out = COMMANDS["trumps"]({"trump_rank": "10", "trump_suit": "S", "hand": "10H", "play": "AS"})
    assert not out["correct"] and out["reason"] == "A♠ is not in the hand"


def test_bury_counts_cards_and_points() -> None:
    e = COMMANDS["example"]({"kind": "kitty", "seed": 1})
    wrong = COMMANDS["bury"]({**ctx(e), "hand": e["hand"], "play": e["kitty"].split()[0]})
    assert not wrong["legal"] and "exactly eight" in wrong["reason"]
    right = COMMANDS["bury"]({**ctx(e), "hand": e["hand"], "play": e["kitty"]})
    assert right["legal"] and right["points"] == COMMANDS["points"]({"cards": e["kitty"]})["points"]


def test_try_play_checks_legality_first() -> None:
    base = {"trump_rank": "2", "trump_suit": "S", "hand": "3S 3S AH 4C", "table": "KH KH"}
    illegal = COMMANDS["try_play"]({**base, "play": "3S 3S"})
    assert not illegal["legal"] and not illegal["correct"]
    base["hand"] = "3S 3S 5S 4C"
    assert COMMANDS["try_play"]({**base, "play": "3S 3S"})["correct"]
    assert not COMMANDS["try_play"]({**base, "play": "3S 5S"})["correct"]
    over = COMMANDS["try_play"]({**base, "earlier": ["4S 4S"], "play": "3S 3S"})
    assert not over["wins"] and "not higher" in over["reason"]
    assert COMMANDS["try_play"]({**{k: v for k, v in base.items() if k != "table"}, "lead": "KH KH",
                                 "trick": ["4S 4S"], "play": "3S 3S"}) == over, "older field names still work"
    with pytest.raises(InvalidRequestError, match="table"):
        COMMANDS["try_play"]({**base, "table": "", "play": "3S"})


def test_score_and_points_spell_out_the_sum() -> None:
    out = COMMANDS["score"]({"attacker_points": 85, "kitty_points": 20, "last_trick_cards": 2,
                             "attackers_won_last": True})
    assert out["reason"].startswith("the attackers have 125 points: 85 in tricks and 40 from the kitty (20 × 2); "
                                    "120–155: the attackers take the bank and go up one level")
    assert COMMANDS["points"]({"cards": "5H KS 3C"})["reason"] == "5♥ 5 + K♠ 10 = 15 points"
