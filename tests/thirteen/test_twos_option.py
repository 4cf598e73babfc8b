"""The option ``twos_in_double_sequences``: golden tests both ways, brute force, games, commentary, CLI."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.command_tables import json_commands
from engine.driver import play_out, replay
from engine.errors import IllegalPlayError, InvalidPositionError, InvalidRequestError
from engine.thirteen import CARDS, GAME, Kind, Play, Position, check, classify, legal_plays, make_rules
from engine.thirteen.combos import kind_of_mask, why_not_combo
from engine.thirteen.deal import instant_win
from engine.thirteen.order import cards_of, mask_of
from engine.thirteen.play import lead_groups
from engine.thirteen.rules import Rules
from engine.thirteen.score import hand_features
from engine.thirteen.state import apply, from_hands
from tests.cli_helpers import run_cli
from tests.thirteen.helpers import (
    assert_enumerated_equals_accepted,
    assert_lead_groups_are_every_combination,
    cards,
)

COMMANDS = json_commands("thirteen")

HOUSE_RULE = "the option \u201c2s in double sequences\u201d lets pairs of 2s end one, right after the aces"

ON = {"twos_in_double_sequences": True}
KKAA22 = "KS KH AS AH 2S 2H"


def legal(hand: str, table: str = "", preset: str = "seed", **options) -> list[str]:
    pos = Position.build(hand=cards(hand), table=cards(table), rules=make_rules(preset, options))
    return [p.text for p in legal_plays(pos)]


def verdict(play: str, table: str = "", hand: str | None = None, preset: str = "seed", **options):
    pos = Position.build(hand=cards(hand or play), table=cards(table), rules=make_rules(preset, options))
    return check(pos, cards(play))


# --- classification -----------------------------------------------------------------------------------


def test_off_by_default_in_both_presets() -> None:
    assert make_rules("seed").twos_in_double_sequences is False
    assert make_rules("pagat").twos_in_double_sequences is False


def test_pairs_of_twos_end_a_double_sequence_only_with_the_option() -> None:
    assert classify(cards(KKAA22)) is None
    reason = why_not_combo(cards(KKAA22))
    assert "2s never go in one" in reason and "2s never go in one (a common rule, not in these rules)" in reason
    assert HOUSE_RULE in reason and "K K A A 2 2" in reason
    combo = classify(cards(KKAA22), twos=True)
    assert combo is not None and combo.kind is Kind.DOUBLE_SEQUENCE
    assert combo.shape == "double sequence of 3 pairs" and combo.is_bomb and combo.top == cards("2H")[0]
    four = classify(cards("QS QD KS KH AS AH 2C 2D"), twos=True)
    assert four is not None and four.pairs == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QS KH AS 2H", "a 2 never goes in a sequence"),
        ("KS AH 2D", "a 2 never goes in a sequence"),
        ("2S 2H 3S 3H 4S 4H", "pairs of 2s may only end one, right after a pair of aces"),
        ("AS AH 2S 2H 3S 3H 4S 4H", "a sequence never runs on from 2 to 3"),
        ("9S 9H JS JH QS QH KS KH AS AH 2S 2H", "and 10 is missing"),
        ("KS KH AS AH 2S 2H 2D", "a double sequence exactly two"),
        ("AS AH 2S 2H", "at least three pairs of consecutive ranks"),
    ],
)
def test_what_stays_refused_with_the_option(text: str, message: str) -> None:
    assert classify(cards(text), twos=True) is None
    assert message in why_not_combo(cards(text), twos=True)


# --- legal plays and beating --------------------------------------------------------------------------


def test_leading_lists_the_double_sequence_ending_in_twos_only_with_the_option() -> None:
    hand = KKAA22 + " 5D"
    assert "KS KH AS AH 2S 2H" not in legal(hand)
    assert "KS KH AS AH 2S 2H" in legal(hand, **ON)
    assert not verdict(KKAA22).legal
    lead = verdict(KKAA22, **ON)
    assert lead.legal and "pairs of 2s may end a double sequence" in lead.reason


def test_the_top_card_is_the_highest_two() -> None:
    aces_top = "QD QC KD KC AD AC"
    assert legal(KKAA22, aces_top, **ON) == [KKAA22]
    assert "the top card 2♥ is higher than A♦" in verdict(KKAA22, aces_top, **ON).reason
    assert not verdict(aces_top, KKAA22, **ON).legal
    assert verdict("KD KC AD AC 2C 2H", "KS KH AS AH 2S 2D", **ON).legal
    assert not verdict("KD KC AD AC 2C 2D", "KS KH AS AH 2S 2H", **ON).legal


def test_a_table_ending_in_twos_needs_the_option() -> None:
    with pytest.raises(InvalidPositionError, match=HOUSE_RULE):
        Position.build(hand=cards("5D"), table=cards(KKAA22), rules=Rules())
    assert Position.build(hand=cards("5D"), table=cards(KKAA22), rules=make_rules("seed", ON)).table is not None


def test_it_chops_twos_as_a_double_sequence_of_as_many_pairs() -> None:
    # Three pairs on a single 2; four pairs on a pair of 2s; not three pairs on a pair of 2s.
    chop = verdict(KKAA22, "2D", **ON)
    assert chop.legal
    assert "chops 2♦" in chop.reason and "still a double sequence of 3 pairs" in chop.reason
    four = "QS QH KS KH AS AH 2S 2H"
    assert verdict(four, "2C 2D", **ON).legal
    assert not verdict(KKAA22, "2C 2D", **ON).legal
    assert legal(KKAA22 + " 5D", "2D", **ON) == ["2H", KKAA22]
    assert legal(KKAA22 + " 5D", "2D") == ["2H"]
    # Without the option the same cards are no combination, so they chop nothing.
    off = verdict(KKAA22, "2D")
    assert not off.legal and "2s never go in one" in off.reason


def test_bombs_ladder_over_a_double_sequence_ending_in_twos() -> None:
    assert verdict("9S 9H 9D 9C", KKAA22, preset="pagat", **ON).legal
    assert "bigger bomb" in verdict("9S 9H 9D 9C", KKAA22, preset="pagat", **ON).reason
    assert not verdict("9S 9H 9D 9C", KKAA22, **ON).legal
    assert verdict("3S 3C 4S 4C 5S 5C 6S 6C", KKAA22, preset="pagat", **ON).legal
    ladder = verdict("JS JC QS QC KD KC AD AC 2C 2D", "2H", preset="pagat", **ON)
    assert not ladder.legal  # 5 pairs chop three 2s only
    assert verdict("QD QC KD KC AD AC 2C 2D", "9S 9H 9D 9C", preset="pagat", **ON).legal


def test_a_locked_out_player_may_bomb_it_under_chop_after_pass() -> None:
    pos = Position.build(hand=cards("9S 9H 9D 9C 5D"), table=cards(KKAA22), rules=make_rules("pagat", ON), passed=True)
    assert [p.text for p in legal_plays(pos)] == ["9S 9C 9D 9H"]


# --- brute force: enumerated ⊆ accepted ⊆ enumerated, with the option on and off ---------------------

POOL = [c for c in CARDS if c.rank.text in ("3", "4", "Q", "K", "A", "2")]
HIGH = [c for c in POOL if c.rank.text in ("Q", "K", "A", "2")]  # hands that often hold K K A A 2 2


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 9), st.sampled_from(["seed", "pagat"]), st.booleans())
def test_enumerated_equals_accepted_by_brute_force(seed: int, size: int, preset: str, twos: bool) -> None:
    rng = random.Random(seed)
    hand = tuple(rng.sample(HIGH if rng.random() < 0.5 else POOL, size))
    rest = [c for c in POOL if c not in hand]
    rng.shuffle(rest)
    groups = [ms for _, ms in lead_groups(mask_of(rest[:12]), twos) if ms]
    table = cards_of(rng.choice(rng.choice(groups))) if groups and rng.random() < 0.8 else ()
    passed = bool(table) and rng.random() < 0.25
    rules = make_rules(preset, {"twos_in_double_sequences": twos})
    assert_enumerated_equals_accepted(Position.build(hand=hand, table=table, rules=rules, passed=passed))


def test_lead_enumeration_matches_every_subset_with_the_option() -> None:
    pool = [c for c in CARDS if c.rank.text in ("J", "Q", "K", "A", "2")]
    ending_in_twos = 0
    for seed in range(4):
        rng = random.Random(seed)
        listed = assert_lead_groups_are_every_combination(mask_of(rng.sample(pool, 13)), twos=True)
        ending_in_twos += sum(1 for m in listed if m >> 48 and kind_of_mask(m, True) is Kind.DOUBLE_SEQUENCE)
    assert ending_in_twos > 0


# --- whole games, hand features, commentary -------------------------------------------------------------


def test_hand_features_and_instant_wins_count_twos_in_runs_of_pairs_only_with_the_option() -> None:
    hand = mask_of(cards("JS JC QS QC KS KC AS AC 2S 2C 3D 5H 7C"))
    assert hand_features(hand).best_double_sequence == 4
    assert hand_features(hand, True).best_double_sequence == 5
    assert instant_win(hand) == ""
    assert instant_win(hand, True) == "five consecutive pairs"


POSED = (KKAA22 + " 3S", "5C 2D", "6C 10D", "7C QD")


def test_a_posed_game_with_the_option_and_its_commentary() -> None:
    # North leads 3♠, East plays 2♦, South and West pass; North chops with K K A A 2 2 and goes out.
    rules = make_rules("seed", ON)
    hands = tuple(mask_of(cards(t)) for t in POSED)
    state = from_hands(rules, hands)
    for action in ("3S", "2D", "pass", "pass"):
        state, _ = GAME.step(state, GAME.parse_action(state, action))
    state, step = GAME.step(state, GAME.parse_action(state, KKAA22))
    assert state.finished == (0,)
    assert "North chops East's 2♦ with the double sequence of 3 pairs" in step.comment
    assert "pairs of 2s may end a double sequence" in step.comment
    assert "out in 1st place" in step.comment
    off = from_hands(make_rules("seed"), hands)
    for action in ("3S", "2D", "pass", "pass"):
        off, _ = GAME.step(off, GAME.parse_action(off, action))
    refused = GAME.check(off, GAME.parse_action(off, KKAA22))
    assert not refused.legal and HOUSE_RULE in refused.reason
    with pytest.raises(IllegalPlayError, match=HOUSE_RULE):
        apply(off, Play(mask_of(cards(KKAA22))))


def test_seeded_games_with_the_option_keep_their_records() -> None:
    played = []
    for seed in range(400):
        record, final = play_out(GAME, make_rules("seed", ON), seed, "random", preset="seed", options=ON)
        assert record.options == ON and GAME.outcome(final) is not None
        played += [s for s in replay(GAME, record)[1]
                   if s.action != "pass" and kind_of_mask(mask_of(cards(s.action)), True) is Kind.DOUBLE_SEQUENCE
                   and "2" in [c.rank.text for c in cards(s.action)]]
        if played:
            break
    assert played, "some seeded game plays a double sequence ending in 2s"
    assert "pairs of 2s may end a double sequence" in played[0].comment


# --- command line -----------------------------------------------------------------------------------------


def test_cli_classify_check_legal_compare_and_hand_take_the_option() -> None:
    off = COMMANDS["classify"]({"cards": KKAA22})
    assert off["combination"] is False and HOUSE_RULE in off["reason"]
    on = COMMANDS["classify"]({"cards": KKAA22, "options": ON})
    assert on["type"] == "double_sequence" and on["top"] == "2H" and on["bomb"] is True
    check_on = COMMANDS["check"]({"hand": KKAA22, "previous": "2D", "play": KKAA22, "options": ON})
    assert check_on["legal"] and "still a double sequence of 3 pairs" in check_on["reason"]
    assert check_on["play"]["type"] == "double_sequence"
    check_off = COMMANDS["check"]({"hand": KKAA22, "previous": "2D", "play": KKAA22})
    assert not check_off["legal"] and check_off["play"] is None
    assert KKAA22 in COMMANDS["legal"]({"hand": KKAA22, "options": ON})["groups"]["double_sequence"]
    assert "double_sequence" not in COMMANDS["legal"]({"hand": KKAA22})["groups"]
    compare = COMMANDS["compare"]({"a": "QD QC KD KC AD AC", "b": KKAA22, "options": ON})
    assert compare["higher"] == KKAA22
    with pytest.raises(InvalidPositionError, match="b: .*2s never go in one"):
        COMMANDS["compare"]({"a": "QD QC KD KC AD AC", "b": KKAA22})
    hand = COMMANDS["features"]({"hand": "JS JC QS QC KS KC AS AC 2S 2C 3D 5H 7C", "options": ON})
    assert hand["double_sequence_pairs"] == 5 and hand["instant_win"] == "five consecutive pairs"


def test_cli_rules_command_shows_the_option_and_the_notes() -> None:
    answer = COMMANDS["rules"]({"options": ON})
    assert answer["rules"]["twos_in_double_sequences"] is True
    option = next(o for o in answer["options"] if o["name"] == "twos_in_double_sequences")
    assert option["label"] == "2s in double sequences" and option["default"] is False and option["common"] is True
    assert "K K A A 2 2" in option["help"]
    notes = {n["topic"]: n for n in answer["notes"]}
    assert "next player still in" in notes["who leads after a player goes out"]["text"]
    assert notes["2s in double sequences"]["option"] == "twos_in_double_sequences"
    assert COMMANDS["rules"]({})["rules"]["twos_in_double_sequences"] is False
    pagat = COMMANDS["rules"]({"preset": "pagat"})["rules"]
    seed = COMMANDS["rules"]({})["rules"]
    assert {k for k in seed if seed[k] != pagat[k]} == {"bomb_ladder", "chop_after_pass"}


def test_cli_bad_option_value_is_one_line() -> None:
    code, _, err = run_cli("classify", "thirteen",
                           '{"cards":"KS KH AS AH 2S 2H","options":{"twos_in_double_sequences":"yes"}}')
    assert code == 2
    assert err.strip().splitlines() == [
        "error: field 'options': option 'twos_in_double_sequences' (2s in double sequences) is true or false, "
        "not 'yes'"]
    with pytest.raises(InvalidRequestError):
        make_rules("seed", {"twos_in_double_sequences": 1})
    code, out, _ = run_cli("check", "thirteen", json.dumps({"hand": KKAA22, "table": "2D", "play": KKAA22,
                                                            "options": ON}))
    assert code == 0 and json.loads(out)["legal"] is True


def test_simulate_takes_the_option() -> None:
    from engine.sim import simulate as run

    def simulate(games: int, seed: int, options: dict) -> object:
        return run(GAME, games, seed, options, workers=1)

    off = simulate(40, 3, {"bot": "heuristic"})
    on = simulate(40, 3, {"bot": "heuristic", **ON})
    assert len(on) == 40
    assert (on["pairs_N"] >= off["pairs_N"]).all()
    assert on.equals(simulate(40, 3, {"bot": "heuristic", **ON}))
