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
from engine.table import Seat, Step, TableView
from engine.thirteen.combos import PAIRS, POP, Combo, Kind, chop_answers, combo_of_mask, higher_exists
from engine.thirteen.order import TWO_RANK, TWOS_MASK, cards_of, index, mask_of, rank_plural
from engine.thirteen.rules import Finish, default_note, seat_letters, seat_names
from engine.thirteen.score import score_hand
from engine.thirteen.state import PASS_TEXT, Action, State, action_text, moves, places
from engine.words import COMMON_RULE, and_list, count, number, or_list

__all__ = ["comment", "finishing_sentence", "hand_groups", "ordinal", "outcome", "outcome_data", "prompt", "view"]

_ORDINALS = ("1st", "2nd", "3rd", "4th")


def ordinal(place: int) -> str:
    return _ORDINALS[place - 1]


def view(state: State, seat: int | None) -> TableView:
    """What ``seat`` may see (``None``: every card face up); every hand shows once the game is over."""
    names = seat_names(state.players)
    place_of = {s: p for p, s in enumerate(state.finished, start=1)}
    seats = []
    for s in range(state.players):
        cards = cards_of(state.hands[s])
        shown: tuple[Card | None, ...] = cards if seat is None or seat == s or state.over else (None,) * len(cards)
        if s in place_of and (not state.hands[s] or state.over):
            note = f"out ({ordinal(place_of[s])})" if not state.hands[s] else f"{ordinal(place_of[s])}"
        elif state.is_locked(s):
            note = "passed: locked out"
        else:
            note = count(len(cards), "card")
        seats.append(Seat(names[s], shown, active=bool(state.hands[s]) and not state.over, note=note))
    twos = state.rules.twos_in_double_sequences
    table = tuple((s, cards_of(m), _trick_label(m, twos)) for s, m in state.trick)
    info: list[tuple[str, str]] = []
    if state.over:
        info.append(("Finishing order", ", ".join(names[s] for s in state.finished)))
        if state.instant:
            info.append(("Instant win", f"{names[state.finished[0]]} holds {state.instant}"))
    elif state.table:
        combo = combo_of_mask(state.table, twos)
        assert combo is not None
        info.append(("To beat", f"{combo.name} by {names[state.last]}"))
    elif state.turn is not None:
        lead = f"{names[state.turn]} leads any combination"
        if state.must:
            lead += f" containing {cards_of(state.must)[0].symbol_text}"
        info.append(("Table", f"empty: {lead}"))
    if state.finished and not state.over:
        info.append(("Out", ", ".join(f"{names[s]} {ordinal(p)}" for p, s in enumerate(state.finished, 1))))
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
                                                       names), f"Round {before.tricks + 1}")


def _commentary(before: State, after: State, mask: int, names: Sequence[str]) -> str:
    seat = before.turn
    assert seat is not None
    who = names[seat]
    parts: list[str] = []
    if mask == 0:
        if before.is_locked(seat):
            parts.append(f"{who} passes again (still locked out).")
        else:
            parts.append(f"{who} passes, and is locked out until the table clears.")
    else:
        twos = before.rules.twos_in_double_sequences
        combo = combo_of_mask(mask, twos)
        assert combo is not None
        if not before.table:
            parts.append(f"{who} leads {combo.name}.")
            if before.must:
                parts.append(f"The first play of the game must contain {cards_of(before.must)[0].symbol_text} "
                             f"({default_note('first_lead_must_contain_lowest')}).")
        else:
            table = combo_of_mask(before.table, twos)
            assert table is not None
            parts.append(_beat_text(who, combo, table, names[before.last], before.is_locked(seat)))
        if combo.kind is Kind.DOUBLE_SEQUENCE and combo.has_two:
            parts.append(_TWOS_NOTE)
        if after.hands[seat] == 0:
            place = after.finished.index(seat) + 1
            parts.append(f"{who} has no cards left: out in {ordinal(place)} place.")
    if after.turn is not None and after.table:
        skipped = []
        s = seat
        while (s := (s + 1) % len(names)) != after.turn:
            if after.hands[s] and after.is_locked(s):
                skipped.append(names[s])
        if skipped:
            verb = "is" if len(skipped) == 1 else "are"
            parts.append(f"{and_list(skipped)} passed this round and {verb} skipped: {names[after.turn]} is next.")
    if after.over:
        if after.rules.finish is Finish.FIRST and after.players > 2:
            parts.append("The game ends when the first player goes out; the others are placed by cards left.")
        elif after.finished[-1] != seat and after.hands[after.finished[-1]]:
            parts.append(f"Only {names[after.finished[-1]]} has cards left, and takes last place.")
        parts.append("The game is over.")
    elif not after.table and after.turn is not None:
        last = before.last if mask == 0 else seat
        if last >= 0 and after.turn == last:
            parts.append(f"Nobody else can or will beat it: the table clears and {names[last]} leads.")
        elif last >= 0:
            parts.append(f"The table clears; {names[last]} is out, so {names[after.turn]}, the next player "
                         "still in, leads.")
    return " ".join(parts)


_TWOS_NOTE = ("(Under these rules pairs of 2s may end a double sequence, after the aces: it is still a double "
              "sequence of as many pairs, and a bomb like any other.)")


def _beat_text(who: str, combo: Combo, table: Combo, owner: str, was_locked: bool) -> str:
    if combo.kind is table.kind and combo.length == table.length:
        return f"{who} beats {owner}'s {table.bare_name} with {combo.name}."
    target = f"{owner}'s {table.bare_name}"
    if table.is_twos:
        text = f"{who} chops {target} with {combo.name}!"
    else:
        text = f"{who} beats the bomb {target} with the bigger bomb {combo.name}!"
    if was_locked:
        text += f" ({who} had passed, but a bomb on 2s may still be played under these rules.)"
    return text


def _higher_words(table: Combo) -> str:
    """"a higher pair", "a higher sequence of three", "a higher double sequence of three pairs"."""
    if table.kind is Kind.SEQUENCE:
        return f"a higher sequence of {number(table.length)}"
    if table.kind is Kind.DOUBLE_SEQUENCE:
        return f"a higher double sequence of {count(table.pairs, 'pair')}"
    if table.kind is Kind.SINGLE:
        return "a higher single card"
    return f"a higher {table.kind.title}"


def prompt(state: State) -> Prompt:
    """What the seat to act decides, in one line, with the cards of the hand that can take part highlighted:
    "Lead anything with 3♠ in it", "Beat 7♦ 8♣ 9♠ with a higher sequence of three, or pass"."""
    seat = state.turn
    if seat is None:
        return Prompt("The game is over.")
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
            return Prompt(f"Lead anything with {must.symbol_text} in it: the first play of the game must contain "
                          f"it ({COMMON_RULE})", highlight=(must,), highlight_label="your play must contain it")
        return Prompt("You lead: play any combination (a leader cannot pass)")
    table = combo_of_mask(state.table, twos)
    assert table is not None
    t = table.symbols
    if state.is_locked(seat):
        return Prompt(f"You passed this round: only a bomb that beats {t} may still be played, or pass",
                      highlight=lit, highlight_label="cards of a bomb that beats it")
    if not lit:
        return Prompt(f"Nothing in your hand beats {t}: pass")
    chop = bool(chop_answers(table.kind, table.length, index(table.top), state.rules.bomb_ladder))
    if higher_exists(table, twos):
        ways = [_higher_words(table)]
        if chop:
            ways.append("a bomb that chops it" if table.is_twos else "a bigger bomb")
        text = f"Beat {t} with {or_list(ways)}, or pass"
    else:
        text = f"Chop {t} with a bomb, or pass" if table.is_twos else f"Beat {t} with a bigger bomb, or pass"
    return Prompt(text, highlight=lit if lit != cards_of(hand) else (), highlight_label="cards that can beat it")


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
            bombs.append((f"Bomb: four {rank_plural(cards_of(quad)[0].rank)}", cards_of(quad)))
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
            bombs.append((f"Bomb: a double sequence of {count(len(run), 'pair')}", cards_of(pairs)))
            rest &= ~pairs
        run = []
    low = rest & ~TWOS_MASK
    if low:
        groups.append(("3 to A, low to high", cards_of(low)))
    groups += bombs
    if rest & TWOS_MASK:
        groups.append(("2s, the highest cards", cards_of(rest & TWOS_MASK)))
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
    how = f" with an instant win ({state.instant})" if state.instant else ""
    return f"{order[0]} went out first{how}; the finishing order is {', '.join(order)}."


def outcome(state: State) -> Outcome | None:
    """How a finished game came out, in sentences and numbers; None before the end."""
    if not state.over:
        return None
    names = seat_names(state.players)
    left = state.left_at_first_out or tuple(h.bit_count() for h in state.hands)
    points = score_hand(state.rules, state.finished, left)
    order = [names[s] for s in state.finished]
    points_text = " · ".join(f"{names[s]} {points[s]}" for s in range(state.players))
    summary = (f"{finishing_sentence(state)} Points: "
               f"{and_list(f'{names[s]} {points[s]}' for s in state.finished)}.")
    facts = (
        ("Finishing order", ", ".join(order)),
        ("Points", points_text),
        ("Cards left when the first player went out",
         " · ".join(f"{names[s]} {left[s]}" for s in range(state.players))),
        ("Plays and passes", f"{count(state.plays, 'play')}, {count(state.passes, 'pass')}"),
        ("Bombs played on 2s or on smaller bombs", str(state.chops) if state.chops else "none"),
    )
    return Outcome(summary, tuple(float(p) for p in points), facts, outcome_data(state))
