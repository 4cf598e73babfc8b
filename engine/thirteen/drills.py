"""Thirteen's rule drills: who leads the first game (the lowest card dealt), passing and the lock-out, and who
leads the next round of a whole hand. Posed from seeded deals and seeded games of the bots; answered by this
package's own :func:`~engine.thirteen.deal.lowest_holder`, :func:`~engine.thirteen.play.check` and the game's own
turn (:func:`~engine.thirteen.state.apply`).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Final, TypeAlias

from engine.base import PASS
from engine.cards import Card
from engine.contract import Game
from engine.errors import CardTableError
from engine.i18n import N_, gettext
from engine.i18n import number as digits
from engine.teaching import (
    CardRow,
    Choice,
    Exercise,
    Make,
    PracticeRule,
    cards_words,
    practice_rule,
    retried,
)
from engine.thirteen.deal import deal_masks, lowest_holder
from engine.thirteen.order import cards_of
from engine.thirteen.play import Position, check, legal_plays
from engine.thirteen.rules import Rules, seat_letters
from engine.thirteen.state import Action, State
from engine.words import seat_name, sentence

__all__ = ["FIRST_TITLE", "LOCK_TITLE", "NEXT_TITLE", "OPEN_TITLE", "drill_rules"]

ThirteenGame: TypeAlias = Game[Rules, State, Action]

FIRST_TITLE: Final = N_("Who leads the first game?")
OPEN_TITLE: Final = N_("Which first play may you make?")
LOCK_TITLE: Final = N_("May you play now?")
NEXT_TITLE: Final = N_("Who leads the next round?")
_SEEDS: Final = 2**31
_YES: Final = N_("Yes")
_NO: Final = N_("No")


def drill_rules(g: ThirteenGame) -> tuple[PracticeRule, ...]:
    """The drills, in the order the practice page lists them."""
    return (
        practice_rule(g, "first", N_("13 cards each; the lowest card dealt leads the first game, and its first play "
                                     "holds that card"), _first(g),
                      ("01-goal",), heading=FIRST_TITLE),
        practice_rule(g, "lockout", N_("you may always pass, but then you are out until the table clears"), _lockout(g),
                      ("10-passing-and-lock-out",), heading=LOCK_TITLE),
        practice_rule(g, "next", N_("a whole hand: the last to play leads the next round"), _next(g),
                      ("12-a-whole-hand",), heading=NEXT_TITLE),
    )


def _hand(mask: int) -> tuple[Card, ...]:
    return tuple(cards_of(mask))


# ------------------------------------------------------------------------------------------ the first lead


def _first(g: ThirteenGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = dataclasses.replace(g.rules(preset), players=rng.choice((2, 3, 4, 4, 4)))
        hands = deal_masks(rules, rng.randrange(_SEEDS))
        letters = seat_letters(rules.players)
        leader = lowest_holder(hands)
        if rng.random() < 0.4:
            opening = _opening(g, rules, _hand(hands[leader]), seat_name(letters[leader]), rng, preset)
            if opening is not None:
                return opening
        low = _hand(hands[leader] & -hands[leader])[0]
        who = seat_name(letters[leader])
        unused = "" if rules.players == 4 else " " + gettext(
            "With {players} players only {cards} cards are dealt, so the lowest card dealt may be higher than 3♠."
        ).format(players=digits(rules.players), cards=digits(13 * rules.players))
        why = gettext("{seat} holds {card}, the lowest card dealt (3s are lowest and 2s highest; within a rank "
                      "♠ < ♣ < ♦ < ♥), so {seat} leads the first game.").format(seat=who, card=low.symbol_text) + unused
        choices = tuple(Choice(seat_name(s), i == leader, why if i == leader else "") for i, s in enumerate(letters))
        rows = tuple(CardRow(seat_name(s), (("", _hand(h)),)) for s, h in zip(letters, hands, strict=True))
        return Exercise(
            game=g.key, rule=f"{g.key}:first", seed=0, preset=preset, title=gettext(FIRST_TITLE),
            prompt=gettext("{players} players have been dealt 13 cards each. Who makes the first play of the first "
                           "game?").format(players=digits(rules.players)),
            facts=((gettext("Players"), digits(rules.players)),), rows=rows, choices=choices,
            hint=gettext("The first game is led by whoever holds the lowest card dealt: look for the lowest 3 (♠ is "
                         "the lowest suit), or the lowest card there is."),
            explanation=sentence(why), per_choice_hint=False,
        )

    return make


def _opening(g: ThirteenGame, rules: Rules, hand: tuple[Card, ...], who: str, rng: random.Random, preset: str
             ) -> Exercise | None:
    """"Which may you open with?": the first play of the first game must contain the lowest card dealt (when the
    rules say so); None when every lead of the hand would do."""
    free = Position.build(hand=hand, rules=rules)
    first = Position.build(hand=hand, first_lead=True, rules=rules)
    leads = [p.combo.cards for p in legal_plays(free, 200) if p.combo is not None]
    allowed = [p for p in leads if check(first, p).legal]
    refused = [p for p in leads if not check(first, p).legal]
    if not allowed or len(refused) < 3:
        return None
    picked = [rng.choice(allowed), *rng.sample(refused, 3)]
    rng.shuffle(picked)
    choices = tuple(Choice(cards_words(p), check(first, p).legal, check(first, p).reason, p,
                           legal=check(first, p).legal) for p in picked)
    return Exercise(
        game=g.key, rule=f"{g.key}:first", seed=0, preset=preset, title=gettext(OPEN_TITLE),
        prompt=gettext("You are {seat} and hold the lowest card dealt, so you make the first play of the first game. "
                       "Which one of these may you open with?").format(seat=who),
        facts=((gettext("Players"), digits(rules.players)),), rows=(CardRow(gettext("Your hand"), (("", hand),)),),
        choices=choices,
    )


# ------------------------------------------------------------------------------------------ passing and lock-out


def _lockout(g: ThirteenGame) -> Make:
    return retried(lambda rng, preset: _lockout_from(g, g.rules(preset), rng, preset), "position for passing")


def _lockout_from(g: ThirteenGame, rules: Rules, rng: random.Random, preset: str) -> Exercise | None:
    hands = [_hand(m) for m in deal_masks(rules, rng.randrange(_SEEDS))]
    mine = hands[0][: rng.randint(4, 9)] if rng.random() < 0.5 else hands[0][-rng.randint(4, 9):]
    other = hands[1]
    leads = [p.combo.cards for p in legal_plays(Position.build(hand=other, rules=rules), 300)
             if p.combo is not None and len(p.combo.cards) <= 2]
    if not leads:
        return None
    table = rng.choice(leads)
    try:
        following = Position.build(hand=mine, table=table, rules=rules)
    except CardTableError:
        return None
    beaters = [p.combo.cards for p in legal_plays(following, 50) if p.combo is not None]
    if not beaters:
        return None
    play = rng.choice(beaters)
    case = rng.choice(("locked", "locked", "free", "pass", "lead-pass", "cleared"))
    table_words = cards_words(table)
    east = seat_name("E")
    if case == "locked":
        pos = Position.build(hand=mine, table=table, passed=True, rules=rules)
        situation = gettext("{east} led {cards}. You passed, then others played on; now {cards} is still the play to "
                            "beat and the turn comes back to you.").format(east=east, cards=table_words)
        action = play
    elif case == "free":
        pos, action = following, play
        situation = gettext("{east} played {cards}. You have not passed in this round.").format(east=east,
                                                                                                cards=table_words)
    elif case == "pass":
        pos, action = following, None
        situation = gettext("{east} played {cards}. You hold {yours}, which would beat it.").format(
            east=east, cards=table_words, yours=cards_words(play))
    elif case == "lead-pass":
        pos, action = Position.build(hand=mine, rules=rules), None
        situation = gettext("Everyone else passed on your last play: the table is clear and it is your lead.")
    else:
        pos, action = Position.build(hand=mine, rules=rules), play
        situation = gettext("You passed earlier. Then everyone passed on {east}'s last play and the table cleared; "
                            "{east} has gone out, so the lead has come to you.").format(east=east)
    question = (gettext("May you pass now?") if action is None
                else gettext("May you play {cards} now?").format(cards=cards_words(play)))
    verdict = check(pos, PASS if action is None else action)
    right = _YES if verdict.legal else _NO
    choices = tuple(Choice(gettext(t), t == right, verdict.reason if t == right else "") for t in (_YES, _NO))
    rows = ((CardRow(gettext("On the table"), ((east, table),)),) if pos.table is not None else ()) + (
        CardRow(gettext("Your hand"), (("", pos.hand),)),)
    return Exercise(
        game=g.key, rule=f"{g.key}:lockout", seed=0, preset=preset, title=gettext(LOCK_TITLE),
        prompt=f"{situation} {question}", rows=rows, choices=choices,
        facts=((gettext("Locked out by a pass"), gettext("yes") if pos.passed else gettext("no")),),
        hint=gettext("Passing is always allowed when you follow — but a pass locks you out until the table clears; "
                     "the player who leads must play."),
        explanation=sentence(verdict.reason), per_choice_hint=False,
    )


# ------------------------------------------------------------------------------------------ the next round


def _next(g: ThirteenGame) -> Make:
    return retried(lambda rng, preset: _next_from(g, g.rules(preset), rng, preset), "round of a whole hand")


def _next_from(g: ThirteenGame, rules: Rules, rng: random.Random, preset: str) -> Exercise | None:
    seed = rng.randrange(_SEEDS)
    state = g.new_game(rules, seed)
    bot = g.bot(rng.choice(("heuristic", "random")))
    bot_rng = random.Random(seed)
    cleared: list[tuple[State, State]] = []
    for _ in range(g.max_actions):
        if g.is_terminal(state):
            break
        after = g.apply_unchecked(state, bot.choose(state, bot_rng))
        if after.turn is not None and after.trick == () and state.trick:
            cleared.append((state, after))
        state = after
    if not cleared:
        return None
    # the rounds that end in a player going out are the ones worth asking about; others half the time
    ending = [c for c in cleared if sum(1 for h in c[1].hands if not h) > sum(1 for h in c[0].hands if not h)]
    before, after = rng.choice(ending if ending and rng.random() < 0.5 else cleared)
    letters = seat_letters(rules.players)
    names = [seat_name(s) for s in letters]
    trick = (*before.trick, *after_last(before, after))
    last_seat = max((i for i, (_, m) in enumerate(trick) if m), default=-1)
    if last_seat < 0:
        return None
    last = trick[last_seat][0]
    leader = after.turn
    assert leader is not None
    lines = tuple((f"{digits(i + 1)}. {names[s]}", cards_words(_hand(m)) if m else gettext("passes"))
                  for i, (s, m) in enumerate(trick))
    if leader == last:
        why = gettext("{seat} made the last play and everyone else passed (or was locked out), so the table clears "
                      "and {seat} leads the next round").format(seat=names[last])
    else:
        why = gettext("{seat} made the last play and went out with it, so the lead passes to the next player still "
                      "in the game after {seat}: {leader}").format(seat=names[last], leader=names[leader])
    out = [names[s] for s in range(rules.players) if not after.hands[s]]
    choices = tuple(Choice(n, i == leader, why if i == leader else "") for i, n in enumerate(names))
    return Exercise(
        game=g.key, rule=f"{g.key}:next", seed=0, preset=preset, title=gettext(NEXT_TITLE),
        prompt=gettext("A round of a game the computer players played is shown, in order. Everyone has now passed or "
                       "is locked out: who leads the next round?"),
        facts=(*lines, (gettext("Out of cards"), ", ".join(out) or gettext("nobody yet"))),
        rows=(CardRow(gettext("The last play of the round"), ((names[last], _hand(trick[last_seat][1])),)),),
        choices=choices,
        hint=gettext("When everyone else has passed, the table clears and the player who made the last play leads; "
                     "if that player has gone out, the next player still in the game leads."),
        explanation=sentence(why), per_choice_hint=False,
    )


def after_last(before: State, after: State) -> tuple[tuple[int, int], ...]:
    """The action that cleared the table (the round's last entry), read from the hands: the seat that acted in
    ``before`` and the cards it played (0: it passed)."""
    seat = before.turn
    assert seat is not None
    return ((seat, before.hands[seat] & ~after.hands[seat]),)
