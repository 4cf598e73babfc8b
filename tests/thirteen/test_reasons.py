"""Thirteen's reasons say only what the position holds: the issue's examples, and 6,000 seeded positions checked
against Thirteen's own bad patterns (a card named that is in no hand, a rank counted wrong, "a higher …" where the
deck holds none, "nothing beats" where something does, the house rule suggested where it would not help, verbs
that do not agree with "three 7s") besides the shared ones of tests/reasons.py."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from engine.base import PASS
from engine.cards import Card, parse_cards
from engine.command_tables import commands_of
from engine.errors import CardTableError
from engine.thirteen import GAME, Position, check, classify, legal_plays
from engine.thirteen.combos import beats_key, kind_of_mask
from engine.thirteen.order import ALL_MASK, CARDS, cards_of, mask_of
from engine.thirteen.play import lead_groups
from engine.thirteen.rules import Rules
from tests.reasons import problems

POSITIONS = 6_000
CARD = re.compile(r"(10|[2-9JQKA])([♠♣♦♥])")
COUNTED = re.compile(r"\b(one|two|three|four) (10|[2-9JQKA])s?\b")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4}
HIGHER = re.compile(r"(?:a single card|with a top card) higher than (10|[2-9JQKA])([♠♣♦♥])|a higher four of a kind|"
                    r"a higher top card than")
DISAGREE = re.compile(r"\b(three|four) (10|[2-9JQKA])s (\(top \S+\) )?(beats|does|is)\b|"
                      r"\ba pair of \S+ \(top \S+\) (beat|do|are) |(?<![,d] )\b(10|[2-9JQKA])[♠♣♦♥] (beat|do|are) ")


def _best(free: int, per: int, ranks: range) -> int:
    """The highest cards of ``free``, ``per`` of each rank in ``ranks`` (0 when a rank has fewer)."""
    mask = 0
    for r in ranks:
        held = [i for i in range(4 * r + 3, 4 * r - 1, -1) if free >> i & 1][:per]
        if len(held) < per:
            return 0
        mask |= sum(1 << i for i in held)
    return mask


def _candidates(free: int, twos: bool) -> list[tuple[int, int]]:
    """For every kind, length and top rank, the combination of ``free`` cards with the highest top card: enough to
    know whether anything of a shape is higher, or beats a table (an oracle independent of the engine's reasons)."""
    out = []
    for r in range(13):
        for per, kind in ((1, 0), (2, 1), (3, 2), (4, 3)):
            mask = _best(free, per, range(r, r + 1))
            if mask:
                out.append((kind, mask))
        for length in range(3, r + 2):
            if r < 12:
                mask = _best(free, 1, range(r - length + 1, r + 1))
                if mask:
                    out.append((4, mask))
            if r < 12 or twos:
                mask = _best(free, 2, range(r - length + 1, r + 1))
                if mask:
                    out.append((5, mask))
    return out


def _position(rng: random.Random) -> tuple[Position, object] | None:
    order = list(range(52))
    rng.shuffle(order)
    size = rng.choice([13, 13, 10, 7, 5, 3, 1])
    hand = sum(1 << i for i in order[:size])
    other = sum(1 << i for i in order[size:size + 26])
    options: dict[str, object] = {"twos_in_double_sequences": True} if rng.random() < 0.3 else {}
    if rng.random() < 0.2:
        options["chop_after_pass"] = True
    rules = GAME.rules(rng.choice(["seed", "pagat"]), options)
    twos = rules.twos_in_double_sequences
    table = 0
    if rng.random() < 0.75:
        kinds = [ms for _, ms in lead_groups(other, twos) if ms]
        table = rng.choice(rng.choice(kinds))
        if rng.random() < 0.25:  # 2s on the table (up to four of them)
            held = [i for i in range(48, 52) if other >> i & 1]
            if held:
                table = sum(1 << i for i in held[-rng.randint(1, len(held)):])
    passed = bool(table) and rng.random() < 0.15
    first = not table and bool(hand & 1) and rng.random() < 0.15
    try:
        position = Position.build(hand=cards_of(hand), table=cards_of(table), rules=rules, passed=passed,
                                  first_lead=first)
    except CardTableError:
        return None
    pick = rng.random()
    play: object
    if pick < 0.3:
        legal = list(legal_plays(position, 60))
        play = rng.choice(legal).cards if legal else PASS
    elif pick < 0.4:
        play = PASS
    elif pick < 0.9:
        play = tuple(rng.sample(list(position.hand), rng.randint(1, min(8, len(position.hand)))))
    else:
        play = tuple(rng.sample(CARDS, rng.randint(1, 4)))
    return position, play


def thirteen_problems(position: Position, play: object, legal: bool, reason: str) -> list[str]:
    """What is wrong with a Thirteen reason, judged from the position itself (not from the code that wrote it)."""
    found: list[str] = []
    rules: Rules = position.rules
    twos = rules.twos_in_double_sequences
    table = position.table
    cards: tuple[Card, ...] = () if play is PASS else tuple(play)  # type: ignore[arg-type]
    sets = [set(cards), set(position.hand), set(table.cards if table else ())]
    for rank, suit in CARD.findall(reason):
        card = parse_cards(rank + {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}[suit])[0]
        if not any(card in s for s in sets):
            found.append(f"names {card.symbol_text}, which is neither played, held nor on the table")
    for word, rank in COUNTED.findall(reason):
        n = NUMBERS[word]
        if not any(sum(1 for c in s if c.rank.text == rank) == n for s in sets):
            found.append(f"counts {word} {rank}s, which no play, hand or table holds")
    if DISAGREE.search(reason):
        found.append(f"a verb that does not agree: {DISAGREE.search(reason).group(0)!r}")  # type: ignore[union-attr]
    if table is not None:
        free = ALL_MASK & ~table.mask
        t_top = table.mask.bit_length() - 1
        t_kind = int(table.kind)
        candidates = _candidates(free, twos)
        higher = [m for k, m in candidates
                  if k == t_kind and m.bit_count() == table.length and m.bit_length() - 1 > t_top]
        if HIGHER.search(reason) and not higher:
            found.append("offers a higher combination of the table's shape, but the deck holds none")
        anything = [m for k, m in candidates if beats_key(k, m, t_kind, table.mask, rules.bomb_ladder)]
        if ("nothing beats" in reason or "nothing can" in reason) and anything:
            found.append("says nothing beats the table, but something in the deck does")
        if "nothing in your hand beats" in reason:
            if not position.passed and [p for p in legal_plays(position)]:
                found.append("says nothing in the hand beats the table, but the hand holds a legal play")
    if "lets pairs of 2s end one, right after the aces" in reason and classify(cards, True) is None:
        found.append("suggests the house rule for 2s, which would not make these cards a combination")
    if "“Bomb ladder” lets it" in reason and table is not None and cards:
        kind = kind_of_mask(mask_of(cards), twos)
        if kind is None or not beats_key(int(kind), mask_of(cards), int(table.kind), table.mask, True):
            found.append("says the bomb ladder would let this play beat the table, but it would not")
    if legal and not re.search(r"beats?|chops?|\blead|first play|pass", reason):
        found.append("a legal verdict whose reason does not say why it is allowed")
    if not legal and not re.search(r"\bnot\b|cannot|nothing|must|never|only|no cards", reason):
        found.append("an illegal verdict whose reason does not say what is wrong")
    return found


def test_six_thousand_positions_give_true_grammatical_reasons() -> None:
    rng = random.Random(13)
    bad: Counter[str] = Counter()
    example: dict[str, str] = {}
    checked = 0
    kinds: Counter[str] = Counter()
    while checked < POSITIONS:
        made = _position(rng)
        if made is None:
            continue
        position, play = made
        verdict = check(position, play)  # type: ignore[arg-type]
        kinds["legal" if verdict.legal else "illegal"] += 1
        if position.table is not None and position.table.top.rank.text == "2":
            kinds["2s on the table"] += 1
        for problem in problems(verdict.reason, verdict.legal) + thirteen_problems(position, play, verdict.legal,
                                                                                  verdict.reason):
            what = problem.split(":")[0]
            bad[what] += 1
            table = " ".join(c.text for c in position.table.cards) if position.table else "-"
            shown = "pass" if play is PASS else " ".join(c.text for c in play)  # type: ignore[attr-defined]
            example.setdefault(what, f"[{table}] {shown} → {verdict.reason}")
        checked += 1
    assert kinds["legal"] > 1000 and kinds["illegal"] > 2000 and kinds["2s on the table"] > 500, kinds
    assert not bad, "\n".join(f"{n} × {what}, e.g. {example[what]}" for what, n in bad.most_common())


def test_the_commentary_of_whole_games_reads_well() -> None:
    from engine.driver import play_out, replay

    for seed in range(40):
        preset = ("seed", "pagat")[seed % 2]
        options = {"players": 2 + seed % 3}
        record, _ = play_out(GAME, GAME.rules(preset, options), seed, "random", preset=preset, options=options)
        for step in replay(GAME, record)[1]:
            assert not problems(step.comment), (step.comment, problems(step.comment))
            assert step.comment[:1].isupper() and step.comment.endswith((".", "!", ")")), step.comment


# ------------------------------------------------------------------------------------------------ issue #16


def _reason(hand: str, table: str, play: str, preset: str = "seed", **options: object) -> tuple[bool, str]:
    position = Position.build(hand=parse_cards(hand), table=parse_cards(table), rules=GAME.rules(preset,
                              options or None))
    verdict = check(position, PASS if play == "pass" else parse_cards(play))
    return verdict.legal, verdict.reason


def test_four_twos_on_the_table_ask_for_nothing_that_does_not_exist() -> None:
    legal, reason = _reason("3S 4S 5S 9S 9H 9D 9C", "2S 2C 2D 2H", "9S 9H 9D 9C")
    assert not legal
    assert "higher top card than 2♥" not in reason and "higher than 2♥" not in reason
    assert "no four of a kind is higher" in reason and reason.endswith(
        "the bomb ladder lets a double sequence of 4 pairs beat a four of a kind (a common rule, not in these rules; "
        "the option “Bomb ladder” changes it)")
    legal, reason = _reason("3S 4S 5S", "2S 2C 2D 2H", "3S")
    assert not legal and reason.startswith("3♠ does not beat four 2s, and nothing can: no four of a kind is higher")
    # With the bomb ladder a double sequence of 4 pairs is the only answer; nothing else is offered.
    legal, reason = _reason("3S 4S 5S 9S 9H 9D 9C", "2S 2C 2D 2H", "3S", "pagat")
    assert not legal and reason == ("3♠ does not beat four 2s: only a double sequence of 4 pairs beats them; "
                                    "nothing in your hand beats the table, so you can only pass")
    legal, reason = _reason("3S 3H 4S 4H 5S 5H 6S 6H", "2S 2C 2D 2H", "3S 3H 4S 4H 5S 5H 6S 6H", "pagat")
    assert legal and "bigger bomb than four 2s" in reason


@pytest.mark.parametrize("twos", [False, True])
def test_33_44_55_22_is_refused_without_suggesting_a_rule_that_would_not_help(twos: bool) -> None:
    cards = "3S 3C 4S 4C 5S 5C 2S 2H"
    assert classify(parse_cards(cards), True) is None, "not a double sequence even with 2s allowed"
    legal, reason = _reason(cards + " 9D", "", cards, **({"twos_in_double_sequences": True} if twos else {}))
    assert not legal and "is not a double sequence" in reason
    assert "lets pairs of 2s end one, right after the aces" not in reason
    if twos:
        assert "pairs of 2s may only end one, right after a pair of aces" in reason
    else:
        assert "even the option “2s in double sequences” lets pairs of 2s end one only right after a pair of " \
               "aces" in reason and "2s never go in a double sequence (a common rule, not in these rules)" in reason
    # Where the option would help, it is named as what changes the verdict.
    legal, reason = _reason("KS KH AS AH 2S 2H", "", "KS KH AS AH 2S 2H")
    assert not legal and "the option “2s in double sequences” lets pairs of 2s end one" in reason
    assert _reason("KS KH AS AH 2S 2H", "", "KS KH AS AH 2S 2H", twos_in_double_sequences=True)[0]


def test_the_first_lead_rule_is_said_to_be_a_default_and_names_its_option() -> None:
    position = Position.build(hand=parse_cards("3S 4S 5H 9D"), rules=Rules(), first_lead=True)
    verdict = check(position, parse_cards("9D"))
    assert not verdict.legal
    assert verdict.reason == ("the first play of the game must contain 3♠, the lowest card dealt (a common rule, not "
                              "in these rules; the option “The first play contains the lowest card” changes it)")
    free = Position.build(hand=parse_cards("3S 4S 5H 9D"), rules=GAME.rules("seed",
                          {"first_lead_must_contain_lowest": False}), first_lead=True)
    assert check(free, parse_cards("9D")).legal


def test_a_default_bomb_rule_names_the_option_that_changes_the_verdict() -> None:
    legal, reason = _reason("7S 7C 7D 7H", "4S 4C 5S 5C 6S 6C", "7S 7C 7D 7H")
    assert not legal and "the bomb ladder lets a four of a kind beat a double sequence of 3 pairs (a common rule, " \
                         "not in these rules; the option “Bomb ladder” changes it)" in reason
    assert _reason("7S 7C 7D 7H", "4S 4C 5S 5C 6S 6C", "7S 7C 7D 7H", "pagat")[0]


def test_a_locked_out_player_is_told_what_may_still_be_played() -> None:
    rules = GAME.rules("seed")
    position = Position.build(hand=parse_cards("7S 7C 7D 7H 9S"), table=parse_cards("2H"), rules=rules, passed=True)
    verdict = check(position, parse_cards("7S 7C 7D 7H"))
    assert not verdict.legal and "the option “Bombs after a pass” would still let you play this bomb" in \
        verdict.reason
    pagat = Position.build(hand=parse_cards("7S 7C 7D 7H 9S"), table=parse_cards("2H"), rules=GAME.rules("pagat"),
                           passed=True)
    assert check(pagat, parse_cards("7S 7C 7D 7H")).legal
    refused = check(pagat, parse_cards("9S"))
    assert not refused.legal and refused.reason.endswith("except for a bomb that beats 2♥")


def test_the_checker_above_catches_what_it_looks_for() -> None:
    position = Position.build(hand=parse_cards("3S 4S 9D"), table=parse_cards("2S 2C 2D 2H"), rules=Rules())
    assert thirteen_problems(position, parse_cards("3S"), False,
                             "3♠ does not beat four 2s: play a four of a kind with a top card higher than 2♥")
    assert thirteen_problems(position, parse_cards("3S"), False, "three 3s do not beat four 2s")
    assert thirteen_problems(position, parse_cards("3S"), False, "3♠ does not beat K♥")
    assert thirteen_problems(position, parse_cards("3S"), False, "four 2s is a bomb; 3♠ does not beat them")
    lower = Position.build(hand=parse_cards("3S 4S 9D"), table=parse_cards("8H"), rules=Rules())
    assert thirteen_problems(lower, parse_cards("3S"), False, "3♠ does not beat 8♥, and nothing can: …")
    assert thirteen_problems(lower, parse_cards("3S"), False,
                             "3♠ does not beat 8♥; nothing in your hand beats the table, so you can only pass")


def test_every_default_the_sources_leave_open_is_a_note_naming_its_option() -> None:
    specs = {s.name: s for s in GAME.option_specs()}
    noted = {n.option for n in GAME.notes if n.option}
    assert noted <= set(specs), "a note names an option that does not exist"
    common = {name for name, s in specs.items() if s.common}
    assert common == noted, (common, noted)
    assert {"first_lead_must_contain_lowest", "twos_in_double_sequences", "bomb_ladder", "players"} <= common
    answer = commands_of(GAME)["rules"]({})
    assert {o["name"] for o in answer["options"] if o["common"]} == common


def test_the_first_lead_commentary_says_the_rule_is_a_default() -> None:
    from engine.driver import play_out, replay

    record, _ = play_out(GAME, GAME.rules("seed"), 3, "heuristic")
    first = replay(GAME, record)[1][0]
    assert "The first play of the game must contain 3♠ (a common rule, not in these rules; the option “The first " \
           "play contains the lowest card” changes it)." in first.comment
