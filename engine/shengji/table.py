"""What the Table shows of a Shengji hand: each seat's view, the commentary on every action, and the outcome.

Actions cross the table as text: ``"pass"`` or ``"declare 2H 2H"`` while the cards are drawn; the buried cards
in notation when the starter exchanges the kitty; the cards played in notation during the tricks; ``"choose 4H
4H"`` when the next player chooses which part of a failed throw must be led.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card, Rank, Suit
from engine.contract import COMMON_RULE, Outcome, Prompt
from engine.i18n import DEFAULT_LANGUAGE, language, pgettext, use_language
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.shengji.bidding import check_declaration
from engine.shengji.combos import decompose
from engine.shengji.examples import kitty_risk
from engine.shengji.order import Group, Trump, cards_text, draw_key, points, seat_words, trump_for
from engine.shengji.play import Duty, requirement
from engine.shengji.rules import PRESETS, RANKS, TEAMS, KittyMultiplier, Rules, default_note, nearest_preset
from engine.shengji.score import HandScore, team_of, team_words
from engine.shengji.state import (
    Action,
    Bury,
    Choose,
    Declare,
    Name,
    Phase,
    Play,
    State,
    action_text,
    declaration_options,
    last_lead_largest,
    throw_penalty,
)
from engine.shengji.trick import judge_throw, trick_winner
from engine.table import WON_TRICK, Seat, Step, TableView
from engine.words import and_list, count, number, or_list, plural, sentence

__all__ = ["START_OPTIONS", "comment", "lost", "nearest_preset", "outcome", "prompt", "returns",
           "summary_row", "view"]

START_OPTIONS = ("levels", "starter")
"""Set-up values that older records and requests carried in ``options``; they belong in ``start`` now."""


def chapter(state: State) -> str:
    """The part of the hand a decision in ``state`` belongs to."""
    if state.phase is Phase.DRAW:
        return _("Drawing and declaring")
    if state.phase is Phase.BURY:
        return _("Kitty")
    return _("Trick {number}").format(number=local_number(len(state.tricks) + 1))


# ---------------------------------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------------------------------


def view(state: State, seat: int | None) -> TableView:
    """What ``seat`` may see (None: every card face up, for a teacher); every hand is face up once it is over."""
    r = state
    over = r.phase is Phase.DONE
    trump = r.trump
    names = [seat_words(s) for s in r.rules.seats]
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
            role = _("declarer") if r.current is not None and r.current.seat == s else ""
        else:
            role = (_("starter · banker") if s == starter else _("banker")) if team_of(s) == banker else \
                _("attacker")
        note = _("{count} cards").format(count=local_number(len(hand)))
        if won[s]:
            note += " · " + _("took {points} points").format(points=local_number(won[s]))
        seats.append(Seat(r.rules.seats[s], shown, role=role, note=note))
    table: tuple[tuple[int, tuple[Card, ...], str], ...] = ()
    if r.trick:
        labels = _labels(r, r.trick)
        table = tuple(((r.leader + i) % 4, tuple(trump.sort(p)) if trump else p, labels[i])
                      for i, p in enumerate(r.trick))
    elif r.tricks:
        last = r.tricks[-1]
        table = tuple(((last.leader + i) % 4, tuple(trump.sort(p)) if trump else p,
                       WON_TRICK if (last.leader + i) % 4 == last.winner else "")
                      for i, p in enumerate(last.plays))
    preset = nearest_preset(r.rules)
    exact = PRESETS[preset].rules == r.rules
    info: list[tuple[str, str]] = [
        (pgettext("table fact", "Rules"), _(PRESETS[preset].title) if exact else
         _("{rules}, with other options").format(rules=_(PRESETS[preset].title))),
        (_("Turn order"), " → ".join(names)),
        (_("Trump"), trump.label if trump else _("not yet fixed (rank {rank})").format(rank=r.trump_rank.text)),
    ]
    if r.current is not None:
        info.append((_("Declared"), f"{names[r.current.seat]}: {r.current.symbols}"))
    if banker is not None:
        info.append((_("Bankers"), _("{team} at {level}; {seat} starts").format(
            team=team_name(r.rules, banker), level=r.levels[banker].text, seat=names[starter or 0])))
        info.append((_("Attackers"), _("{team} at {level}, {points} so far").format(
            team=team_name(r.rules, 1 - banker), level=r.levels[1 - banker].text,
            points=count(r.trick_points + r.penalty, "point"))))
    else:
        info.append((_("Levels"), levels_text(r.levels)))
    if r.phase is Phase.DRAW:
        info.append((_("Drawn"), _("{drawn} of {total} cards").format(drawn=local_number(r.drawn),
                                                                      total=local_number(r.deal.drawn))))
    if r.phase is Phase.CHOOSE and r.throw is not None:
        info.append((_("Failed throw"), _("{seat} chooses which part {leader} must lead").format(
            seat=names[r.to_act or 0], leader=names[r.leader])))
    extra: list[tuple[str, tuple[Card | None, ...]]] = []
    if r.kitty_turn is not None:
        extra.append((_("Kitty turned to fix the trump"), r.kitty_turn.turned))
    if r.buried:
        sees = seat is None or seat == r.starter or over
        extra.append((_("Buried kitty") if sees else _("Buried kitty (face down)"),
                      tuple(trump.sort(r.buried)) if sees and trump else (None,) * len(r.buried)))
    elif r.phase is Phase.DRAW:
        extra.append((_("Kitty (face down)"), (None,) * len(r.kitty)))
    if r.throw is not None:
        extra.append((_("The failed throw"), tuple(trump.sort(r.throw.cards)) if trump else r.throw.cards))
    return TableView(tuple(seats), r.to_act, r.phase.value, table, tuple(info), tuple(extra))


def _labels(r: State, trick: Sequence[tuple[Card, ...]]) -> list[str]:
    assert r.trump is not None
    with use_language(DEFAULT_LANGUAGE):  # the roles' English words say which label a play gets
        out = trick_winner(list(trick), r.trump, r.rules)
    labels = [_("lead")] + ["" for _play in trick[1:]]
    for i, role in enumerate(out.roles[1:], start=1):
        if "trumps" in role and "discard" not in role:
            labels[i] = _("trumps")
        elif "discard" in role:
            labels[i] = _("discard")
    labels[out.winner] = (labels[out.winner] + " · " + _("winning")).strip(" ·")
    return labels


# ---------------------------------------------------------------------------------------------------
# the decision in one line, and the hand in groups
# ---------------------------------------------------------------------------------------------------


def prompt(state: State) -> Prompt:
    """What the seat to act must decide now, in one sentence, with the cards that matter."""
    seat = state.to_act
    if seat is None:
        return Prompt(_("The hand is over."))
    rules = state.rules
    names = [seat_words(s) for s in rules.seats]
    hand = state.hands[seat]
    if state.phase is Phase.DRAW:
        return _declare_prompt(state, seat)
    if state.phase is Phase.NAME:
        starter = names[state.starter or 0]
        return Prompt(_("Nobody declared: name the trump suit for your partner {seat}, the starter.").format(
            seat=starter))
    if state.phase is Phase.BURY:
        k = rules.kitty
        risk = kitty_risk(rules, 0) if not rules.bury_points_allowed else \
            _("points you bury score {multiplier} for the attackers if they win the last trick").format(
                multiplier=_multiplier_words(rules))
        assert state.trump is not None
        return Prompt(_("Bury {cards} face down: the {count} from the kitty are marked; {risk}.").format(
                          cards=count(k, "card"), count=number(k), risk=risk),
                      count=k, marked=tuple(state.trump.sort(state.kitty)), marked_label=_("from the kitty"),
                      highlight=tuple(state.trump.sort(c for c in hand if points([c]))),
                      highlight_label=_("point cards"))
    if state.phase is Phase.CHOOSE:
        assert state.throw is not None
        leader = names[state.leader]
        listed = or_list(cards_text(o, state.trump) for o in state.throw.options)
        return Prompt(_("{seat}'s throw failed: choose which part {seat} must lead — {options}.").format(
            seat=leader, options=listed))
    pos = state.position()
    req = requirement(pos)
    trump = pos.trump
    if req.duty is Duty.LEAD:
        return Prompt(sentence(req.reason))
    group = req.group
    assert group is not None
    n = req.count
    leader = names[state.leader]
    led = _("{seat} led {lead}").format(seat=leader, lead=req.lead_text)
    if req.duty is Duty.VOID:
        trumps = tuple(trump.sort(c for c in hand if trump.is_trump(c)))
        if group is Group.TRUMP:
            return Prompt(_("{led}: you have no trumps, so discard any {cards}.").format(led=led,
                                                                                         cards=count(n, "card")),
                          count=n)
        return Prompt(_("{led}: you have no {suit}, so play any {cards} — a discard, or trumps in the led shape to "
                        "win.").format(led=led, suit=group.noun, cards=count(n, "card")),
                      count=n, highlight=trumps, highlight_label=_("your trumps"))
    held = tuple(trump.sort(c for c in hand if trump.group(c) is group))
    label = _("your trumps") if group is Group.TRUMP else _("your {suit}").format(suit=group.noun)
    if req.duty is Duty.ALL_OF_SUIT:
        extra = n - len(req.must)
        values = {"led": led, "cards": group.word(len(req.must)), "must": cards_text(req.must, trump),
                  "others": _("{count} other {cards}").format(count=number(extra), cards=plural(extra, "card"))}
        text = (_("{led}: play all your {cards} ({must}) and {others}.") if extra else
                _("{led}: play all your {cards} ({must}).")).format(**values)
        return Prompt(text, count=n, highlight=held, highlight_label=label)
    return Prompt(_("{led}: follow {suit} with {cards} — {rung}.").format(led=led, suit=group.noun,
                                                                         cards=count(n, "card"), rung=req.rung_text()),
                  count=n, highlight=held, highlight_label=label)


def _multiplier_words(rules: Rules) -> str:
    if rules.kitty_multiplier is KittyMultiplier.DOUBLE:
        return _("× 2")
    if rules.kitty_multiplier is KittyMultiplier.TWICE_CARDS:
        return _("× 2 × the cards each player plays to the last trick")
    return _("× 2 to the size of the last lead's largest combination")


def _declare_prompt(state: State, seat: int) -> Prompt:
    rules = state.rules
    options = declaration_options(state, seat)
    shown = tuple(sorted(dict.fromkeys(c for d in options for c in d.cards), key=draw_key(state.declare_rank(seat))))
    first_round = state.fixed_starter is None
    current = state.current
    last = state.deal.order[state.drawn - 1] if state.drawn else None
    drew_now = not state.final and last is not None and state.deal.seat_of(state.drawn - 1) == seat and \
        last in shown and current is None
    if drew_now and last is not None:
        what = _("no trump") if last.is_joker else _("{suit} trump").format(suit=last.suit.symbol if last.suit else "")
        text = (_("You drew {card}: declare to make {what} and your team the bankers, or pass.") if first_round else
                _("You drew {card}: declare to make {what}, or pass.")).format(card=last.symbol_text, what=what)
    elif current is not None and current.seat == seat:
        text = _("You declared {cards} ({outcome}): reinforce it with another copy, or pass.").format(
            cards=current.symbols, outcome=current.outcome)
    elif current is not None:
        text = _("{seat} declared {cards} ({outcome}): override it with a stronger declaration, or pass.").format(
            seat=seat_words(rules.seats[current.seat]), cards=current.symbols, outcome=current.outcome)
    elif state.final:
        text = (_("All the cards are drawn: declare now and your team the bankers, or pass — the last chance.")
                if first_round else _("All the cards are drawn: declare now, or pass — the last chance."))
    else:
        text = _("You may declare the trump suit, or pass.")
    return Prompt(text, highlight=shown, highlight_label=_("cards you could declare"))


def trump_groups(trump: Trump, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """``cards`` in groups for drawing under ``trump``: the trumps first, then each side suit in the order given."""
    trumps = _("Trumps")
    groups: dict[str, list[Card]] = {trumps: []}
    for card in cards:
        group = trump.group(card)
        groups.setdefault(trumps if group is Group.TRUMP else group.noun, []).append(card)
    return tuple((label, tuple(members)) for label, members in groups.items() if members)


def example_groups(rules: Rules, answer: Mapping[str, Any],
                   cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...] | None:
    """A lesson example's cards, trumps first in trump order, under the trump its answer names (``trump_rank``,
    ``trump_suit``); None when it names none."""
    rank, suit = answer.get("trump_rank"), answer.get("trump_suit")
    if not isinstance(rank, str):
        return None
    trump = trump_for(rules, Rank.parse(rank), Suit.parse(suit) if isinstance(suit, str) else None)
    return trump_groups(trump, trump.sort(cards))


def hand_groups(state: State, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """``cards`` in groups for drawing: the trumps first, then each side suit in the hand's order; while the trump
    is not fixed, the jokers and the cards that may be declared first, then each suit."""
    trump = state.trump
    if trump is not None:
        return trump_groups(trump, cards)
    groups: dict[str, list[Card]] = {}
    seat = state.to_act if state.to_act is not None else 0
    rank = state.declare_rank(seat)
    for card in cards:
        if card.is_joker:
            label = _("Jokers")
        elif card.rank is rank:
            label = _("{rank}s (may be declared)").format(rank=rank.text)
        else:
            label = card.suit.symbol if card.suit is not None else ""
        groups.setdefault(label, []).append(card)
    return tuple((label, tuple(members)) for label, members in groups.items())


# ---------------------------------------------------------------------------------------------------
# commentary
# ---------------------------------------------------------------------------------------------------


def _english() -> bool:
    return language() == DEFAULT_LANGUAGE


def team_name(rules: Rules, team: int) -> str:
    """A team by its seats in turn order: "N–S", "W–E" (or "E–W" at a clockwise table); the seats' names in
    other languages (উত্তর–দক্ষিণ)."""
    return f"{seat_words(rules.seats[team])}–{seat_words(rules.seats[team + 2])}"


def comment(before: State, action: Action, after: State) -> Step:
    """The commentary on ``action`` taken in ``before`` (which led to ``after``), as the Table shows it: sentences."""
    seat = before.to_act
    assert seat is not None
    names = before.rules.seats
    who = seat_words(names[seat])
    notes: list[str] = []
    if before.phase is Phase.DRAW:
        if isinstance(action, Declare):
            notes.append(check_declaration(action.cards, seat, before.declare_rank(seat), before.current,
                                           before.rules).reason)
        else:
            notes.append(_("{seat} passes").format(seat=who))
        notes += _draw_notes(before, after)
    elif before.phase is Phase.NAME:
        assert isinstance(action, Name)
        notes.append(_("nobody declared, so {seat}, the starter's partner, names {suit} trump").format(
            seat=who, suit=action.suit.symbol))
        notes += _trump_notes(after)
    elif before.phase is Phase.BURY:
        buried = len(action.cards) if isinstance(action, Bury) else 0
        notes.append(_("{seat} buries {cards} face down and leads the first trick").format(
            seat=who, cards=count(buried, "card")))
    elif before.phase is Phase.CHOOSE:
        assert isinstance(action, Choose) and before.throw is not None
        leader = seat_words(names[before.leader])
        notes.append(_("{seat} chooses {cards}: {leader} must lead it").format(
            seat=who, cards=cards_text(action.cards, before.trump), leader=leader))
        notes += _lead_notes(before, before.leader, action.cards, before.throw.cards)
    elif isinstance(action, Play):
        if not before.trick:
            notes += _throw_notes(before, seat, action.cards)
        else:
            notes += _follow_notes(before, seat, action.cards, after)
    return Step(seat, action_text(action), " ".join(sentence(n) for n in notes), chapter(before))


def _draw_notes(before: State, after: State) -> list[str]:
    notes = []
    if after.redeals > before.redeals:
        notes.append(_("nobody declared: the cards are thrown in and dealt again"))
    elif not before.final and (after.final or after.phase is not Phase.DRAW):
        notes.append(_("all {count} cards are drawn; each player has a last chance to declare").format(
            count=local_number(before.deal.drawn)))
    if after.phase is Phase.NAME:
        names = after.rules.seats
        notes.append(_("nobody declared: {seat}, the starter's partner, names the trump suit").format(
            seat=seat_words(names[after.to_act or 0])))
    elif after.phase is not Phase.DRAW:
        notes += _trump_notes(after)
    return notes


def _trump_notes(after: State) -> list[str]:
    """Trump is final: how it was fixed, who starts, and the kitty to bury."""
    assert after.trump is not None and after.starter is not None
    rules = after.rules
    names = rules.seats
    starter = seat_words(names[after.starter])
    bankers = team_name(rules, team_of(after.starter))
    notes = []
    if after.kitty_turn is not None:
        notes.append(after.kitty_turn.reason)
    elif rules.fixed_trump.suit is not None:
        notes.append(_("the trump suit is fixed before the deal: {trump}").format(trump=after.trump.label))
    else:
        notes.append(_("trump is final: {trump}").format(trump=after.trump.label))
    decl = after.current
    if after.fixed_starter is None and decl is not None and decl.seat == after.starter:
        notes.append(_("{seat}, the declarer, is the starter (the declarer starts: {common}), and {team} are the "
                       "bankers").format(seat=starter, common=_(COMMON_RULE), team=bankers))
    else:
        notes.append(_("{seat} is the starter and {team} are the bankers").format(seat=starter, team=bankers))
    notes.append(_("{seat} takes the {count}-card kitty and must bury as many cards").format(
        seat=starter, count=local_number(len(after.kitty))))
    return notes


def _throw_notes(before: State, seat: int, cards: tuple[Card, ...]) -> list[str]:
    assert before.trump is not None
    names = before.rules.seats
    shown = cards_text(cards, before.trump)
    if len(decompose(cards, before.trump, before.rules)) <= 1:
        return _lead_notes(before, seat, cards, ())
    verdict = judge_throw(cards, before.others(seat), before.trump, before.rules, names[seat])
    who = seat_words(names[seat])
    if verdict.stands:
        return [_("{seat} throws {cards}, and the throw stands: {reason}").format(seat=who, cards=shown,
                                                                                  reason=verdict.reason)]
    notes = [_("{seat} throws {cards}, but the throw fails: {reason}").format(seat=who, cards=shown,
                                                                              reason=verdict.reason)]
    if verdict.forced is not None:
        notes += _lead_notes(before, seat, verdict.forced, cards)
    return notes


def _lead_notes(before: State, seat: int, cards: Sequence[Card], attempted: Sequence[Card]) -> list[str]:
    notes = []
    who = seat_words(before.rules.seats[seat])
    penalty = throw_penalty(before, seat, cards, attempted)
    if penalty:
        back = len(attempted) - len(cards)
        went = (_("{seat} takes back {cards}: {points} go to the bankers") if penalty < 0 else
                _("{seat} takes back {cards}: {points} go to the attackers"))
        notes.append(went.format(seat=who, cards=count(back, "card"), points=count(abs(penalty), "point")))
    notes.append(_("{seat} leads {cards}").format(seat=who, cards=cards_text(cards, before.trump)))
    return notes


def _follow_notes(before: State, seat: int, cards: tuple[Card, ...], after: State) -> list[str]:
    notes = [_("{seat} plays {cards}").format(seat=seat_words(before.rules.seats[seat]),
                                              cards=cards_text(cards, before.trump))]
    if len(after.tricks) == len(before.tricks):
        return notes
    assert before.trump is not None
    last = after.tricks[-1]
    seats = [before.rules.seats[(last.leader + i) % 4] for i in range(4)]
    outcome = trick_winner(last.plays, before.trump, before.rules, seats)
    attackers_win = team_of(last.winner) != after.banker_team
    if not outcome.points:
        held = _("{reason}; the trick holds no points")
    elif attackers_win:
        held = _("{reason}; the trick holds {points} for the attackers")
    else:
        held = _("{reason}; the trick holds {points}")
    notes.append(held.format(reason=outcome.reason, points=count(outcome.points, "point")))
    s = after.score
    if s is not None:
        if s.multiplier:
            notes.append(_("the attackers won the last trick: the kitty's {points} × {times} = {bonus} are "
                           "theirs").format(points=count(s.kitty_points, "point"), times=local_number(s.multiplier),
                                            bonus=local_number(s.kitty_bonus)))
        elif s.kitty_points:
            notes.append(_("the bankers won the last trick and keep the kitty's {points}").format(
                points=count(s.kitty_points, "point")))
        else:
            notes.append(_("the bankers won the last trick; the kitty holds no points"))
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


def lost(state: State, seat: int) -> bool:
    """Whether ``seat``'s team lost the finished hand: the other team holds the bank next (a bank taken with no
    level change is lost too, though no levels move)."""
    s = state.score
    return s is not None and team_of(seat) != s.next_banker_team


def points_breakdown(s: HandScore) -> str:
    """Where the attackers' points came from: "85 in tricks, 40 from the kitty (20 × 2) and 10 lost by failed
    throws"."""
    parts = [_("{points} in tricks").format(points=local_number(s.trick_points))]
    if s.kitty_bonus:
        parts.append(_("{bonus} from the kitty ({points} × {times})").format(
            bonus=local_number(s.kitty_bonus), points=local_number(s.kitty_points), times=local_number(s.multiplier)))
    if s.penalty:
        parts.append((_("{points} gained by failed throws") if s.penalty > 0 else
                      _("{points} lost by failed throws")).format(points=local_number(abs(s.penalty))))
    return and_list(parts)


def levels_text(levels: Sequence[Rank]) -> str:
    """"NS 2, WE 3"."""
    return ", ".join(f"{team_words(i)} {lv.text}" for i, lv in enumerate(levels))


def result_words(state: State, subject: str | None = None) -> str:
    """What the level table's verdict does, as a clause: "the bankers (N–S) keep the bank and go up two levels";
    ``subject`` names the team that moves (default: "the bankers (N–S)" or "the attackers (W–E)")."""
    s = state.score
    assert s is not None
    change = s.change
    up_team = s.banker_team if change.bankers_keep else 1 - s.banker_team
    if subject is None:
        subject = (_("the bankers ({team})") if change.bankers_keep else _("the attackers ({team})")).format(
            team=team_name(state.rules, up_team))
    before, after = state.levels[up_team], s.levels[up_team]
    if change.bankers_keep:
        text = _("{team} keep the bank and go up {levels}").format(team=subject, levels=count(change.levels, "level"))
    elif change.levels:
        text = _("{team} take the bank and go up {levels}").format(team=subject, levels=count(change.levels, "level"))
    else:
        text = _("{team} take the bank, with no level change").format(team=subject)
    rules = state.rules
    if change.levels and s.winner is None:
        gained = RANKS.index(after) - RANKS.index(before)
        if gained == 0 and not change.bankers_keep and before in rules.stop_ranks:
            text += ", " + _("but stay at {level}: a level that must be played is won as the bankers ({note})").format(
                level=before.text, note=default_note("defend_stop_ranks"))
        elif gained < change.levels:
            text += ", " + _("but stop at {level}, a level that must be played").format(level=after.text)
    return text


def outcome(state: State) -> Outcome | None:
    """How the hand came out, in sentences, once it is over."""
    s = state.score
    if s is None:
        return None
    rules = state.rules
    bankers, attackers = team_name(rules, s.banker_team), team_name(rules, 1 - s.banker_team)
    took = _("Attackers ({team}) took {points}").format(team=attackers, points=count(s.attacker_points, "point"))
    if s.kitty_bonus or s.penalty:
        took += f" ({points_breakdown(s)})"
    verdict = result_words(state, None if s.change.bankers_keep else _("they"))
    summary = f"{took} → {sentence(verdict)}" if not _english() else f"{took} → {verdict}."
    if s.winner is not None:
        summary += " " + _("{team} go past {rank} and win the game.").format(team=team_name(rules, s.winner),
                                                                             rank=rules.game_end_rank.text)
    else:
        summary += " " + _("Levels: {levels}. {seat} starts next.").format(
            levels=levels_text(s.levels), seat=seat_words(rules.seats[s.next_starter]))
    band = (f"{local_number(s.change.low)}–{local_number(s.change.high)}" if s.change.high is not None else
            _("{points} or more").format(points=local_number(s.change.low)))
    facts: list[tuple[str, str]] = [
        (_("Trump"), state.trump.label if state.trump else _("none")),
        (_("Bankers"), _("{team}; {seat} started").format(team=bankers, seat=seat_words(rules.seats[s.starter]))),
        (_("Attackers' points"), f"{local_number(s.attacker_points)}: {points_breakdown(s)}"
         if s.kitty_bonus or s.penalty else local_number(s.attacker_points)),
        (_("Result"), _("{band} points: {result}").format(band=band, result=result_words(state))),
        (_("Levels"), levels_text(s.levels)),
    ]
    if s.winner is not None:
        facts.append((pgettext("table fact", "Game"), _("{team} win the game").format(team=team_name(rules, s.winner))))
    else:
        facts.append((_("Next"), _("{team} bank; {seat} starts").format(
            team=team_name(rules, s.next_banker_team), seat=seat_words(rules.seats[s.next_starter]))))
    data = {**s.to_json(), "tricks": len(state.tricks)}
    return Outcome(summary, returns(state), tuple(facts), data)


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
        "result": s.result,
    }
