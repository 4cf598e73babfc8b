"""What the Table shows of a game of Thirteen: each seat's view, the commentary of every step, the outcome.

The commentary names every lead, beat, chop, pass and lock-out, table clearing, player going out, and the
finishing order — and, under the option ``twos_in_double_sequences``, that a double sequence ending in 2s is
allowed (and chops like any double sequence of as many pairs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import Pass
from engine.cards import Card
from engine.contract import Outcome, Prompt
from engine.i18n import N_, Nn_, gettext, pgettext
from engine.i18n import number as digits
from engine.table import Seat, Step, TableView
from engine.thirteen.combos import PAIRS, POP, Combo, Kind, chop_answers, combo_of_mask, higher_exists
from engine.thirteen.order import TWO_RANK, TWOS_MASK, cards_of, index, mask_of
from engine.thirteen.rules import Finish, default_note, seat_letters, seat_names
from engine.thirteen.score import score_hand
from engine.thirteen.state import PASS_TEXT, Action, State, action_text, moves, places
from engine.words import and_list, common_rule, count, number, or_list, sentence

__all__ = ["comment", "finishing_sentence", "hand_groups", "ordinal", "outcome", "outcome_data", "prompt", "view"]

_ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
COUNTED_NOUNS = (Nn_("play", "plays"), Nn_("pass", "passes"))
"""The nouns this package counts beyond engine.words' own (for the catalogs)."""


def ordinal(place: int) -> str:
    """1st … 4th, in the current language."""
    return gettext(_ORDINALS[place - 1])


def view(state: State, seat: int | None) -> TableView:
    """What ``seat`` may see (``None``: every card face up); every hand shows once the game is over."""
    names = seat_names(state.players)
    place_of = {s: p for p, s in enumerate(state.finished, start=1)}
    seats = []
    for s in range(state.players):
        cards = cards_of(state.hands[s])
        shown: tuple[Card | None, ...] = cards if seat is None or seat == s or state.over else (None,) * len(cards)
        if s in place_of and (not state.hands[s] or state.over):
            place = ordinal(place_of[s])
            note = gettext("out ({place})").format(place=place) if not state.hands[s] else place
        elif state.is_locked(s):
            note = gettext("passed: locked out")
        else:
            note = count(len(cards), "card")
        seats.append(Seat(names[s], shown, active=bool(state.hands[s]) and not state.over, note=note))
    twos = state.rules.twos_in_double_sequences
    table = tuple((s, cards_of(m), _trick_label(m, twos)) for s, m in state.trick)
    info: list[tuple[str, str]] = []
    if state.over:
        info.append((gettext("Finishing order"), ", ".join(names[s] for s in state.finished)))
        if state.instant:
            info.append((gettext("Instant win"), gettext("{seat} holds {pattern}").format(
                seat=names[state.finished[0]], pattern=gettext(state.instant))))
    elif state.table:
        combo = combo_of_mask(state.table, twos)
        assert combo is not None
        info.append((gettext("To beat"), gettext("{combination} by {seat}").format(combination=combo.name,
                                                                                   seat=names[state.last])))
    elif state.turn is not None:
        if state.must:
            lead = gettext("empty: {seat} leads any combination containing {card}").format(
                seat=names[state.turn], card=cards_of(state.must)[0].symbol_text)
        else:
            lead = gettext("empty: {seat} leads any combination").format(seat=names[state.turn])
        info.append((pgettext("the Table's line", "Table"), lead))
    if state.finished and not state.over:
        info.append((gettext("Out"), ", ".join(f"{names[s]} {ordinal(p)}" for p, s in enumerate(state.finished, 1))))
    return TableView(tuple(seats), state.turn, state.phase.value, table, tuple(info))


def _trick_label(mask: int, twos: bool = False) -> str:
    if mask == 0:
        return PASS_TEXT
    combo = combo_of_mask(mask, twos)
    return combo.shape if combo is not None else ""


def comment(before: State, action: Action, after: State) -> Step:
    """The commentary on ``action``, taken in ``before`` and leading to ``after``; its chapter is the round."""
    seat = before.turn
    assert seat is not None
    names = seat_names(before.players)
    return Step(seat, action_text(action), _commentary(before, after, 0 if isinstance(action, Pass) else action.mask,
                                                       names), gettext("Round {n}").format(n=digits(before.tricks + 1)))


def _commentary(before: State, after: State, mask: int, names: Sequence[str]) -> str:
    seat = before.turn
    assert seat is not None
    who = names[seat]
    parts: list[str] = []
    if mask == 0:
        if before.is_locked(seat):
            parts.append(gettext("{seat} passes again (still locked out).").format(seat=who))
        else:
            parts.append(gettext("{seat} passes, and is locked out until the table clears.").format(seat=who))
    else:
        twos = before.rules.twos_in_double_sequences
        combo = combo_of_mask(mask, twos)
        assert combo is not None
        if not before.table:
            parts.append(gettext("{seat} leads {combination}.").format(seat=who, combination=combo.name))
            if before.must:
                parts.append(gettext("The first play of the game must contain {card} ({note}).").format(
                    card=cards_of(before.must)[0].symbol_text, note=default_note("first_lead_must_contain_lowest")))
        else:
            table = combo_of_mask(before.table, twos)
            assert table is not None
            parts.append(_beat_text(who, combo, table, names[before.last], before.is_locked(seat)))
        if combo.kind is Kind.DOUBLE_SEQUENCE and combo.has_two:
            parts.append(gettext(_TWOS_NOTE))
        if after.hands[seat] == 0:
            place = after.finished.index(seat) + 1
            parts.append(gettext("{seat} has no cards left: out in {place} place.").format(seat=who,
                                                                                            place=ordinal(place)))
    if after.turn is not None and after.table:
        skipped = []
        s = seat
        while (s := (s + 1) % len(names)) != after.turn:
            if after.hands[s] and after.is_locked(s):
                skipped.append(names[s])
        if skipped:
            skip = (gettext("{seats} passed this round and is skipped: {seat} is next.") if len(skipped) == 1
                    else gettext("{seats} passed this round and are skipped: {seat} is next."))
            parts.append(skip.format(seats=and_list(skipped), seat=names[after.turn]))
    if after.over:
        if after.rules.finish is Finish.FIRST and after.players > 2:
            parts.append(gettext("The game ends when the first player goes out; the others are placed by cards "
                                 "left."))
        elif after.finished[-1] != seat and after.hands[after.finished[-1]]:
            parts.append(gettext("Only {seat} has cards left, and takes last place.").format(
                seat=names[after.finished[-1]]))
        parts.append(gettext("The game is over."))
    elif not after.table and after.turn is not None:
        last = before.last if mask == 0 else seat
        if last >= 0 and after.turn == last:
            parts.append(gettext("Nobody else can or will beat it: the table clears and {seat} leads.").format(
                seat=names[last]))
        elif last >= 0:
            parts.append(gettext("The table clears; {out} is out, so {seat}, the next player still in, leads.").format(
                out=names[last], seat=names[after.turn]))
    return " ".join(parts)


_TWOS_NOTE = N_("(Under these rules pairs of 2s may end a double sequence, after the aces: it is still a double "
              "sequence of as many pairs, and a bomb like any other.)")


def _beat_text(who: str, combo: Combo, table: Combo, owner: str, was_locked: bool) -> str:
    names = {"seat": who, "owner": owner, "table": table.bare_name, "combination": combo.name}
    if combo.kind is table.kind and combo.length == table.length:
        return gettext("{seat} beats {owner}'s {table} with {combination}.").format(**names)
    if table.is_twos:
        text = gettext("{seat} chops {owner}'s {table} with {combination}!").format(**names)
    else:
        text = gettext("{seat} beats the bomb {owner}'s {table} with the bigger bomb {combination}!").format(**names)
    if was_locked:
        text += " " + gettext("({seat} had passed, but a bomb on 2s may still be played under these rules.)").format(
            seat=who)
    return text


def _higher_words(table: Combo) -> str:
    """"a higher pair", "a higher sequence of three", "a higher double sequence of three pairs"."""
    if table.kind is Kind.SEQUENCE:
        return gettext("a higher sequence of {n}").format(n=number(table.length))
    if table.kind is Kind.DOUBLE_SEQUENCE:
        return gettext("a higher double sequence of {pairs}").format(pairs=count(table.pairs, "pair"))
    if table.kind is Kind.SINGLE:
        return gettext("a higher single card")
    return gettext("a higher {kind}").format(kind=table.kind.title)


def prompt(state: State) -> Prompt:
    """What the seat to act decides, in one line, with the cards of the hand that can take part highlighted:
    "Lead anything with 3♠ in it", "Beat 7♦ 8♣ 9♠ with a higher sequence of three, or pass"."""
    seat = state.turn
    if seat is None:
        return Prompt(gettext("The game is over."))
    hand = state.hands[seat]
    usable = 0
    for _, masks, _ in moves(state):
        for m in masks:
            usable |= m
    lit = cards_of(usable)
    twos = state.rules.twos_in_double_sequences
    if not state.table:
        if state.must:
            must = cards_of(state.must)[0]
            return Prompt(gettext("Lead anything with {card} in it: the first play of the game must contain it "
                                  "({common_rule})").format(card=must.symbol_text, common_rule=common_rule()),
                          highlight=(must,), highlight_label=gettext("your play must contain it"))
        return Prompt(gettext("You lead: play any combination (a leader cannot pass)"))
    table = combo_of_mask(state.table, twos)
    assert table is not None
    t = table.symbols
    if state.is_locked(seat):
        locked = gettext("You passed this round: only a bomb that beats {cards} may still be played, or pass")
        return Prompt(locked.format(cards=t), highlight=lit, highlight_label=gettext("cards of a bomb that beats it"))
    if not lit:
        return Prompt(gettext("Nothing in your hand beats {cards}: pass").format(cards=t))
    chop = bool(chop_answers(table.kind, table.length, index(table.top), state.rules.bomb_ladder))
    if higher_exists(table, twos):
        ways = [_higher_words(table)]
        if chop:
            ways.append(gettext("a bomb that chops it") if table.is_twos else gettext("a bigger bomb"))
        text = gettext("Beat {cards} with {ways}, or pass").format(cards=t, ways=or_list(ways))
    else:
        text = (gettext("Chop {cards} with a bomb, or pass") if table.is_twos
                else gettext("Beat {cards} with a bigger bomb, or pass")).format(cards=t)
    return Prompt(text, highlight=lit if lit != cards_of(hand) else (),
                  highlight_label=gettext("cards that can beat it"))


def hand_groups(state: State, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """A hand in groups for drawing, in game order: the cards low to high, then each bomb (four of a kind, double
    sequence of three pairs or more), then the 2s — the highest cards."""
    twos = state.rules.twos_in_double_sequences
    mask = mask_of(cards)
    groups: list[tuple[str, tuple[Card, ...]]] = []
    bombs: list[tuple[str, tuple[Card, ...]]] = []
    rest = mask
    for r in range(13):
        quad = 15 << (4 * r)
        if rest & quad == quad and not (r == TWO_RANK):
            bombs.append((gettext("Bomb: four {rank}s").format(rank=cards_of(quad)[0].rank.text), cards_of(quad)))
            rest &= ~quad
    run: list[int] = []
    end = TWO_RANK + 1 if twos else TWO_RANK
    for r in range(end + 1):
        group = (rest >> (4 * r)) & 15 if r < end else 0
        if POP[group] >= 2:
            run.append(r)
            continue
        if len(run) >= 3:
            pairs = 0
            for q in run:
                pairs |= PAIRS[(rest >> (4 * q)) & 15][-1] << (4 * q)
            bombs.append((gettext("Bomb: a double sequence of {pairs}").format(pairs=count(len(run), "pair")),
                          cards_of(pairs)))
            rest &= ~pairs
        run = []
    low = rest & ~TWOS_MASK
    if low:
        groups.append((gettext("3 to A, low to high"), cards_of(low)))
    groups += bombs
    if rest & TWOS_MASK:
        groups.append((gettext("2s, the highest cards"), cards_of(rest & TWOS_MASK)))
    return tuple(groups)


def outcome_data(state: State) -> dict[str, Any]:
    """The plain values of a finished game, by seat letter: the simulation row (see ``GAME.summary_row``).

    Columns: players, leader, winner, order, plays, passes, actions, tricks, chops, instant_win, then per seat
    letter X: place_X, points_X, left_X (cards held when the first player went out).
    """
    letters = seat_letters(state.players)
    left = state.left_at_first_out or tuple(h.bit_count() for h in state.hands)
    points = score_hand(state.rules, state.finished, left)
    place = places(state)
    row: dict[str, Any] = {
        "players": state.players, "leader": letters[state.leader], "winner": letters[state.finished[0]],
        "order": " ".join(letters[x] for x in state.finished), "plays": state.plays, "passes": state.passes,
        "actions": state.plays + state.passes, "tricks": state.tricks, "chops": state.chops,
        "instant_win": state.instant,
    }
    for x, c in enumerate(letters):
        row[f"place_{c}"] = place[x]
        row[f"points_{c}"] = points[x]
        row[f"left_{c}"] = left[x]
    return row


def finishing_sentence(state: State) -> str:
    """Who went out first, and the finishing order, in a sentence (the game is over)."""
    names = seat_names(state.players)
    order = [names[s] for s in state.finished]
    if state.instant:
        return gettext("{seat} went out first with an instant win ({pattern}); the finishing order is {order}.").format(
            seat=order[0], pattern=gettext(state.instant), order=", ".join(order))
    return gettext("{seat} went out first; the finishing order is {order}.").format(seat=order[0],
                                                                                     order=", ".join(order))


def outcome(state: State) -> Outcome | None:
    """How a finished game came out, in sentences and numbers; None before the end."""
    if not state.over:
        return None
    names = seat_names(state.players)
    left = state.left_at_first_out or tuple(h.bit_count() for h in state.hands)
    points = score_hand(state.rules, state.finished, left)
    order = [names[s] for s in state.finished]
    points_text = " · ".join(f"{names[s]} {digits(points[s])}" for s in range(state.players))
    summary = finishing_sentence(state) + " " + sentence(gettext("Points: {points}").format(
        points=and_list(f"{names[s]} {digits(points[s])}" for s in state.finished)))
    facts = (
        (gettext("Finishing order"), ", ".join(order)),
        (gettext("Points"), points_text),
        (gettext("Cards left when the first player went out"),
         " · ".join(f"{names[s]} {digits(left[s])}" for s in range(state.players))),
        (gettext("Plays and passes"), f"{count(state.plays, 'play')}, {count(state.passes, 'pass')}"),
        (gettext("Bombs played on 2s or on smaller bombs"), digits(state.chops) if state.chops else gettext("none")),
    )
    return Outcome(summary, tuple(float(p) for p in points), facts, outcome_data(state))
