"""The JSON commands of Dou Dizhu (``python -m engine <command> doudizhu '<json>'``) and the simulation.

Every command takes ``preset`` (``three_player`` or ``four_player``) and ``options`` (rule options, see
:mod:`engine.doudizhu.rules`). Cards are bare ranks (``3 3 4 10 J BJ``; ``33344`` also works).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from engine.base import PASS, describe_rules
from engine.cards import format_cards
from engine.doudizhu.bidding import PASS_BID, Auction
from engine.doudizhu.combos import (
    Combo,
    Kind,
    allowed,
    combo_json,
    counts_of,
    counts_text,
    describe,
    readings,
)
from engine.doudizhu.deal import deal, sort_ranks
from engine.doudizhu.explain import why_not
from engine.doudizhu.generate import generate
from engine.doudizhu.play import Position, judge, legal_plays, read_previous
from engine.doudizhu.rules import OPTION_TEXT, PRESET_TEXT, Rules, make_rules
from engine.doudizhu.score import payment
from engine.errors import InvalidPositionError, InvalidRequestError, UnknownNameError
from engine.jsonio import Request
from engine.sim import Progress
from engine.sim import simulate as run_simulation

PRESETS: dict[str, str] = dict(PRESET_TEXT)
OPTIONS: dict[str, str] = dict(OPTION_TEXT)
DEFAULT_PRESET = "three_player"
_COMMON = ("preset", "options")


def _rules(req: Request) -> Rules:
    return make_rules(req.string("preset", DEFAULT_PRESET), req.mapping("options"))


def _kind(req: Request, field: str) -> Kind | None:
    if not req.has(field):
        return None
    return Kind.parse(req.string(field))


def _is_pass(req: Request, field: str) -> bool:
    value = req.raw(field)
    return isinstance(value, str) and value.strip().lower() == "pass"


def position_from(req: Request, rules: Rules) -> Position:
    """The position in a request: ``hand``, ``previous`` (absent or empty: a lead) and ``previous_as``."""
    deck = rules.deck
    hand = req.cards("hand", deck, required=True)
    previous = () if _is_pass(req, "previous") else req.cards("previous", deck)
    return Position.make(rules, hand, previous, _kind(req, "previous_as"))


def legal(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every legal play of the position, grouped by type, and whether passing is allowed."""
    req = Request(data, _COMMON + ("hand", "previous", "previous_as"))
    rules = _rules(req)
    position = position_from(req, rules)
    plays = legal_plays(position)
    return {
        "plays": [combo_json(c) for c in plays],
        "groups": plays.counts(),
        "count": len(plays),
        "can_pass": plays.can_pass,
        "lead": position.previous is None,
        "previous": combo_json(position.previous) if position.previous else None,
    }


def check(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether ``play`` (cards, or "pass") is legal in the position, with the reason."""
    req = Request(data, _COMMON + ("hand", "previous", "previous_as", "play"))
    rules = _rules(req)
    position = position_from(req, rules)
    if _is_pass(req, "play"):
        verdict, combo = judge(position, PASS)
    else:
        verdict, combo = judge(position, req.cards("play", rules.deck, required=True))
    return {"legal": verdict.legal, "reason": verdict.reason, "combo": combo_json(combo) if combo else None}


def classify(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every reading of ``cards`` as a combination, or the reason they are none."""
    req = Request(data, _COMMON + ("cards",))
    rules = _rules(req)
    cards = req.cards("cards", rules.deck, required=True)
    rules.deck.check(cards, "in these cards")
    counts = counts_of(cards)
    found = readings(counts, rules)
    if found:
        reason = " or ".join(describe(c) for c in found)
    else:
        reason = why_not(counts, rules) if cards else "no cards were given"
    return {
        "cards": counts_text(counts),
        "combination": bool(found),
        "readings": [combo_json(c) for c in found],
        "combo": found[0].kind.value if found else None,
        "reason": reason,
    }


def compare(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether ``play`` beats ``table`` (no hand needed), with the reason."""
    req = Request(data, _COMMON + ("table", "play", "table_as"))
    rules = _rules(req)
    deck = rules.deck
    table = req.cards("table", deck, required=True)
    play = req.cards("play", deck, required=True)
    deck.check(table + play, "in the two plays together")
    position = Position(rules, counts_of(play), read_previous(rules, counts_of(table), _kind(req, "table_as")))
    verdict, _ = judge(position, play)
    return {"beats": verdict.legal, "reason": verdict.reason}


def score(data: Mapping[str, Any]) -> dict[str, Any]:
    """Each seat's payment: ``bid``, ``bombs`` (a count of 4-card bombs, or a list of bomb sizes),
    ``rockets``, ``winner`` ("landlord" or "peasants"), ``spring`` and ``landlord`` (seat number, 0)."""
    req = Request(data, _COMMON + ("bid", "bombs", "rockets", "winner", "spring", "landlord"))
    rules = _rules(req)
    bombs_raw = req.raw("bombs", 0)
    if isinstance(bombs_raw, list):
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in bombs_raw):
            raise InvalidRequestError(f"field 'bombs': expected bomb sizes such as [4, 6], got {bombs_raw!r}")
        bombs = tuple(bombs_raw)
    else:
        bombs = (4,) * req.integer("bombs", 0, low=0, high=26)
    winner = req.string("winner", "landlord", choices=("landlord", "peasants"))
    landlord = req.integer("landlord", 0, low=0, high=rules.players - 1)
    pay = payment(rules, req.integer("bid"), bombs, req.integer("rockets", 0, low=0, high=1),
                  winner == "landlord", req.boolean("spring", False))
    names = rules.seat_names
    gains = pay.for_seats(landlord, rules.players)
    return {
        "stake": pay.stake,
        "doublings": pay.doublings,
        "reasons": list(pay.reasons),
        "landlord": names[landlord],
        "winner": winner,
        "payments": {names[s]: gains[s] for s in range(rules.players)},
        "seats": [{"seat": names[s], "role": "landlord" if s == landlord else "peasant", "payment": gains[s]}
                  for s in range(rules.players)],
        "landlord_payment": pay.landlord,
        "peasant_payment": pay.per_peasant,
    }


def deal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A seeded deal: each seat's hand, the kitty, the dealer and the first bidder."""
    req = Request(data, _COMMON + ("seed",))
    rules = _rules(req)
    dealt = deal(rules, req.integer("seed", 1, low=0))
    names = rules.seat_names
    return {
        "seed": dealt.seed,
        "hands": {names[s]: format_cards(h) for s, h in enumerate(dealt.hands)},
        "kitty": format_cards(dealt.kitty),
        "dealer": names[dealt.dealer],
        "face_up": dealt.face_up.text,
        "first_bidder": names[dealt.first_bidder],
        "rules": describe_rules(rules),
    }


def example(data: Mapping[str, Any]) -> dict[str, Any]:
    """A live lesson example: a seeded hand (the landlord's 20 or 33 cards with ``landlord``; else 17 or
    25) that holds a play of ``kind``; with ``follow``, also a play of that kind from the other cards
    that the hand can beat. Seeds are tried in order from ``seed`` until one fits. ``limit`` keeps the
    first plays only (``count`` is the total, ``more`` how many were left out)."""
    req = Request(data, _COMMON + ("seed", "kind", "follow", "landlord", "limit"))
    rules = _rules(req)
    kind = _kind(req, "kind")
    follow = req.boolean("follow", False)
    with_kitty = req.boolean("landlord", False)
    if kind is not None and not allowed(kind, rules):
        raise InvalidRequestError(f"the {kind.label} is not a combination under these rules")
    seed = req.integer("seed", 1, low=0)
    limit = req.integer("limit", 1000, low=1)
    for attempt in range(2000):
        found = _try_example(rules, seed + attempt, kind, follow, with_kitty)
        if found is not None:
            found["more"] = max(0, found["count"] - limit)
            found["plays"] = found["plays"][:limit]
            found["descriptions"] = found["descriptions"][:limit]
            return found
    raise InvalidPositionError(f"no deal from seed {seed} on holds a {kind.label if kind else 'play'}")


def _try_example(rules: Rules, seed: int, kind: Kind | None, follow: bool, with_kitty: bool) -> dict[str, Any] | None:
    dealt = deal(rules, seed)
    hand = sort_ranks(dealt.hands[0] + (dealt.kitty if with_kitty else ()))
    counts = counts_of(hand)
    previous: Combo | None = None
    if follow:
        rest = [c for h in dealt.hands[1:] for c in h] + ([] if with_kitty else list(dealt.kitty))
        leads = generate(counts_of(rest), rules, None)
        options = [c for k, plays in leads.items() if kind is None or k is kind for c in plays
                   if c.kind not in (Kind.BOMB, Kind.ROCKET) or kind is not None]
        options = [c for c in options if generate(counts, rules, c).get(c.kind)]
        if not options:
            return None
        previous = random.Random(seed).choice(options)
    groups = generate(counts, rules, previous)
    plays = [c for k, group in groups.items() if kind is None or k is kind for c in group]
    if not plays:
        return None
    return {
        "seed": seed,
        "hand": format_cards(hand),
        "previous": previous.text if previous else "",
        "previous_description": describe(previous) if previous else "",
        "kind": kind.value if kind else None,
        "plays": [c.text for c in plays],
        "descriptions": [describe(c) for c in plays],
        "count": len(plays),
        "first": plays[0].text,
    }


def auction(data: Mapping[str, Any]) -> dict[str, Any]:
    """The auction after ``calls`` (0 or "pass", or a bid 1-3), starting at seat ``first``."""
    req = Request(data, _COMMON + ("first", "calls"))
    rules = _rules(req)
    names = rules.seat_names
    state = Auction(rules.players, req.integer("first", 0, low=0, high=rules.players - 1))
    raw = req.raw("calls", [])
    if not isinstance(raw, list):
        raise InvalidRequestError(f"field 'calls': expected a list such as [\"pass\", 1, 2], got {raw!r}")
    for number, call in enumerate(raw, start=1):
        value = PASS_BID if (isinstance(call, str) and call.strip().lower() == "pass") else call
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRequestError(f"call {number} ({call!r}) is neither 'pass' nor a bid 1, 2 or 3")
        if state.over:
            raise InvalidRequestError(f"call {number} ({call!r}) comes after the auction is over")
        reason = state.check(value)
        if reason:
            raise InvalidRequestError(f"call {number} ({call!r}) is refused: {reason}")
        state = state.call(value)
    landlord = state.landlord
    return {
        "over": state.over,
        "redeal": state.all_passed,
        "landlord": names[landlord] if landlord is not None else None,
        "bid": state.highest,
        "to_act": names[state.to_act] if state.to_act is not None else None,
        "legal": ["pass" if c == PASS_BID else c for c in state.legal_calls()],
        "outcome": state.outcome(),
    }


def find(data: Mapping[str, Any]) -> dict[str, Any]:
    """For exercises: whether ``play`` (from ``hand``) is a combination of type ``kind``."""
    req = Request(data, _COMMON + ("hand", "play", "kind"))
    rules = _rules(req)
    deck = rules.deck
    hand = req.cards("hand", deck, required=True)
    play = req.cards("play", deck)
    kind = _kind(req, "kind")
    if kind is None:
        raise InvalidRequestError("missing field 'kind'")
    if not play:
        return {"correct": False, "reason": "no cards chosen"}
    verdict, combo = judge(Position(rules, counts_of(hand), None), play)
    if combo is None:
        return {"correct": False, "reason": verdict.reason}
    found = readings(combo.counts, rules)
    match = next((c for c in found if c.kind is kind), None)
    if match is not None:
        return {"correct": True, "reason": f"yes: {match.text} is {describe(match)}"}
    return {"correct": False, "reason": f"{combo.text} is {describe(combo)}, not {_a(kind.label)}"}


def _a(label: str) -> str:
    return ("an " if label[0] in "aeiou" else "a ") + label


def rules_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The presets, the options with their meaning, and the rules of ``preset`` with ``options``."""
    req = Request(data, _COMMON)
    rules = _rules(req)
    return {
        "presets": PRESETS,
        "options": OPTIONS,
        "rules": describe_rules(rules),
        "players": rules.players,
        "hand_size": rules.hand_size,
        "kitty": rules.kitty,
        "landlord_cards": rules.max_hand,
        "deck_size": rules.deck.size,
        "types": [k.value for k in Kind if allowed(k, rules)],
    }


def highest(data: Mapping[str, Any]) -> dict[str, Any]:
    """The highest of ``cards`` as singles (red joker, black joker, 2, A, K … 3), and their order."""
    req = Request(data, _COMMON + ("cards",))
    rules = _rules(req)
    cards = req.cards("cards", rules.deck, required=True)
    if not cards:
        raise InvalidRequestError("no cards were given")
    ordered = sort_ranks(list(cards))
    top = ordered[-1]
    order = " < ".join(c.text for c in ordered)
    return {"highest": top.text, "order": format_cards(ordered),
            "reason": f"low to high: {order} (suits do not matter)"}


COMMANDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "legal": legal,
    "check": check,
    "classify": classify,
    "compare": compare,
    "score": score,
    "deal": deal_command,
    "example": example,
    "auction": auction,
    "find": find,
    "rules": rules_command,
    "highest": highest,
}


def simulate(games: int, seed: int, options: Mapping[str, Any], progress: Progress | None = None) -> pd.DataFrame:
    """Seeded whole hands with the bots, bidding to payment; one row per hand.

    ``options``: ``preset`` (default three_player), ``bots`` ("heuristic", "random", or one per seat),
    and any rule option. Columns: preset, landlord, bid, winner, stake, doublings, bombs, rockets,
    spring, redeals, plays, the landlord's payment, and what the deal held (bombs/rockets in any hand).
    """
    from engine.doudizhu.table import TABLE, HandState
    from engine.table import play_out

    if not isinstance(options, Mapping):
        raise InvalidRequestError("options must be a JSON object")
    opts = dict(options)
    preset = opts.pop("preset", DEFAULT_PRESET)
    bots = opts.pop("bots", opts.pop("bot", "heuristic"))
    if isinstance(bots, list):
        bots = [str(b) for b in bots]
    for bot in [bots] if isinstance(bots, str) else bots:
        if bot not in ("random", "heuristic"):
            raise UnknownNameError("bot", bot, ("random", "heuristic"))
    rules = make_rules(preset, opts)
    if not isinstance(bots, str) and len(bots) != rules.players:
        raise InvalidRequestError(f"give one bot per seat ({rules.players}), or one name for all")

    def one(hand_seed: int) -> dict[str, Any]:
        _, final = play_out(TABLE, preset, hand_seed, bots, opts)
        assert isinstance(final, HandState)
        result = TABLE.result(final) or {}
        held = [counts_of(h) for h in final.dealt.hands]
        kitty = counts_of(final.dealt.kitty)
        full = [tuple(a + b for a, b in zip(h, kitty, strict=True)) if s == final.landlord else h
                for s, h in enumerate(held)]
        bombs_dealt = sum(1 for h in full for r in range(13) if h[r] >= 4)
        rocket_dealt = any(Kind.ROCKET in generate(h, rules, None) for h in full)
        landlord = final.landlord if final.landlord is not None else 0
        return {
            "preset": preset,
            "players": rules.players,
            "landlord": result.get("landlord"),
            "bid": result.get("bid"),
            "winner": result.get("winner"),
            "stake": result.get("stake"),
            "doublings": result.get("doublings"),
            "bombs_played": result.get("bombs"),
            "rockets_played": result.get("rockets"),
            "spring": result.get("spring"),
            "redeals": result.get("redeals"),
            "plays": sum(final.plays_by),
            "landlord_payment": (result.get("payments") or {}).get(rules.seat_names[landlord]),
            "bombs_dealt": bombs_dealt,
            "rocket_dealt": rocket_dealt,
            "bomb_or_rocket_dealt": bombs_dealt > 0 or rocket_dealt,
        }

    return run_simulation(one, games, seed, progress)


