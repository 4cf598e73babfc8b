"""Shengji's practice rules: "Which may you play?", "Who wins the trick?", "Is it a tractor?" and "How many
levels?".

:func:`practice_rules` is what :meth:`engine.shengji.game.ShengjiGame.practice_rules` answers: the contract's
shared generators in :mod:`engine.teaching`, and this game's own questions judged by its commands (``legal``,
``winner``, ``is_tractor``, ``score`` and the level table of ``bands``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeAlias

from engine.cards import Card, Rank, Suit, parse_cards
from engine.contract import Game
from engine.errors import CardTableError
from engine.shengji.combos import Kind, classify, decompose, describe_lead, group_of
from engine.shengji.deal import deal
from engine.shengji.drills import drill_rules
from engine.shengji.examples import tractor_reason
from engine.shengji.order import Trump, plain_sort, trump_for
from engine.shengji.play import Position, legal_plays
from engine.shengji.practice import counting_rules
from engine.shengji.rules import Rules
from engine.shengji.score import level_bands
from engine.shengji.state import Action, State
from engine.shengji.trick import trick_winner
from engine.teaching import (
    ATTEMPTS,
    TITLES,
    CardRow,
    Choice,
    Exercise,
    Make,
    PracticeError,
    PracticeRule,
    play_exercise,
    practice_rule,
    seat_name,
    sentence,
    suit_words,
    trick_choices,
)

__all__ = ["practice_rules"]

ShengjiGame: TypeAlias = Game[Rules, State, Action]


def practice_rules(g: ShengjiGame) -> tuple[PracticeRule, ...]:
    """Shengji's practice rules, in the order the practice page lists them."""
    return (
        practice_rule(g, "play", "following the lead: what you must play from the hand you hold",
                      play_exercise(g), ("09-following",)),
        practice_rule(g, "trick", "which play takes the trick: shape, trumps and the led suit", _trick_exercise(g),
                      ("03-trump-order", "10-trumping", "11-trick-winner")),
        practice_rule(g, "tractor", "pairs next to each other, and the gap the trump rank leaves",
                      _tractor_exercise(g), ("07-tractors",)),
        practice_rule(g, "levels", "from the attackers' points to the level change",
                      _levels_exercise(g), ("12-scoring",)),
        *counting_rules(g),
        *drill_rules(g),
    )


# -------------------------------------------------------------------------------------- who wins the trick?


def _trick_exercise(g: ShengjiGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        for _ in range(ATTEMPTS):
            made = _trick(g, rng, preset)
            if made is not None:
                return made
        raise PracticeError(f"no trick for {g.key} was found")

    return make


def _plays(pos: Position, limit: int) -> list[tuple[Card, ...]]:
    """The distinct legal plays of ``pos`` (at most ``limit``), each high to low in the trump order."""
    return [tuple(pos.trump.sort(p)) for p in legal_plays(pos, limit).plays]


def _lead_words(play: Sequence[Card], trump: Trump, rules: Rules) -> str:
    """What a lead is, in a few words ("a pair of 7♠", "a throw of …", "mixed suits")."""
    group = group_of(play, trump)
    return "mixed suits" if group is None else describe_lead(decompose(play, trump, rules), group)


_SHENGJI_RANKS: Final = tuple(r for r in Rank if not r.is_joker)


def _trick(g: ShengjiGame, rng: random.Random, preset: str) -> Exercise | None:
    rules = g.rules(preset)
    rank = rng.choice(_SHENGJI_RANKS)
    suit = None if rng.random() < 0.15 else rng.choice(list(Suit))
    trump = trump_for(rules, rank, suit)
    dealt = deal(rules, rng.randrange(2**31), rules.seats.index("N"))
    hands = {rules.seats[i]: tuple(plain_sort(h)) for i, h in enumerate(dealt.hands)}
    letters = list(g.seat_letters(rules))
    start = rng.randrange(len(letters))
    order = letters[start:] + letters[:start]
    leads = _plays(Position.build(hand=hands[order[0]], rules=rules, trump=trump), 400)
    units = [p for p in leads if "throw" not in _lead_words(p, trump, rules)]
    shaped = [p for p in units if len(p) > 1]
    lead = rng.choice(shaped if shaped and rng.random() < 0.5 else units)
    plays = [lead]
    for seat in order[1:]:
        plays.append(rng.choice(_plays(Position.build(hand=hands[seat], table=lead, rules=rules, trump=trump), 300)))
    leader = rules.seats.index(order[0])
    seats = [rules.seats[(leader + i) % 4] for i in range(len(plays))]
    answer = trick_winner(plays, trump, rules, seats)
    winner = seats[answer.winner]
    reason = sentence(answer.reason)
    if answer.roles:
        reason += " " + " ".join(sentence(f"{seat_name(s)} {r}") for s, r in zip(order, answer.roles, strict=False))
    choices, row = trick_choices(order, plays, winner, answer.reason)
    trump_words = (f"the jokers, the {rank.text}s and every {suit.plural[:-1]}" if suit
                   else f"only the jokers and the {rank.text}s")
    hint = (f"Only a play in the shape that was led can win. Trumps — {trump_words} — beat the suit led; "
            "otherwise the highest play in the led suit wins, and of equal plays the first stays ahead.")
    facts = (("Trump rank", rank.text), ("Trump suit", suit_words(suit) if suit else "none (no trump)"))
    return Exercise(
        game=g.key, rule=f"{g.key}:trick", seed=0, preset=preset, title=TITLES["trick"],
        prompt=f"{seat_name(order[0])} led. Who wins this trick?",
        facts=facts, rows=(row,), choices=choices, hint=hint, explanation=reason, per_choice_hint=False,
    )


# -------------------------------------------------------------------------------------- is it a tractor?


def _tractor_exercise(g: ShengjiGame) -> Make:
    return lambda rng, preset: _tractor(g, rng, preset)


def _tractor(g: ShengjiGame, rng: random.Random, preset: str) -> Exercise:
    rules = g.rules(preset)
    want = rng.random() < 0.5
    for _ in range(ATTEMPTS * 4):
        rank = rng.choice(_SHENGJI_RANKS)
        suit = None if rng.random() < 0.15 else rng.choice(list(Suit))
        cards = _tractor_candidate(rng, rank, suit)
        if cards is None:
            continue
        try:
            g.deck(rules).check(cards, "in the play")
        except CardTableError:
            continue
        trump = trump_for(rules, rank, suit)
        combo = classify(cards, trump, rules) if group_of(cards, trump) is not None else None
        tractor = combo is not None and combo.kind is Kind.TRACTOR
        if tractor != want:
            continue
        why = tractor_reason(cards, trump, rules)[1]
        reason = f"yes: {why}" if tractor else f"no: {why}"
        choices = (Choice("Yes", want, reason), Choice("No", not want, reason))
        trump_suit = suit_words(suit) if suit else "none (no trump)"
        hint = (f"A tractor is two or more pairs next to each other in the order of one suit, or all in trumps. "
                f"The {rank.text}s are trumps here: they leave their suits, so the ranks on either side of "
                f"{rank.text} become neighbours.")
        return Exercise(
            game=g.key, rule=f"{g.key}:tractor", seed=0, preset=preset, title=TITLES["tractor"],
            prompt="Is this play a tractor?",
            facts=(("Trump rank", rank.text), ("Trump suit", trump_suit)),
            rows=(CardRow("The play", (("", cards),)),), choices=choices, hint=hint,
            explanation=sentence(reason), per_choice_hint=False,
        )
    raise PracticeError("no tractor question was found")


def _tractor_candidate(rng: random.Random, rank: Rank, suit: Suit | None) -> tuple[Card, ...] | None:
    """Two or three pairs made to be near a tractor: neighbours in a suit, across the trump rank's gap, across
    suits, the trump-rank cards and the jokers."""
    kind = rng.randrange(7)
    pairs = 3 if rng.random() < 0.15 else 2
    side = rng.choice([s for s in Suit if s is not suit])
    ranks = [r for r in _SHENGJI_RANKS]

    def pair(card: Card) -> list[Card]:
        return [card, card]

    if kind <= 2:  # neighbours (or near) in one suit, the trump suit sometimes
        where = suit if (kind == 2 and suit is not None) else side
        start = rng.randrange(len(ranks) - pairs - 1)
        step = rng.choice((1, 1, 2))
        chosen = [ranks[min(start + i * step, len(ranks) - 1)] for i in range(pairs)]
        if len(set(chosen)) < pairs:
            return None
        return tuple(c for r in chosen for c in pair(Card(r, where)))
    if kind == 3:  # across the trump rank's gap
        i = ranks.index(rank)
        if not 0 < i < len(ranks) - 1:
            return None
        below, above = ranks[i - 1], ranks[i + 1]
        return tuple(pair(Card(below, side)) + pair(Card(above, side)))
    if kind == 4:  # the same ranks in two suits
        other = rng.choice([s for s in Suit if s is not side])
        r = rng.choice(ranks[:-1])
        nxt = ranks[ranks.index(r) + 1]
        return tuple(pair(Card(r, side)) + pair(Card(nxt, other)))
    if kind == 5:  # trump-rank cards: off-suit with the trump suit's, or two off-suit ones
        offs = [s for s in Suit if s is not suit]
        first = rng.choice(offs)
        second = suit if (suit is not None and rng.random() < 0.6) else rng.choice([s for s in offs if s is not first])
        return tuple(pair(Card(rank, first)) + pair(Card(rank, second)))
    # the jokers, or the trump suit's ace with an off-suit trump-rank pair
    if rng.random() < 0.5:
        small, big = parse_cards("BJ")[0], parse_cards("RJ")[0]
        if rng.random() < 0.5 or suit is None:
            return tuple(pair(small) + pair(big))
        return tuple(pair(Card(rank, suit)) + pair(small))
    if suit is None:
        return None
    top = Rank.ACE if rank is not Rank.ACE else Rank.KING
    return tuple(pair(Card(top, suit)) + pair(Card(rank, rng.choice([s for s in Suit if s is not suit]))))


# -------------------------------------------------------------------------------------- how many levels?


def _levels_exercise(g: ShengjiGame) -> Make:
    return lambda rng, preset: _levels(g, rng, preset)


def _levels(g: ShengjiGame, rng: random.Random, preset: str) -> Exercise:
    rules = g.rules(preset)
    threshold, width, total = rules.attack_threshold, rules.band_width, rules.total_points
    outcomes = [(b.bankers_keep, b.levels, b.text) for b in level_bands(rules, total)]
    score = g.commands["score"]  # its reason (the whole scoring in words) is written by the command
    for _ in range(ATTEMPTS):
        centre = threshold + rng.choice((-2, -1, -1, 0, 0, 1, 1, 2)) * width
        points = 0 if rng.random() < 0.08 else max(0, min(total, 5 * round(rng.gauss(centre, width / 2) / 5)))
        kitty = rng.choice((0, 5, 10, 10, 15, 20, 25, 30))
        points = min(points, total - kitty)  # the tricks and the kitty share the points in play
        won_last = rng.random() < 0.4 and kitty > 0
        last_cards = rng.choice((1, 1, 2, 2, 4)) if won_last else 1
        answer = score({"preset": preset, "attacker_points": points, "kitty_points": kitty,
                        "last_trick_cards": last_cards, "attackers_won_last": won_last})
        result = (bool(answer["bankers_keep"]), int(answer["levels_up"]))
        if any((keep, levels) == result for keep, levels, _ in outcomes):
            break  # a result the level table shows (not a score far beyond it)
    else:
        raise PracticeError("no score inside the level table was found")
    choices: list[Choice] = []
    for keep, levels, text in outcomes:
        words = _levels_words(keep, levels)
        if all(ch.text != words for ch in choices):
            choices.append(Choice(words, (keep, levels) == result, text))
    shape = {1: "a single card", 2: "a pair", 4: "a tractor of two pairs"}.get(last_cards, f"{last_cards} cards")
    last = (f"The attackers won the last trick with {shape}." if won_last
            else "The bankers won the last trick.")
    held = f"{kitty} points" if kitty else "no points"
    prompt = (f"The attackers took {points} points in tricks. The kitty holds {held}. {last} "
              "What happens to the levels?")
    kitty_hint = (f"the kitty counts ×{int(answer['kitty_multiplier'])} because the attackers won the last trick"
                  if won_last else "the kitty counts only when the attackers win the last trick")
    hint = (f"Add up the attackers' points first ({kitty_hint}). Then: {threshold} takes the bank, and every "
            f"{width} points more or less is one level.")
    return Exercise(
        game=g.key, rule=f"{g.key}:levels", seed=0, preset=preset, title=TITLES["levels"],
        prompt=prompt, facts=(("Attackers need", str(threshold)), ("One level is", f"{width} points")),
        choices=tuple(choices), hint=hint, explanation=sentence(str(answer["reason"])), per_choice_hint=False,
    )


def _levels_words(keep: bool, levels: int) -> str:
    plural = "level" if levels == 1 else "levels"
    if keep:
        return f"The bankers go up {levels} {plural}"
    if levels == 0:
        return "The attackers take the bank, no level change"
    return f"The attackers take the bank and go up {levels} {plural}"
