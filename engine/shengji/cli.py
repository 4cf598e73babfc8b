"""Shengji on the command line and for the app: JSON request → JSON answer (see README "Shengji / Tractor").

Every position request takes ``preset`` (default ``competition``), ``decks`` (1–4), ``options`` (other rule
options by name), ``trump_rank`` (2–A, default 2) and ``trump_suit`` (``S H D C``, or null for no trump).
Cards are notation strings; answers give cards canonically, high to low in the round's trump order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from engine.cards import Card, Deck, Suit
from engine.errors import InvalidPositionError, InvalidRequestError, UnknownNameError
from engine.jsonio import Request
from engine.shengji.combos import Kind, classify, decompose, describe_format, format_of, group_of, shape_name
from engine.shengji.deal import deal
from engine.shengji.declare import Declaration, judge, legal_declarations, turn_kitty
from engine.shengji.examples import (
    EXAMPLES,
    bury_answer,
    climb_answer,
    compare_presets,
    tractor_reason,
    trumps_answer,
    try_play,
)
from engine.shengji.play import (
    Duty,
    Position,
    check,
    deck_of,
    describe_lead,
    ladder_steps,
    legal_plays,
    playable_cards,
    requirement,
)
from engine.shengji.rules import (
    PRESET_DESCRIPTIONS,
    TEAMS,
    Rules,
    differences,
    options_of,
    parse_level,
    rules_for,
)
from engine.shengji.rules import PRESETS as RULE_PRESETS
from engine.shengji.score import kitty_bonus, kitty_multiplier, level_bands, score_round, team_of
from engine.shengji.trick import judge_throw, trick_winner
from engine.shengji.trump import Trump, describe_order, points, trump_for

PRESETS: dict[str, str] = dict(PRESET_DESCRIPTIONS)

RULE_FIELDS = ("preset", "decks", "options")
TRUMP_FIELDS = (*RULE_FIELDS, "trump_rank", "trump_suit")


# ---------------------------------------------------------------------------------------------------
# request helpers
# ---------------------------------------------------------------------------------------------------


def _rules(req: Request) -> Rules:
    overrides = dict(req.mapping("options"))
    if req.has("decks"):
        overrides["decks"] = req.integer("decks", low=1, high=4)
    preset = req.string("preset", "competition")
    return rules_for(preset, overrides)


def _suit(value: Any) -> Suit | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "nt", "no trump", "notrump")):
        return None
    if not isinstance(value, str):
        raise InvalidRequestError(f"field 'trump_suit': expected a suit (S, H, D, C) or null, got {value!r}")
    try:
        return Suit.parse(value)
    except ValueError as error:
        raise InvalidRequestError(f"field 'trump_suit': {error}") from None


def _trump(req: Request, rules: Rules) -> Trump:
    if "trump_suit" not in req.data:
        raise InvalidRequestError("missing field 'trump_suit' (a suit S, H, D, C, or null for no trump)")
    rank_text = req.raw("trump_rank", "2")
    try:
        rank = parse_level(str(rank_text))
    except ValueError as error:
        raise InvalidRequestError(f"field 'trump_rank': {error}") from None
    return trump_for(rules, rank, _suit(req.raw("trump_suit")))


def _cards(req: Request, name: str, rules: Rules, *, required: bool = False) -> tuple[Card, ...]:
    return req.cards(name, deck_of(rules), required=required)


def _some_cards(req: Request, name: str, rules: Rules) -> tuple[Card, ...]:
    """A required, non-empty field of cards."""
    cards = _cards(req, name, rules, required=True)
    if not cards:
        raise InvalidRequestError(f"field {name!r}: no cards given")
    return cards


def _seat(value: Any, name: str, rules: Rules) -> int:
    """A seat by name (N, W, S, E) or by its index in the rules' turn order (0–3, 0 = N)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return value
    if isinstance(value, str):
        return rules.seat_index(value, name)
    raise InvalidRequestError(f"field {name!r}: {value!r} is not a seat (N, W, S, E)")


def _text(cards: Iterable[Card], trump: Trump | None = None) -> str:
    return " ".join(c.text for c in (trump.sort(cards) if trump else cards))


def _symbols(cards: Sequence[Card], trump: Trump | None = None) -> str:
    return " ".join(c.symbol_text for c in (trump.sort(cards) if trump else cards))


def _others(req: Request, rules: Rules, leader: int) -> list[tuple[str, tuple[Card, ...]]]:
    """The ``others`` field ({"W": "…", …}) in turn order after the leader (the first is the next player)."""
    raw = req.mapping("others")
    hands: dict[int, tuple[Card, ...]] = {}
    deck = deck_of(rules)
    names = rules.seats
    for key, value in raw.items():
        seat = _seat(key, "others", rules)
        if seat == leader:
            raise InvalidRequestError(f"field 'others': {names[seat]} is the leader; give the other three hands")
        if not isinstance(value, str | list):
            raise InvalidRequestError(f"field 'others': the hand of {names[seat]} must be card notation")
        hands[seat] = Request({key: value}, (key,)).cards(key, deck)
    return [(names[s], hands[s]) for s in ((leader + i) % 4 for i in (1, 2, 3)) if s in hands]


def _position(req: Request, rules: Rules, trump: Trump, leader: int = 0) -> Position:
    hand = _cards(req, "hand", rules, required=True)
    lead = _cards(req, "lead", rules)
    others = _others(req, rules, leader) if req.has("others") else []
    return Position.make(rules, trump, hand, lead, others)


def _limit(req: Request) -> int | None:
    if req.raw("limit", 2000) is None:
        return None
    return req.integer("limit", 2000, low=0)


# ---------------------------------------------------------------------------------------------------
# commands
# ---------------------------------------------------------------------------------------------------


def _requirement_json(pos: Position) -> dict[str, Any]:
    req = requirement(pos)
    out: dict[str, Any] = {
        "duty": req.duty.value,
        "count": req.count,
        "text": req.text,
        "lead": req.lead_text,
        "must": _text(req.must, pos.trump),
        "example": _text(req.example, pos.trump),
    }
    if req.duty is Duty.FOLLOW:
        out["rung"] = req.rung
        out["rung_text"] = req.rung_text(req.group.noun if req.group else "cards")
        out["choices"] = {label: [_text(u, pos.trump) for u in units] for label, units in req.choices}
    if not pos.leading:
        out["holding"] = _text(pos.holding().expanded(), pos.trump)
        out["ladder"] = [
            {"text": s.text, "met": s.met, "example": _text(s.example, pos.trump), "current": s.index == req.rung}
            for s in ladder_steps(pos)
        ]
    return out


def legal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Distinct legal plays of a position (``lead`` absent: leading), up to ``limit``, and the requirement."""
    req = Request(data, (*TRUMP_FIELDS, "hand", "lead", "others", "limit", "leader"))
    rules = _rules(req)
    trump = _trump(req, rules)
    pos = _position(req, rules, trump, _seat(req.raw("leader", "N"), "leader", rules))
    result = legal_plays(pos, _limit(req))
    requirement_json = _requirement_json(pos)
    return {
        "plays": [_text(p, trump) for p in result.plays],
        "complete": result.complete,
        "count": len(result.plays),
        "requirement": requirement_json["text"],
        "detail": requirement_json,
        "playable": _text(playable_cards(pos), trump),
    }


def check_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether ``play`` is legal in the position, with the reason (naming the ladder rung)."""
    req = Request(data, (*TRUMP_FIELDS, "hand", "lead", "others", "play", "leader"))
    rules = _rules(req)
    trump = _trump(req, rules)
    pos = _position(req, rules, trump, _seat(req.raw("leader", "N"), "leader", rules))
    play = _cards(req, "play", rules, required=True)
    verdict = check(pos, play)
    return {"legal": verdict.legal, "reason": verdict.reason, "requirement": requirement(pos).text}


def requirement_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """What must be played: the duty, the ladder with the rung that applies, the units in hand, an example."""
    req = Request(data, (*TRUMP_FIELDS, "hand", "lead", "others", "leader"))
    rules = _rules(req)
    trump = _trump(req, rules)
    return _requirement_json(_position(req, rules, trump, _seat(req.raw("leader", "N"), "leader", rules)))


def winner_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The winner of a trick: ``plays`` in turn order, the lead first (``leader`` names the seats)."""
    req = Request(data, (*TRUMP_FIELDS, "plays", "leader"))
    rules = _rules(req)
    trump = _trump(req, rules)
    raw = req.raw("plays")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        raise InvalidRequestError("field 'plays': expected a list of 1 to 4 plays, the lead first")
    deck = deck_of(rules)
    plays = [Request({"play": p}, ("play",)).cards("play", deck, required=True) for p in raw]
    if any(not p for p in plays):
        raise InvalidRequestError("field 'plays': every play needs at least one card")
    deck.check([c for p in plays for c in p], "in the trick")
    seats = None
    if req.has("leader"):
        leader = _seat(req.raw("leader"), "leader", rules)
        seats = [rules.seats[(leader + i) % 4] for i in range(len(plays))]
    out = trick_winner(plays, trump, rules, seats)
    answer: dict[str, Any] = {"winner": out.winner, "reason": out.reason, "roles": list(out.roles),
                              "points": out.points}
    if seats:
        answer["seat"] = seats[out.winner]
    return answer


def throw_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Does a throw stand against the other hands? If not: the forced part, or the parts to choose from."""
    req = Request(data, (*TRUMP_FIELDS, "hand", "others", "play", "leader", "lead"))
    rules = _rules(req)
    trump = _trump(req, rules)
    if _cards(req, "lead", rules):
        raise InvalidRequestError("field 'lead': a throw is a lead, so the position's lead must be empty")
    leader = _seat(req.raw("leader", "N"), "leader", rules)
    hand = _cards(req, "hand", rules, required=True)
    play = _some_cards(req, "play", rules)
    if not req.has("others"):
        raise InvalidRequestError("missing field 'others': the other hands by seat, e.g. {\"W\": \"KH\", …}")
    others = _others(req, rules, leader)
    deck_of(rules).check(list(hand) + [c for _, cs in others for c in cs], "in the hands together")
    left = list(hand)
    for card in play:
        if card not in left:
            raise InvalidPositionError(f"{card.symbol_text} of the throw is not in the leader's hand")
        left.remove(card)
    if group_of(play, trump) is None:
        raise InvalidPositionError(f"{_symbols(play, trump)} mixes suits: a throw must be one suit, or all trumps")
    verdict = judge_throw(play, others, trump, rules)
    answer: dict[str, Any] = {
        "stands": verdict.stands,
        "parts": [_text(p.cards, trump) for p in verdict.parts],
        "reason": verdict.reason,
        "beaten": [{"part": _text(b.part.cards, trump), "seat": b.seat, "by": _text(b.by, trump)}
                   for b in verdict.beaten],
    }
    if not verdict.stands:
        if verdict.forced is not None:
            answer["forced"] = _text(verdict.forced, trump)
            answer["penalty"] = rules.throw_penalty_per_card * verdict.taken_back(verdict.forced)
        else:
            answer["forced"] = [_text(o, trump) for o in verdict.options]
            answer["chooser"] = verdict.chooser
            answer["penalty"] = {_text(o, trump): rules.throw_penalty_per_card * verdict.taken_back(o)
                                 for o in verdict.options}
    return answer


def score_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Score a round: attackers' trick points + the kitty bonus (+ penalty) → level change, next banker."""
    req = Request(data, (*RULE_FIELDS, "attacker_points", "kitty_points", "last_trick_cards", "attackers_won_last",
                         "largest_combo", "penalty", "starter", "levels"))
    rules = _rules(req)
    levels = req.mapping("levels", {"NS": "2", "WE": "2"})
    try:
        ranks = (parse_level(str(levels.get("NS", "2"))), parse_level(str(levels.get("WE", levels.get("EW", "2")))))
    except ValueError as error:
        raise InvalidRequestError(f"field 'levels': {error}") from None
    s = score_round(
        rules,
        trick_points=req.integer("attacker_points", low=0),
        kitty_points=req.integer("kitty_points", 0, low=0, high=100 * rules.decks),
        last_trick_cards=req.integer("last_trick_cards", 1, low=1, high=rules.hand_size),
        attackers_won_last=req.boolean("attackers_won_last", False),
        starter=_seat(req.raw("starter", "N"), "starter", rules),
        levels=ranks,
        penalty=req.integer("penalty", 0),
        largest_combo=req.integer("largest_combo") if req.has("largest_combo") else None,
    )
    answer = s.to_json()
    answer["reason"] = _score_reason(s, rules)
    return answer


def _score_reason(s: Any, rules: Rules) -> str:
    bits = [f"{s.trick_points} in tricks"]
    if s.kitty_bonus:
        bits.append(f"kitty {s.kitty_points} × {s.multiplier} = {s.kitty_bonus}")
    elif s.kitty_points:
        bits.append("no kitty bonus (the bankers won the last trick)")
    if s.penalty:
        bits.append(f"{s.penalty:+d} for failed throws")
    nxt = f"{TEAMS[s.next_banker_team]} bank next and {s.seats[s.next_starter]} starts."
    return f"{', '.join(bits)}: {s.attacker_points} points. {s.change.text[0].upper()}{s.change.text[1:]}; {nxt}"


def kitty_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The kitty multiplier and bonus for a last trick of ``last_trick_cards`` cards per player."""
    req = Request(data, (*RULE_FIELDS, "kitty_points", "last_trick_cards", "largest_combo", "attackers_won_last"))
    rules = _rules(req)
    cards = req.integer("last_trick_cards", 1, low=1, high=rules.hand_size)
    largest = req.integer("largest_combo") if req.has("largest_combo") else None
    won = req.boolean("attackers_won_last", True)
    kitty = req.integer("kitty_points", 0, low=0)
    return {"multiplier": kitty_multiplier(rules, cards, largest),
            "bonus": kitty_bonus(rules, kitty, cards, won, largest),
            "rule": rules.kitty_multiplier.value}


def bands_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The level table as bands of attackers' points (for charts); ``upto`` extends it past the deck's points."""
    req = Request(data, (*RULE_FIELDS, "upto"))
    rules = _rules(req)
    upto = req.integer("upto", rules.total_points, low=0, high=10_000)
    return {"threshold": rules.attack_threshold, "band": rules.band_width,
            "bands": [{"low": b.low, "high": b.high, "bankers_keep": b.bankers_keep, "levels": b.levels,
                       "text": b.text} for b in level_bands(rules, upto)]}


def classify_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """What ``cards`` are: one combination (single, pair, triple, tractor) or a throw of several parts."""
    req = Request(data, (*TRUMP_FIELDS, "cards"))
    rules = _rules(req)
    trump = _trump(req, rules)
    cards = _some_cards(req, "cards", rules)
    deck_of(rules).check(cards, "in the cards")
    group = group_of(cards, trump)
    if group is None:
        return {"combination": False, "tractor": False, "kind": None, "group": None, "parts": [],
                "description": f"{_symbols(cards, trump)} mixes suits: not one combination and not a throw"}
    parts = decompose(cards, trump, rules)
    combo = classify(cards, trump, rules)
    return {
        "combination": combo is not None,
        "tractor": combo is not None and combo.kind is Kind.TRACTOR,
        "kind": combo.kind.value if combo else "throw",
        "group": group.value,
        "parts": [{"cards": _text(p.cards, trump), "kind": p.kind.value, "shape": shape_name(p.shape)}
                  for p in parts],
        "format": describe_format(format_of(parts)),
        "description": describe_lead(parts, group),
    }


def is_tractor_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether ``cards`` form a tractor, and why (naming the cards that break it when they do not)."""
    answer = classify_command(data)
    req = Request(data, (*TRUMP_FIELDS, "cards"))
    rules = _rules(req)
    _, why = tractor_reason(_some_cards(req, "cards", rules), _trump(req, rules), rules)
    reason = f"Yes, {why}" if answer["tractor"] else f"No: {why}"
    return {"tractor": answer["tractor"], "reason": reason, "parts": answer["parts"]}


def deal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A seeded deal: the four hands (by seat, sorted for showing) and the kitty."""
    req = Request(data, (*RULE_FIELDS, "seed", "first", "trump_rank", "trump_suit"))
    rules = _rules(req)
    seed = req.integer("seed", 0, low=0)
    d = deal(rules, seed, _seat(req.raw("first", "N"), "first", rules))
    trump = _trump(req, rules) if "trump_suit" in req.data else None
    sort = trump.sort if trump else (lambda cs: sorted(cs, key=lambda c: (c.is_joker, c.rank.value), reverse=True))
    hands = {rules.seats[i]: " ".join(c.text for c in sort(h)) for i, h in enumerate(d.hands)}
    return {"seed": seed, "hands": hands, "kitty": " ".join(c.text for c in d.kitty), "hand_size": rules.hand_size,
            "first": rules.seats[d.first], "turn_order": " → ".join(rules.seats)}


def declare_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Can ``seat`` declare ``play`` now, over the ``current`` declaration of ``current_seat``?"""
    req = Request(data, (*RULE_FIELDS, "trump_rank", "play", "seat", "current", "current_seat", "hand"))
    rules = _rules(req)
    try:
        rank = parse_level(str(req.raw("trump_rank", "2")))
    except ValueError as error:
        raise InvalidRequestError(f"field 'trump_rank': {error}") from None
    deck = deck_of(rules)
    play = req.cards("play", deck, required=True)
    seat = _seat(req.raw("seat", "N"), "seat", rules)
    current = None
    if req.has("current"):
        shown = req.cards("current", deck, required=True)
        cur_seat = _seat(req.raw("current_seat", "W"), "current_seat", rules)
        verdict, current = judge(shown, cur_seat, rank, None, rules)
        if current is None:
            raise InvalidPositionError(f"the current declaration is not a declaration: {verdict.reason}")
        # a reinforcement shows the same cards again plus more: count each card once per copy shown
        together = Counter(shown) | Counter(play) if cur_seat == seat else Counter(shown) + Counter(play)
        deck.check(list(together.elements()), "in the two declarations")
    hand = req.cards("hand", deck) if req.has("hand") else None
    verdict, decl = judge(play, seat, rank, current, rules, hand)
    answer: dict[str, Any] = {"legal": verdict.legal, "override": verdict.legal and current is not None,
                              "reason": verdict.reason}
    if decl is not None:
        answer["trump"] = decl.outcome
    if hand is not None:
        answer["options"] = [d.text for d in legal_declarations(hand, seat, rank, current, rules)]
    return answer


def order_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The whole card order for a trump rank and suit: trumps high to low in tiers, then each plain suit."""
    req = Request(data, TRUMP_FIELDS)
    rules = _rules(req)
    trump = _trump(req, rules)
    order = describe_order(trump)
    trumps = order.pop("T")
    return {"label": trump.label, "trump": trumps, "suits": order,
            "trump_text": " > ".join(" = ".join(Card.parse(c).symbol_text for c in tier) for tier in trumps)}


def turn_kitty_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Trump when nobody declares in a later round: the kitty turned per the preset's rule."""
    req = Request(data, (*RULE_FIELDS, "trump_rank", "kitty"))
    rules = _rules(req)
    rank = parse_level(str(req.raw("trump_rank", "2")))
    kitty = _some_cards(req, "kitty", rules)
    turn = turn_kitty(kitty, rank, rules)
    return {"trump_suit": turn.suit.value if turn.suit else None, "turned": _text(turn.turned),
            "reason": turn.reason, "rule": rules.no_declaration.value}


def points_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Points in ``cards`` (5s: 5, 10s and kings: 10), with the sum spelled out."""
    req = Request(data, ("cards",))
    cards = req.cards("cards", Deck.standard(jokers=True, decks=4))
    counted = [c for c in cards if points([c])]
    total = points(cards)
    if counted:
        reason = " + ".join(f"{c.symbol_text} {points([c])}" for c in counted) + f" = {total} points."
    else:
        reason = "No 5s, 10s or kings: 0 points."
    return {"points": total, "reason": reason}


def rules_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a preset (with overrides), and how the two presets differ."""
    req = Request(data, RULE_FIELDS)
    rules = _rules(req)
    diff = differences(RULE_PRESETS["competition"], RULE_PRESETS["tractor"])
    d = rules.decks
    summary = (f"With {d} deck{'s' if d > 1 else ''}: {54 * d} cards, {rules.hand_size} for each player and "
               f"{rules.kitty} in the kitty; {rules.total_points} points in play. The attackers need "
               f"{rules.attack_threshold} to take the bank; each band of the level table is {rules.band_width} wide.")
    return {"summary": summary, "options": options_of(rules), "hand_size": rules.hand_size, "kitty": rules.kitty,
            "total_points": rules.total_points, "threshold": rules.attack_threshold, "band": rules.band_width,
            "presets": PRESETS,
            "differences": {k: {"competition": a, "tractor": b} for k, (a, b) in diff.items()}}


def round_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A whole seeded round played by the bots: the declarations, kitty, every trick and the score."""
    from engine.shengji.rounds import play_round, round_summary

    req = Request(data, (*RULE_FIELDS, "seed", "bots", "levels", "starter"))
    rules = _rules(req)
    bots = req.raw("bots", "heuristic")
    state = play_round(rules, req.integer("seed", 0, low=0), bots, **_round_context(req, rules))
    return round_summary(state)


def _round_context(req: Request, rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if req.has("levels"):
        levels = req.mapping("levels")
        out["levels"] = (parse_level(str(levels.get("NS", "2"))), parse_level(str(levels.get("WE", "2"))))
    if req.has("starter"):
        out["starter"] = _seat(req.raw("starter"), "starter", rules)
    return out


def example_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A seeded teaching position of one ``kind`` (see engine.shengji.examples.EXAMPLES)."""
    req = Request(data, (*RULE_FIELDS, "kind", "seed"))
    rules = _rules(req)
    kind = req.string("kind")
    if kind not in EXAMPLES:
        raise UnknownNameError("example kind", kind, EXAMPLES)
    return {"kind": kind, "seed": req.integer("seed", 1, low=0), **EXAMPLES[kind](req.integer("seed", 1, low=0),
                                                                                  rules)}


def climb_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """How many levels a team at ``level`` must still climb to win the game (go past the end rank)."""
    req = Request(data, (*RULE_FIELDS, "level"))
    rules = _rules(req)
    try:
        level = parse_level(str(req.raw("level", "2")))
    except ValueError as error:
        raise InvalidRequestError(f"field 'level': {error}") from None
    return climb_answer(level, rules)


def trumps_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Are the cards ``play`` exactly the trumps of ``hand``? (``correct``, the trumps, what was missed)."""
    req = Request(data, (*TRUMP_FIELDS, "hand", "play"))
    rules = _rules(req)
    trump = _trump(req, rules)
    hand = _cards(req, "hand", rules, required=True)
    play = _cards(req, "play", rules)
    extra = Counter(play) - Counter(hand)
    if extra:
        return {"correct": False, "trumps": "", "count": 0,
                "reason": f"{next(iter(extra)).symbol_text} is not in the hand."}
    return trumps_answer(hand, play, trump)


def bury_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """May the starter bury ``play`` from ``hand`` (hand + kitty)? With the points and trumps it risks."""
    req = Request(data, (*TRUMP_FIELDS, "hand", "play"))
    rules = _rules(req)
    trump = _trump(req, rules)
    return bury_answer(_cards(req, "hand", rules, required=True), _cards(req, "play", rules), trump, rules)


def try_play_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Is ``play`` legal after ``lead`` and the ``trick``'s earlier plays, and does it take the lead?"""
    req = Request(data, (*TRUMP_FIELDS, "hand", "lead", "trick", "play"))
    rules = _rules(req)
    trump = _trump(req, rules)
    deck = deck_of(rules)
    raw = req.raw("trick", [])
    if not isinstance(raw, list) or len(raw) > 2:
        raise InvalidRequestError("field 'trick': expected a list of up to 2 earlier plays after the lead")
    earlier = [Request({"play": p}, ("play",)).cards("play", deck, required=True) for p in raw]
    pos = _position(req, rules, trump)
    if not pos.lead:
        raise InvalidRequestError("missing field 'lead': the cards led to this trick")
    deck.check(list(pos.hand) + list(pos.lead) + [c for p in earlier for c in p], "in the hand and the trick")
    return try_play(pos, earlier, _some_cards(req, "play", rules))


def compare_presets_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on ``play`` under both presets, for the same hand, lead and trump."""
    req = Request(data, ("decks", "trump_rank", "trump_suit", "hand", "lead", "play"))
    rules = _rules(req)
    trump = _trump(req, rules)
    rank = parse_level(str(req.raw("trump_rank", "2")))
    hand = _cards(req, "hand", rules, required=True)
    lead = _cards(req, "lead", rules)
    return compare_presets(rank, trump.suit, hand, lead, _some_cards(req, "play", rules), rules.decks)


COMMANDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "legal": legal_command,
    "check": check_command,
    "requirement": requirement_command,
    "winner": winner_command,
    "throw": throw_command,
    "score": score_command,
    "kitty": kitty_command,
    "bands": bands_command,
    "classify": classify_command,
    "is_tractor": is_tractor_command,
    "deal": deal_command,
    "declare": declare_command,
    "order": order_command,
    "turn_kitty": turn_kitty_command,
    "points": points_command,
    "rules": rules_command,
    "round": round_command,
    "example": example_command,
    "climb": climb_command,
    "trumps": trumps_command,
    "bury": bury_command,
    "try_play": try_play_command,
    "compare_presets": compare_presets_command,
}


def simulate(games: int, seed: int, options: Mapping[str, Any], progress: Callable[[int, int], None] | None = None
             ) -> pd.DataFrame:
    """``games`` seeded rounds played by the bots, one row per round (see engine.shengji.rounds)."""
    from engine.shengji.rounds import simulate_rounds

    return simulate_rounds(games, seed, options, progress)


__all__ = ["COMMANDS", "PRESETS", "simulate", "team_of", "Declaration"]
