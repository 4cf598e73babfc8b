"""Euchre's own reason patterns, over more than 5,000 seeded positions of every preset: every reason a learner
reads (the verdict on every card of the hand and on every call, the trick's winner, the rule-of-thumb call, the
commentary and the outcome) is free of the shared bad patterns (tests/reasons.py) and of Euchre's own, and says
only what the position really holds — a left bower named is the left bower, "you hold no clubs" means no club in
hand, "the only trump played" means one trump in the trick."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

from engine.base import PASS
from engine.cards import Card, Suit, parse_cards
from engine.contract import COMMON_RULE
from engine.euchre import (
    GAME,
    HandState,
    Phase,
    Position,
    call_strength,
    check,
    check_action,
    left_bower,
    parse_action,
    right_bower,
    trick_winner,
    winner_reason,
)
from engine.euchre.order import EFFECTIVE
from engine.euchre.rules import Rules
from tests.reasons import problems

POSITIONS = 5_200
CARD = r"(RJ|10[♠♥♦♣]|[9JQKA][♠♥♦♣])"
NAMED = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS,
         "spade": Suit.SPADES, "heart": Suit.HEARTS, "diamond": Suit.DIAMONDS, "club": Suit.CLUBS}
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
OWN = [
    (re.compile(r"\([^()]*\("), "nested parentheses"),
    (re.compile(r"\b0 \w+"), "a zero count in digits"),
    (re.compile(r"\b(North|East|South|West)\b[^;]*\byou\b|\byou\b[^;]*\b(North|East|South|West) (may|must)\b"),
     "a seat and 'you' in one clause"),
    (re.compile(r"'[a-z0-9 ]+'|\b\d[SHDC]\b"), "an action or a card in raw notation"),
    (re.compile(r"\bsuit_|\boption [a-z_]+\b"), "an option by its identifier"),
]


def cards_in(text: str) -> list[Card]:
    return [Card.parse(t.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C"))
            for t in re.findall(CARD, text)]


def states() -> Iterator[HandState]:
    """Every state of seeded random hands, every preset in turn, until POSITIONS decisions were seen."""
    rng = random.Random(2024)
    bot = GAME.bot("random")
    presets = list(GAME.presets)
    seen, seed = 0, 0
    while seen < POSITIONS:
        seed += 1
        state = GAME.new_game(GAME.rules(presets[seed % len(presets)]), seed)
        while not GAME.is_terminal(state):
            yield state
            seen += 1
            state = GAME.apply_unchecked(state, bot.choose(state, rng))
        yield state


def play_truths(state: HandState, card: Card, reason: str, legal: bool) -> list[str]:
    """What a play reason says that the position must bear out."""
    assert state.trump is not None and state.to_act is not None
    trump, hand, table = state.trump, state.hands[state.to_act], state.trick_cards
    suits = EFFECTIVE[trump]
    wrong = []
    for m in re.finditer(CARD + r" is the left bower", reason):
        if cards_in(m.group(0))[0] != left_bower(trump):
            wrong.append("a card called the left bower that is not")
    for m in re.finditer(r"you hold no (\w+)", reason):
        suit = NAMED[m.group(1)]
        if any(suits[c] is suit for c in hand):
            wrong.append("'you hold no …' while holding one")
    for m in re.finditer(r"you hold (one|two|three|four|five) (\w+) \(([^)]*)\)", reason):
        held = cards_in(m.group(3))
        suit = NAMED[m.group(2)]
        if WORDS[m.group(1)] != len(held) or any(suits[c] is not suit for c in held) or \
                sum(1 for c in hand if suits[c] is suit) != len(held):
            wrong.append("the cards held of the suit led miscounted")
    if "follows suit" in reason and (not table or suits[card] is not suits[table[0]] or not legal):
        wrong.append("'follows suit' for a card that does not")
    if table:
        m = re.search(r"(\w+) were led", reason)
        if m is None or NAMED[m.group(1)] is not suits[table[0]]:
            wrong.append("the suit led named wrongly")
    elif "you lead this trick" not in reason:
        wrong.append("a lead not said to be a lead")
    return wrong


def winner_truths(cards: tuple[Card, ...], trump: Suit, reason: str) -> list[str]:
    suits = EFFECTIVE[trump]
    trumps = [c for c in cards if suits[c] is trump]
    wrong = []
    if cards_in(reason)[0] != cards[trick_winner(cards, trump)]:
        wrong.append("the winner named is not the winning card")
    if ("the only trump played" in reason) != (len(trumps) == 1):
        wrong.append("'the only trump' when it is not")
    if ("no trump was played" in reason) != (not trumps):
        wrong.append("'no trump was played' when one was")
    if "(right bower)" in reason and cards_in(reason)[0] != right_bower(trump):
        wrong.append("a card called the right bower that is not")
    if "(left bower)" in reason and cards_in(reason)[0] != left_bower(trump):
        wrong.append("a card called the left bower that is not")
    return wrong


def test_euchre_reasons_say_what_the_position_holds() -> None:
    bad: Counter[str] = Counter()
    examples: dict[str, str] = {}
    decisions = 0

    def judge(reason: str, legal: bool | None, wrong: list[str], *, sentence: bool = False) -> None:
        found = [p.split(":")[0] for p in problems(reason, legal, OWN)] + wrong
        if sentence:
            if not (reason[:1].isupper() or reason[:1].isdigit()) or not reason.endswith("."):
                found.append("commentary that is not a sentence")
        else:
            first = reason.split()[0] if reason else ""
            if reason.endswith(".") or (first[:1].isupper() and first.strip(",") not in
                                        ("North", "East", "South", "West", "North-South", "East-West")
                                        and not cards_in(first)):
                found.append("a reason that is not a clause")
        for what in found:
            bad[what] += 1
            examples.setdefault(what, reason)

    previous: HandState | None = None
    for state in states():
        if previous is not None and previous.to_act is not None and len(previous.history) < len(state.history):
            action = state.history[-1][1]
            step = GAME.comment(previous, action, state)
            for part in re.split(r"(?<=\.) (?=[A-Z])", step.comment):
                judge(part, None, [], sentence=True)
            if len(state.tricks) > len(previous.tricks):
                trick = state.tricks[-1]
                assert state.trump is not None
                judge(winner_reason(trick.cards, state.trump), None, winner_truths(trick.cards, state.trump,
                                                                                   winner_reason(trick.cards,
                                                                                                 state.trump)))
        previous = state
        if state.to_act is None:
            outcome = GAME.outcome(state)
            assert outcome is not None
            for part in re.split(r"(?<=\.) (?=[A-Z])", outcome.summary):
                judge(part, None, [], sentence=True)
            previous = None
            continue
        decisions += 1
        legal_texts = {GAME.action_text(a) for a in GAME.legal_actions(state)}
        for action in GAME.legal_actions(state):  # the coach's rules of thumb are reasons too
            thumb = GAME.rule_of_thumb(state, action)
            if thumb:
                judge(thumb, None, [])
        if state.phase is Phase.PLAY:
            for card in state.hands[state.to_act]:
                verdict = check_action(state, card)
                assert verdict.legal == (card.text in legal_texts)
                judge(verdict.reason, verdict.legal, play_truths(state, card, verdict.reason, verdict.legal))
        if state.phase in (Phase.CALL_ROUND_1, Phase.CALL_ROUND_2) and state.hands[state.to_act]:
            for suit in Suit:
                judge(call_strength(state.hands[state.to_act], suit)[1], None, [])
        for text in ("pass", "order up", "name S", "name H", "name D", "name C", "alone", "partner",
                     "discard 9C", "discard JH", "9C", "JD", "AH", "RJ"):
            action = parse_action(text)
            verdict = GAME.check(state, action)
            assert verdict.legal == (text in legal_texts), (text, verdict)
            if state.phase is not Phase.PLAY or not isinstance(action, Card):
                judge(verdict.reason, verdict.legal, [])
    assert decisions >= POSITIONS
    assert not bad, "\n".join(f"{n} × {what}, e.g. {examples[what]}" for what, n in bad.most_common())


def test_the_turned_down_suit_is_said_to_be_a_default() -> None:
    state = next(s for s in states() if s.phase is Phase.CALL_ROUND_2 and s.rules == GAME.rules("seed"))
    assert state.turned_suit is not None
    refused = GAME.check(state, parse_action(f"name {state.turned_suit.letter}"))
    assert not refused.legal
    assert refused.reason.endswith(f"may not be named in round 2 ({COMMON_RULE}; the option “The turned-down suit "
                                   "may be named” changes it)")
    allowed = GAME.rules("seed", {"name_turned_down_suit": True})
    opened = GAME.check(GAME.new_game(allowed, 0)._with(phase=Phase.CALL_ROUND_2, passes=4, to_act=state.to_act,
                                                        upcard=state.upcard, hands=state.hands,
                                                        dealer=state.dealer),
                        parse_action(f"name {state.turned_suit.letter}"))
    assert opened.legal and opened.reason.endswith("(the option “The turned-down suit may be named” is on)")


def test_reasons_for_the_issue_positions() -> None:
    # The left bower does not follow its printed suit, and the count of clubs held is the real one.
    position = Position.build(hand=parse_cards("JD AS QC KC 10H"), table=parse_cards("9C"), rules=Rules(),
                              trump=Suit.HEARTS)
    verdict = check(position, Card.parse("JD"))
    assert not verdict.legal
    assert verdict.reason == ("J♦ is the left bower, a heart while hearts are trump, not a club; you hold two clubs "
                              "(Q♣ K♣), and you must follow suit when clubs were led (9♣)")
    alone = Position.build(hand=parse_cards("AS 9H 10D"), table=parse_cards("JD"), rules=Rules(), trump=Suit.HEARTS)
    assert check(alone, Card.parse("AS")).reason == (
        "A♠ is not a heart; you hold one heart (9♥), and you must follow suit when hearts were led (J♦ is the "
        "left bower, a heart while hearts are trump)")
    # No "only 0 trumps", no "1 tricks".
    assert call_strength(parse_cards("AS KS QC 9D 10D"), Suit.HEARTS)[1].startswith("no trumps: too weak")
    assert call_strength(parse_cards("9H AS KS QC 9D"), Suit.HEARTS)[1].startswith("only one trump (9♥)")
    # A pass by the dealer in round 1 turns the upcard down (the next player does not decide: round 2 begins).
    state = GAME.new_game(GAME.rules(), 3)
    for _ in range(3):
        state = GAME.apply(state, PASS)
    assert "round 2 begins" in GAME.check(state, PASS).reason
