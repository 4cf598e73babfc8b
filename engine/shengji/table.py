"""What the Table shows of a Shengji hand: each seat's view, the commentary on every action, and the outcome.

Actions cross the table as text: ``"pass"`` or ``"declare 2H 2H"`` while the cards are drawn; the buried cards
in notation when the starter exchanges the kitty; the cards played in notation during the tricks; ``"choose 4H
4H"`` when the next player chooses which part of a failed throw must be led.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.contract import Outcome
from engine.shengji.bidding import check_declaration
from engine.shengji.combos import decompose
from engine.shengji.order import cards_text, draw_key
from engine.shengji.rules import PRESETS, TEAMS, Rules, differences
from engine.shengji.score import team_of
from engine.shengji.state import (
    Action,
    Bury,
    Choose,
    Declare,
    Phase,
    Play,
    State,
    action_text,
    last_lead_largest,
    throw_penalty,
)
from engine.shengji.trick import judge_throw, trick_winner
from engine.table import Seat, Step, TableView

__all__ = ["START_OPTIONS", "comment", "nearest_preset", "outcome", "returns",
           "summary_row", "view"]

START_OPTIONS = ("levels", "starter")
"""Set-up values that older records and requests carried in ``options``; they belong in ``start`` now."""


def nearest_preset(rules: Rules) -> str:
    """The preset whose rules ``rules`` are, or else the one they differ from in the fewest options."""
    return min(PRESETS, key=lambda name: len(differences(PRESETS[name].rules, rules)))


def chapter(state: State) -> str:
    """The part of the hand a decision in ``state`` belongs to."""
    if state.phase is Phase.DRAW:
        return "Drawing and declaring"
    if state.phase is Phase.BURY:
        return "Kitty"
    return f"Trick {len(state.tricks) + 1}"


# ---------------------------------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------------------------------


def view(state: State, seat: int | None) -> TableView:
    """What ``seat`` may see (None: every card face up, for a teacher); every hand is face up once it is over."""
    r = state
    over = r.phase is Phase.DONE
    trump = r.trump
    names = r.rules.seats
    banker = r.banker_team
    starter = r.starter if r.starter is not None else r.fixed_starter
    seats = []
    won: Counter[int] = Counter()
    for t in r.tricks:
        won[t.winner] += t.points
    for s in range(4):
        hand = trump.sort(r.hands[s]) if trump else sorted(r.hands[s], key=draw_key(r.declare_rank(s)))
        shown: tuple[Card | None, ...] = tuple(hand) if seat is None or seat == s or over else (None,) * len(hand)
        if banker is None:
            role = "declarer" if r.current is not None and r.current.seat == s else ""
        else:
            role = ("starter · banker" if s == starter else "banker") if team_of(s) == banker else "attacker"
        note = f"{len(hand)} cards"
        if won[s]:
            note += f" · took {won[s]} points"
        seats.append(Seat(names[s], shown, role=role, note=note))
    table: tuple[tuple[int, tuple[Card, ...], str], ...] = ()
    if r.trick:
        labels = _labels(r, r.trick)
        table = tuple(((r.leader + i) % 4, tuple(trump.sort(p)) if trump else p, labels[i])
                      for i, p in enumerate(r.trick))
    elif r.tricks:
        last = r.tricks[-1]
        table = tuple(((last.leader + i) % 4, tuple(trump.sort(p)) if trump else p,
                       "won the trick" if (last.leader + i) % 4 == last.winner else "")
                      for i, p in enumerate(last.plays))
    preset = nearest_preset(r.rules)
    exact = PRESETS[preset].rules == r.rules
    info: list[tuple[str, str]] = [
        ("Rules", PRESETS[preset].title + ("" if exact else ", with other options")),
        ("Turn order", " → ".join(names)),
        ("Levels", " · ".join(f"{TEAMS[i]} {lv.text}" for i, lv in enumerate(r.levels))),
        ("Trump", trump.label if trump else f"not yet fixed (rank {r.trump_rank.text})"),
    ]
    if r.current is not None:
        info.append(("Declared", f"{names[r.current.seat]}: {r.current.symbols}"))
    if banker is not None:
        info.append(("Bankers", f"{TEAMS[banker]} (starter {names[starter or 0]})"))
        info.append(("Attackers' points", str(r.trick_points + r.penalty)))
    if r.phase is Phase.DRAW:
        info.append(("Drawn", f"{r.drawn} of {r.deal.drawn} cards"))
    if r.phase is Phase.CHOOSE and r.throw is not None:
        info.append(("Failed throw", f"{names[r.to_act or 0]} chooses which part {names[r.leader]} must lead"))
    extra: list[tuple[str, tuple[Card | None, ...]]] = []
    if r.kitty_turn is not None:
        extra.append(("Kitty turned to fix the trump", r.kitty_turn.turned))
    if r.buried:
        sees = seat is None or seat == r.starter or over
        extra.append(("Buried kitty" + ("" if sees else " (face down)"),
                      tuple(trump.sort(r.buried)) if sees and trump else (None,) * len(r.buried)))
    elif r.phase is Phase.DRAW:
        extra.append(("Kitty (face down)", (None,) * len(r.kitty)))
    if r.throw is not None:
        extra.append(("The failed throw", tuple(trump.sort(r.throw.cards)) if trump else r.throw.cards))
    return TableView(tuple(seats), r.to_act, r.phase.value, table, tuple(info), tuple(extra))


def _labels(r: State, trick: Sequence[tuple[Card, ...]]) -> list[str]:
    assert r.trump is not None
    out = trick_winner(list(trick), r.trump, r.rules)
    labels = ["lead"] + ["" for _ in trick[1:]]
    for i, role in enumerate(out.roles[1:], start=1):
        if "trumps" in role and "discard" not in role:
            labels[i] = "trumps"
        elif "discard" in role:
            labels[i] = "discard"
    labels[out.winner] = (labels[out.winner] + " · winning").strip(" ·")
    return labels


# ---------------------------------------------------------------------------------------------------
# commentary
# ---------------------------------------------------------------------------------------------------


def comment(before: State, action: Action, after: State) -> Step:
    """The commentary on ``action`` taken in ``before`` (which led to ``after``), as the Table shows it."""
    seat = before.to_act
    assert seat is not None
    names = before.rules.seats
    who = names[seat]
    notes: list[str] = []
    if before.phase is Phase.DRAW:
        if isinstance(action, Declare):
            notes.append(check_declaration(action.cards, seat, before.declare_rank(seat), before.current,
                                           before.rules).reason)
        else:
            notes.append(f"{who} passes.")
        notes += _draw_notes(before, after)
    elif before.phase is Phase.BURY:
        notes.append(f"{who} buries {len(action.cards) if isinstance(action, Bury) else 0} cards and leads the "
                     "first trick.")
    elif before.phase is Phase.CHOOSE:
        assert isinstance(action, Choose) and before.throw is not None
        notes.append(f"{who} chooses {cards_text(action.cards, before.trump)}.")
        notes += _lead_notes(before, before.leader, action.cards, before.throw.cards)
    elif isinstance(action, Play):
        if not before.trick:
            notes += _throw_notes(before, seat, action.cards, after)
        else:
            notes += _follow_notes(before, seat, action.cards, after)
    return Step(seat, action_text(action), " ".join(notes), chapter(before))


def _draw_notes(before: State, after: State) -> list[str]:
    notes = []
    if after.redeals > before.redeals:
        notes.append("Nobody declared: the cards are thrown in and dealt again.")
    elif not before.final and (after.final or after.phase is not Phase.DRAW):
        notes.append(f"All {before.deal.drawn} cards are drawn; each player has a last chance to declare.")
    if after.phase is not Phase.DRAW:
        assert after.trump is not None and after.starter is not None
        names = after.rules.seats
        if after.kitty_turn is not None:
            notes.append(after.kitty_turn.reason[0].upper() + after.kitty_turn.reason[1:])
        else:
            notes.append(f"Trump is final: {after.trump.label}. {names[after.starter]} is the starter; "
                         f"{TEAMS[team_of(after.starter)]} are the bankers.")
        notes.append(f"{names[after.starter]} takes the {len(after.kitty)}-card kitty and must bury as many cards.")
    return notes


def _throw_notes(before: State, seat: int, cards: tuple[Card, ...], after: State) -> list[str]:
    assert before.trump is not None
    names = before.rules.seats
    if len(decompose(cards, before.trump, before.rules)) <= 1:
        return _lead_notes(before, seat, cards, ())
    verdict = judge_throw(cards, before.others(seat), before.trump, before.rules)
    if verdict.stands:
        return [f"{names[seat]}'s throw stands: {verdict.reason}", *_lead_notes(before, seat, cards, ())]
    notes = [f"{names[seat]} throws {cards_text(cards, before.trump)}, but the throw fails: {verdict.reason}"]
    if verdict.forced is not None:
        notes += _lead_notes(before, seat, verdict.forced, cards)
    return notes


def _lead_notes(before: State, seat: int, cards: Sequence[Card], attempted: Sequence[Card]) -> list[str]:
    notes = []
    penalty = throw_penalty(before, seat, cards, attempted)
    if penalty:
        back = len(attempted) - len(cards)
        side = "the bankers" if penalty < 0 else "the attackers"
        notes.append(f"Penalty: {abs(penalty)} points ({back} cards taken back) go to {side}.")
    notes.append(f"{before.rules.seats[seat]} leads {cards_text(cards, before.trump)}.")
    return notes


def _follow_notes(before: State, seat: int, cards: tuple[Card, ...], after: State) -> list[str]:
    notes = [f"{before.rules.seats[seat]} plays {cards_text(cards, before.trump)}."]
    if len(after.tricks) == len(before.tricks):
        return notes
    assert before.trump is not None
    last = after.tricks[-1]
    seats = [before.rules.seats[(last.leader + i) % 4] for i in range(4)]
    outcome = trick_winner(last.plays, before.trump, before.rules, seats)
    attackers_win = team_of(last.winner) != after.banker_team
    won = f"{outcome.reason} The trick holds {outcome.points} points"
    won += " for the attackers." if attackers_win and outcome.points else "."
    notes.append(won)
    s = after.score
    if s is not None:
        kitty = f"The kitty held {s.kitty_points} points"
        kitty += f" × {s.multiplier} = {s.kitty_bonus} for the attackers." if s.multiplier else \
            ", kept by the bankers."
        end = f"Attackers' points: {s.attacker_points} — {s.change.text}."
        if s.winner is not None:
            end += f" {TEAMS[s.winner]} go past {after.rules.game_end_rank.text} and win the game!"
        notes += [kitty, end]
    return notes


# ---------------------------------------------------------------------------------------------------
# outcome
# ---------------------------------------------------------------------------------------------------


def returns(state: State) -> tuple[float, ...]:
    """Levels won by each seat's team (the other team's are negative); zeros before the end of the hand."""
    s = state.score
    if s is None:
        return (0.0, 0.0, 0.0, 0.0)
    up = s.banker_team if s.change.bankers_keep else 1 - s.banker_team
    return tuple(float(s.change.levels if team_of(seat) == up else -s.change.levels) for seat in range(4))


def outcome(state: State) -> Outcome | None:
    """How the hand came out, in sentences, once it is over."""
    s = state.score
    if s is None:
        return None
    bankers, attackers = TEAMS[s.banker_team], TEAMS[1 - s.banker_team]
    parts = [f"{s.trick_points} in tricks"]
    if s.kitty_bonus:
        parts.append(f"{s.kitty_bonus} from the kitty ({s.kitty_points} × {s.multiplier})")
    if s.penalty:
        parts.append(f"{s.penalty:+d} for failed throws")
    took = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    summary = (f"{attackers}, the attackers, took {s.attacker_points} points ({took}): "
               f"{s.change.text}.")
    if s.change.bankers_keep:
        summary += f" {bankers} bank again; {state.rules.seats[s.next_starter]} starts the next round."
    else:
        summary += f" {attackers} bank next; {state.rules.seats[s.next_starter]} starts the next round."
    if s.winner is not None:
        summary += f" {TEAMS[s.winner]} go past {state.rules.game_end_rank.text} and win the game."
    facts = (
        ("Trump", state.trump.label if state.trump else ""),
        ("Bankers", f"{bankers} (starter {state.rules.seats[s.starter]})"),
        ("Attackers' points", str(s.attacker_points)),
        ("Result", s.change.text),
        ("Levels", " · ".join(f"{TEAMS[i]} {lv.text}" for i, lv in enumerate(s.levels))),
    )
    data = {**s.to_json(), "tricks": len(state.tricks)}
    return Outcome(summary, returns(state), facts, data)


def summary_row(state: State) -> dict[str, Any]:
    """One row of a simulation for a finished hand: today's columns (the scoring explorer re-scores them)."""
    s = state.score
    assert s is not None and state.trump is not None and state.starter is not None
    decl = state.current
    names = state.rules.seats
    return {
        "preset": nearest_preset(state.rules),
        "decks": state.rules.decks,
        "trump": state.trump.label,
        "trump_rank": state.trump_rank.text,
        "trump_suit": state.trump.suit.value if state.trump.suit else None,
        "declarer": names[decl.seat] if decl else None,
        "declaration": decl.text if decl else None,
        "declarations": len(state.declarations),
        "redeals": state.redeals,
        "kitty_turned": state.kitty_turn is not None,
        "starter": names[state.starter],
        "banker_team": TEAMS[s.banker_team],
        "tricks": len(state.tricks),
        "failed_throws": sum(1 for t in state.tricks if t.attempted),
        "trick_points": s.trick_points,
        "kitty_points": s.kitty_points,
        "attackers_won_last": s.multiplier > 0,
        "last_trick_cards": len(state.tricks[-1].plays[0]),
        "last_trick_largest": last_lead_largest(state),
        "kitty_multiplier": s.multiplier,
        "kitty_bonus": s.kitty_bonus,
        "penalty": s.penalty,
        "attacker_points": s.attacker_points,
        "bankers_keep": s.change.bankers_keep,
        "levels_up": s.change.levels,
        "next_banker_team": TEAMS[s.next_banker_team],
        "next_starter": names[s.next_starter],
        "result": s.change.text,
    }
