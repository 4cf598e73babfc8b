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
from engine.i18n import N_, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.shengji.combos import Kind, classify, decompose, describe_lead, group_of, shape_name
from engine.shengji.deal import deal
from engine.shengji.drills import drill_rules, suit_words
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
    CardRow,
    Choice,
    Exercise,
    Make,
    PracticeError,
    PracticeRule,
    play_exercise,
    practice_rule,
)
from engine.words import seat_name, sentence

__all__ = ["practice_rules"]

ShengjiGame: TypeAlias = Game[Rules, State, Action]


def practice_rules(g: ShengjiGame) -> tuple[PracticeRule, ...]:
    """Shengji's practice rules, in the order the practice page lists them."""
    return (
        practice_rule(g, "play", N_("following the lead: what you must play from the hand you hold"),
                      play_exercise(g), ("09-following",)),
        practice_rule(g, "trick", N_("which play takes the trick: shape, trumps and the led suit"), _trick_exercise(g),
                      ("03-trump-order", "10-trumping", "11-trick-winner")),
        practice_rule(g, "tractor", N_("pairs next to each other, and the gap the trump rank leaves"),
                      _tractor_exercise(g), ("07-tractors",)),
        practice_rule(g, "levels", N_("from the attackers' points to the level change"),
                      _levels_exercise(g), ("12-scoring",)),
        *counting_rules(g),
        *drill_rules(g),
    )


# -------------------------------------------------------------------------------------- who wins the trick?


def _trick_exercise(g: ShengjiGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        for _attempt in range(ATTEMPTS):
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
    return _("mixed suits") if group is None else describe_lead(decompose(play, trump, rules), group)


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
    units = [p for p in leads if len(decompose(p, trump, rules)) == 1]
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
        reason += " " + " ".join(sentence(pgettext("trick role", "{seat} {role}").format(seat=seat_name(s), role=r))
                                 for s, r in zip(order, answer.roles, strict=False))
    choices = tuple(Choice(seat_name(s), s == winner, answer.reason if s == winner else "") for s in order)
    row = CardRow(_("The trick, in the order played"),
                  tuple((_("{seat} (led)").format(seat=seat_name(s)) if i == 0 else seat_name(s), tuple(p))
                        for i, (s, p) in enumerate(zip(order, plays, strict=True))))
    trump_words = (_("the jokers, the {rank}s and every {suit}").format(rank=rank.text, suit=suit.symbol) if suit
                   else _("only the jokers and the {rank}s").format(rank=rank.text))
    hint = _("Only a play in the shape that was led can win. Trumps — {trumps} — beat the suit led; otherwise the "
             "highest play in the led suit wins, and of equal plays the first stays ahead.").format(trumps=trump_words)
    facts = ((_("Trump rank"), rank.text), (_("Trump suit"), suit_words(suit) if suit else _("none (no trump)")))
    return Exercise(
        game=g.key, rule=f"{g.key}:trick", seed=0, preset=preset,
        title=pgettext("shengji practice", "Who wins the trick?"),
        prompt=_("{seat} led. Who wins this trick?").format(seat=seat_name(order[0])),
        facts=facts, rows=(row,), choices=choices, hint=hint, explanation=reason, per_choice_hint=False,
    )


# -------------------------------------------------------------------------------------- is it a tractor?


def _tractor_exercise(g: ShengjiGame) -> Make:
    return lambda rng, preset: _tractor(g, rng, preset)


def _tractor(g: ShengjiGame, rng: random.Random, preset: str) -> Exercise:
    rules = g.rules(preset)
    want = rng.random() < 0.5
    for _attempt in range(ATTEMPTS * 4):
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
        reason = (_("yes: {why}") if tractor else _("no: {why}")).format(why=why)
        choices = (Choice(_("Yes"), want, reason), Choice(_("No"), not want, reason))
        trump_suit = suit_words(suit) if suit else _("none (no trump)")
        hint = _("A tractor is two or more pairs next to each other in the order of one suit, or all in trumps. The "
                 "{rank}s are trumps here: they leave their suits, so the ranks on either side of {rank} become "
                 "neighbours.").format(rank=rank.text)
        return Exercise(
            game=g.key, rule=f"{g.key}:tractor", seed=0, preset=preset,
        title=pgettext("shengji practice", "Is it a tractor?"),
            prompt=_("Is this play a tractor?"),
            facts=((_("Trump rank"), rank.text), (_("Trump suit"), trump_suit)),
            rows=(CardRow(_("The play"), (("", cards),)),), choices=choices, hint=hint,
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
    for _attempt in range(ATTEMPTS):
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
    shape = {1: shape_name((1, 1)), 2: shape_name((2, 1)), 4: shape_name((2, 2))}.get(last_cards, "")
    last = (_("The attackers won the last trick with {shape}.").format(shape=shape) if won_last
            else _("The bankers won the last trick."))
    held = _("{count} points").format(count=local_number(kitty)) if kitty else _("no points")
    prompt = _("The attackers took {points} points in tricks. The kitty holds {held}. {last} What happens to the "
               "levels?").format(points=local_number(points), held=held, last=last)
    kitty_hint = (_("the kitty counts ×{times} because the attackers won the last trick").format(
        times=local_number(int(answer["kitty_multiplier"]))) if won_last else
        _("the kitty counts only when the attackers win the last trick"))
    hint = _("Add up the attackers' points first ({kitty}). Then: {threshold} takes the bank, and every {width} "
             "points more or less is one level.").format(kitty=kitty_hint, threshold=local_number(threshold),
                                                         width=local_number(width))
    return Exercise(
        game=g.key, rule=f"{g.key}:levels", seed=0, preset=preset,
        title=pgettext("shengji practice", "How many levels?"),
        prompt=prompt, facts=((_("Attackers need"), local_number(threshold)),
                              (_("One level is"), _("{count} points").format(count=local_number(width)))),
        choices=tuple(choices), hint=hint, explanation=sentence(str(answer["reason"])), per_choice_hint=False,
    )


def _levels_words(keep: bool, levels: int) -> str:
    if keep:
        return (_("The bankers go up {count} level") if levels == 1 else
                _("The bankers go up {count} levels")).format(count=local_number(levels))
    if levels == 0:
        return _("The attackers take the bank, no level change")
    return (_("The attackers take the bank and go up {count} level") if levels == 1 else
            _("The attackers take the bank and go up {count} levels")).format(count=local_number(levels))
