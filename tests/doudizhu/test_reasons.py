"""Reasons a learner can trust: the false or broken reasons of issue #16 answer with the same verdict and a true,
grammatical reason, and no reason over thousands of seeded positions names what the cards do not hold."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from engine.command_tables import json_commands
from engine.doudizhu import check
from engine.doudizhu.combos import Combo, Kind, readings
from engine.doudizhu.explain import why_not
from engine.doudizhu.generate import generate
from engine.doudizhu.order import BJ, RJ, N, cards_of, counts_of, counts_text, rank_word
from engine.doudizhu.play import Position, beaten_by
from engine.doudizhu.rules import Rules
from tests.doudizhu.helpers import FOUR, THREE, cards, counts, position
from tests.reasons import problems

COMMANDS = json_commands("doudizhu")

POSITIONS = 5_000

# (rules, cards, what the reason must say, what it must never say)
ISSUE_EXAMPLES = [
    (FOUR, "3 3 3 3 4 4", "four or more cards of one rank make a bomb, which is played on its own",
     ("triplet", "kicker")),
    (THREE, "3 3 3 3 4 4", "the two single kickers of a quadplex must be of different ranks, but here they are a "
     "pair of 4s", ("triplet", "pair shape")),
    (THREE, "3 3 3 4 4 4 5 5 5 5", "an airplane of two triplets carries two pairs of different ranks, and four 5s",
     ("same rank as the triplets",)),
    (FOUR, "3 3 3 4 4 4 5 5 5 5", "an airplane of two triplets carries two pairs of different ranks, and four 5s",
     ("same rank as the triplets", "single")),
    (THREE, "8 9 9 9 9 10 J J", "four of a kind carries two singles or two pairs (a quadplex), and an 8, a 10 and "
     "a pair of jacks are neither", ("the two pairs of a quadplex", "triplet")),
    (FOUR, "8 9 9 9 9 10 J J", "four or more cards of one rank make a bomb", ("triplet", "two pairs")),
    (THREE, "3 3 3 4 4 4 5 5", "the two single kickers of an airplane of two triplets must be of different ranks, "
     "but here they are a pair of 5s", ("pair shape",)),
    (THREE, "A A 2 2 2 2", "the two single kickers of a quadplex must be of different ranks, but here they are a pair "
     "of aces", ("pair shape", "triplet")),
    (FOUR, "A A 2 2 2 2", "four or more cards of one rank make a bomb", ("triplet", "pair shape")),
    (THREE, "3 3 3 4 4 4 5 5 5 7 7 7", "the three single kickers of an airplane of three triplets must be of "
     "different ranks, but here they are three 7s", ("two 7s",)),
    (FOUR, "3 3 3 4 4 4 5 6", "an airplane with singles is not played with four players", ("quadplex",)),
    (FOUR, "3 3 3 4 4 4 5 5", "with four players an airplane of two triplets carries two pairs, never singles",
     ("quadplex", "single kickers")),
    (FOUR, "7 7 7 8 8 9", "with four players a triplet carries one pair, never a single", ("quadplex",)),
]


@pytest.mark.parametrize(("rules", "text", "says", "never"), ISSUE_EXAMPLES,
                         ids=[f"{r.players}p {t}" for r, t, _, _ in ISSUE_EXAMPLES])
def test_the_issue_examples_are_refused_for_a_true_reason(rules: Rules, text: str, says: str,
                                                          never: tuple[str, ...]) -> None:
    hand = cards(text + " K", rules)
    verdict = check(Position.build(hand=hand, rules=rules), cards(text, rules))
    assert not verdict.legal
    assert says in verdict.reason
    for phrase in never:
        assert phrase not in verdict.reason
    assert not problems(verdict.reason, verdict.legal), verdict.reason
    answer = COMMANDS["classify"]({"preset": "four_player" if rules.four else "three_player", "cards": text})
    assert answer["combination"] is False and says in answer["reason"]


def one(text: str, rules: Rules = THREE) -> Combo:
    return readings(counts(text, rules), rules)[0]


def test_what_beats_the_table_is_said_for_the_rocket_and_for_bombs() -> None:
    assert beaten_by(one("BJ RJ"), THREE) == "nothing beats the rocket"
    assert beaten_by(one("9 9 9 9"), THREE) == "only a higher bomb or the rocket beats it"
    four = beaten_by(one("9 9 9 9", FOUR), FOUR)
    assert "a bomb of more cards" in four and "the rocket" in four and "same size" not in four
    assert beaten_by(one("3 4 5 6 7"), THREE) == ("only a higher sequence of five cards, a bomb or the rocket "
                                                 "beats it")
    answer = COMMANDS["legal"]({"hand": "9 9 9 9 3", "table": "BJ RJ"})
    assert answer["to_beat"] == "nothing beats the rocket" and answer["count"] == 0
    assert COMMANDS["legal"]({"hand": "3 4"})["to_beat"] == ""


def test_a_longer_sequence_says_that_longer_ones_are_the_common_rule() -> None:
    verdict = check(position("3 4 5 6 7 8 K"), cards("3 4 5 6 7 8"))
    assert verdict.legal and "(sequences longer than five are a common rule, not in these rules; the option " \
        "“Sequences longer than five” changes it)" in verdict.reason
    assert "Sequences longer than five" in verdict.reason
    five = check(position("3 4 5 6 7 K"), cards("3 4 5 6 7"))
    assert five.legal and "common rule" not in five.reason


# --- the reason-pattern test over seeded positions ---------------------------------------------------

_WORD_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_RANKS = {rank_word(r, 2): r for r in range(N)} | {rank_word(r): r for r in range(N)}
_COUNTED = re.compile(r"\b(two|three|four|five|six|seven|eight) (\S+?s)\b")
_PAIR_OF = re.compile(r"\ba pair of (\S+?s)\b")
_THREE_ONLY = re.compile(r"quadplex|single kicker|carries \w+ singles?\b|singles or|with a single\b|with singles")
_TRIPLET_CLAIM = re.compile(r"\b(the|its|airplane's) triplets?\b|\btriplets? carr")
_FOUR_OK = re.compile(r"not played with four players|no quadplex with four players|never (a single|singles)")


def game_problems(reason: str, play: tuple[int, ...], rules: Rules) -> list[str]:
    """What the Dou Dizhu reason ``reason`` (why the cards ``play`` are no combination) says that they do not
    hold, or that the rules do not have."""
    found = []
    if _TRIPLET_CLAIM.search(reason) and 3 not in play[:BJ]:
        loose = any(3 <= play[r] <= 4 and 3 <= play[r + 1] <= 4 for r in range(BJ - 2))
        if not ("airplane's triplets" in reason and loose):
            found.append("a triplet named where the play holds none")
    for word, noun in _COUNTED.findall(reason):
        r = _RANKS.get(noun)
        if r is not None and play[r] != _WORD_NUMBERS[word]:
            found.append(f"'{word} {noun}' for {play[r]}")
    for noun in _PAIR_OF.findall(reason):
        r = _RANKS.get(noun)
        if r is not None and play[r] != 2:
            found.append(f"'a pair of {noun}' for {play[r]}")
    if "pair shape" in reason:
        found.append("a hint to a shape that does not exist")
    if rules.four and _THREE_ONLY.search(reason) and not _FOUR_OK.search(reason):
        found.append("a three-player type in a four-player reason")
    if not rules.four and "with four players" in reason:
        found.append("a four-player rule in a three-player reason")
    return found


def _positions(rules: Rules, wanted: int, seed: int) -> list[tuple[Position, tuple[int, ...]]]:
    """Seeded positions (a hand from a shuffled deck and, mostly, a lead to beat) and a set of cards to play: a
    random part of the hand, biased towards ranks held several times (where kickers and bombs are)."""
    rng = random.Random(seed)
    out = []
    while len(out) < wanted:
        deck = rules.deck.cards()
        rng.shuffle(deck)
        size = rng.randint(rules.hand_size, rules.max_hand)
        hand, rest = counts_of(deck[:size]), counts_of(deck[size:])
        table = None
        if rng.randrange(5):
            leads = [c for group in generate(rest, rules, None).values() for c in group]
            table = rng.choice(leads)
        position = Position(rules, hand, table)
        for _ in range(5):
            play = [0] * N
            ranks = [r for r in range(N) if hand[r]]
            for r in rng.sample(ranks, rng.randint(1, min(6, len(ranks)))):
                play[r] = rng.randint(1, hand[r]) if rng.randrange(3) else hand[r]
            out.append((position, tuple(play)))
    return out


@pytest.mark.parametrize("rules", [THREE, FOUR], ids=["three_player", "four_player"])
def test_reasons_over_seeded_positions_say_only_what_the_cards_hold(rules: Rules) -> None:
    bad: Counter[str] = Counter()
    examples: dict[str, str] = {}
    kinds: Counter[str] = Counter()
    for where, play in _positions(rules, POSITIONS, rules.players):
        verdict = check(where, cards_of(play))
        issues = problems(verdict.reason, verdict.legal)
        if "is no combination: " in verdict.reason:
            kinds["no combination"] += 1
            issues += game_problems(why_not(play, rules), play, rules)
        else:
            kinds["legal" if verdict.legal else "does not beat"] += 1
        if verdict.legal and any(_by_default(c) for c in readings(play, rules)) and "common rule" not in verdict.reason:
            issues.append("a play only a default allows, without the default said")
        for issue in issues:
            what = issue.split(":")[0].split("'")[0]
            bad[what] += 1
            examples.setdefault(what, f"{counts_text(play)} → {verdict.reason}")
    assert sum(kinds.values()) >= POSITIONS and min(kinds.values()) > 200, kinds
    assert not bad, "\n".join(f"{n} × {what}, e.g. {examples[what]}" for what, n in bad.most_common())


def _by_default(combo: Combo) -> bool:
    """Whether only a default (an option declared common) makes ``combo`` a combination."""
    if combo.kind is Kind.SEQUENCE:
        return combo.length > 5
    return combo.kind in (Kind.PAIR, Kind.TRIPLET_PAIR) and (combo.counts[BJ] == 2 or combo.counts[RJ] == 2)


def test_the_pattern_checker_catches_the_old_false_reasons() -> None:
    # The wave-1 reasons of the issue, fed to the checker: each one is caught.
    assert game_problems("a kicker cannot be of the same rank as the triplet (3s)", counts("3 3 3 3 4 4", FOUR),
                         FOUR)
    assert game_problems("single kickers must all be of different ranks (two 7s): with a pair, play the pair shape",
                         counts("3 3 3 4 4 4 5 5 5 7 7 7"), THREE)
    assert game_problems("a triplet carries one single or one pair", counts("7 7 7 8 8 9", FOUR), FOUR)
    assert not game_problems("four of a kind carries two singles or two pairs (a quadplex), and an 8, a 10 and a "
                             "pair of jacks are neither", counts("8 9 9 9 9 10 J J"), THREE)


@pytest.mark.parametrize(("preset", "cards_text", "option", "label"), [
    ("three_player", "3 4 5 6 7 8", "long_sequences", "Sequences longer than five"),
    ("four_player", "3 4 5 6 7 8", "long_sequences", "Sequences longer than five"),
    ("four_player", "BJ BJ", "joker_pairs", "Joker pairs (four players)"),
    ("four_player", "7 7 7 RJ RJ", "joker_pairs", "Joker pairs (four players)"),
])
def test_each_default_both_ways(preset: str, cards_text: str, option: str, label: str) -> None:
    """A play only a default allows: legal with the common rule, which its reason names; refused with the option
    off, with a reason that names the option by its label."""
    request = {"preset": preset, "hand": cards_text + " K", "play": cards_text}
    on = COMMANDS["check"](request)
    assert on["legal"] and f"a common rule, not in these rules; the option “{label}” changes it)" in on["reason"]
    off = COMMANDS["check"]({**request, "options": {option: False}})
    assert not off["legal"] and label in off["reason"] and "is off" in off["reason"]
    legal = COMMANDS["legal"]({"preset": preset, "hand": cards_text + " K", "options": {option: False}})
    assert cards_text not in [p["cards"] for p in legal["plays"]]


def test_the_defaults_are_notes_with_common_options() -> None:
    answer = COMMANDS["rules"]({})
    common = {o["name"] for o in answer["options"] if o["common"]}
    noted = {n["option"] for n in answer["notes"] if n["option"]}
    assert {"long_sequences", "joker_pairs", "spring", "max_redeals"} <= common
    assert common <= noted, "every common option has its note"
    assert all("seed" not in n["text"] for n in answer["notes"])


# --- rule gaps ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("preset", "text", "most"), [
    ("three_player", "3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q Q K K", 20),
    ("three_player", "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9", 20),
])
def test_no_combination_holds_more_cards_than_a_hand(preset: str, text: str, most: int) -> None:
    answer = COMMANDS["classify"]({"preset": preset, "cards": text})
    assert answer["combination"] is False and answer["readings"] == []
    assert f"no hand holds {len(text.split())} cards" in answer["reason"] and f"landlord's {most}" in answer["reason"]
    with pytest.raises(Exception, match="no hand holds"):
        COMMANDS["compare"]({"preset": preset, "table": text, "play": "BJ"})
    # the same chain one rank shorter is a combination: the limit is the hand, not the type
    shorter = " ".join(text.split()[:-2 if "K" in text else -3])
    assert COMMANDS["classify"]({"preset": preset, "cards": shorter})["combination"] is True


def test_four_players_hold_longer_plays() -> None:
    answer = COMMANDS["classify"]({"preset": "four_player", "cards": "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9"})
    assert answer["combo"] == "airplane"


def test_a_spring_is_never_silently_ignored() -> None:
    off = COMMANDS["score"]({"bid": 2, "spring": True})
    assert off["stake"] == 2 and off["doublings"] == 0
    assert any("does not double" in r and "“Spring doubles” is off" in r for r in off["reasons"])
    on = COMMANDS["score"]({"bid": 2, "spring": True, "options": {"spring": True}})
    assert on["stake"] == 4 and on["doublings"] == 1 and on["reasons"] == ["a spring (×2)"]
    plain = COMMANDS["score"]({"bid": 2, "options": {"spring": True}})
    assert plain["stake"] == 2 and plain["reasons"] == []
