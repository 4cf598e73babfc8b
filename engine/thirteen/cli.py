"""Thirteen on the command line and for the app: JSON request → JSON answer, and seeded simulation.

A position (what ``legal`` and ``check`` read, what the position editor saves and shares)::

    {"preset": "seed", "options": {}, "hand": "3S 4S 5H 5D 2H", "previous": "4C 4D",
     "passed": false, "first_lead": false}

``previous`` is the combination on the table (empty or absent: you lead). ``options`` holds rule
options such as ``{"players": 3}`` or ``{"twos_in_double_sequences": true}`` (see the ``rules`` command).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from engine import sim
from engine.errors import InvalidPositionError, InvalidRequestError, add_context
from engine.jsonio import Request
from engine.table import play_out
from engine.thirteen import examples
from engine.thirteen.bots import BOTS, bot, play_game
from engine.thirteen.combos import (
    DECK,
    Combo,
    Kind,
    beat_reason,
    cards_of,
    classify,
    game_sorted,
    mask_of,
    why_not_combo,
)
from engine.thirteen.deal import deal_masks, instant_win, lowest_holder, seat_letters, seat_names
from engine.thirteen.game import places
from engine.thirteen.play import Position, check, check_pass, legal_plays
from engine.thirteen.rules import (
    OPTION_HELP,
    PRESET_DESCRIPTIONS,
    RULE_NOTES,
    Rules,
    make_rules,
    rules_json,
    summary,
)
from engine.thirteen.rules import PRESETS as RULE_PRESETS
from engine.thirteen.score import game_points, hand_features
from engine.thirteen.table import TABLE, game_result

# Preset name → one-line description (the first is the default), as the app and the CLI expect.
PRESETS: dict[str, str] = dict(PRESET_DESCRIPTIONS)
POSITION_FIELDS = ("preset", "options", "hand", "previous", "passed", "first_lead")


def _rules(req: Request) -> tuple[str, Rules]:
    preset = req.string("preset", next(iter(PRESETS)))
    return preset, make_rules(preset, req.mapping("options"))


def _text(cards: Any) -> str:
    return " ".join(c.text for c in cards)


def _symbols(cards: Any) -> str:
    return " ".join(c.symbol_text for c in cards)


def read_position(req: Request) -> Position:
    """The position in a request (see the module docstring); InvalidPositionError if it cannot occur."""
    _, rules = _rules(req)
    hand = req.cards("hand", DECK, required=True)
    previous = req.cards("previous", DECK)
    return Position.build(hand, previous, passed=req.boolean("passed", False),
                          first_lead=req.boolean("first_lead", False), rules=rules)


def position_json(position: Position, preset: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON of a position (the inverse of :func:`read_position`)."""
    return {"preset": preset, "options": dict(options or {}), "hand": _text(position.hand),
            "previous": _text(position.table.cards) if position.table else "", "passed": position.passed,
            "first_lead": position.first_lead}


def legal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every legal play, grouped by kind, bombs marked; whether passing is allowed."""
    position = read_position(Request(data, POSITION_FIELDS))
    legal = legal_plays(position)
    groups = legal.grouped()
    plays = [p.text for p in legal]
    note = ""
    if not plays:
        if position.passed:
            note = position.locked_reason()
        elif position.table is not None:
            note = f"nothing in your hand beats {position.table.name}: you can only pass"
    return {
        "plays": plays,
        "can_pass": position.can_pass,
        "count": len(plays),
        "groups": {k.key: [p.text for p in ps] for k, ps in groups.items()},
        "bombs": [p.text for p in legal if p.is_bomb],
        "chops": [p.text for p in legal if p.chop],
        "details": [{**p.combo.to_json(), "chop": p.chop} for p in legal],
        "table": position.table.to_json() if position.table else None,
        "must_contain": position.must_contain.text if position.must_contain else None,
        "note": note,
    }


def check_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether a play (cards, or "pass") is legal in the position, and why."""
    req = Request(data, (*POSITION_FIELDS, "play"))
    position = read_position(req)
    raw = req.raw("play")
    if isinstance(raw, str) and raw.strip().lower() == "pass":
        verdict = check_pass(position)
        return {"legal": verdict.legal, "reason": verdict.reason, "play": None, "pass": True}
    cards = req.cards("play", DECK, required=True)
    verdict = check(position, cards)
    combo = classify(cards, position.rules.twos_in_double_sequences)
    return {"legal": verdict.legal, "reason": verdict.reason, "play": combo.to_json() if combo else None,
            "pass": False}


def classify_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """What combination some cards form, or why they form none; with ``expect`` (a type such as "pair"),
    also whether they form that type (``matches``). ``preset``/``options`` matter for 2s in double sequences."""
    req = Request(data, ("preset", "options", "cards", "expect"))
    _, rules = _rules(req)
    twos = rules.twos_in_double_sequences
    cards = req.cards("cards", DECK, required=True)
    expect = Kind.parse(req.string("expect")) if req.has("expect") else None
    combo = classify(cards, twos)
    if combo is None:
        answer: dict[str, Any] = {"combination": False, "type": None, "reason": why_not_combo(cards, twos),
                                  "cards": _text(game_sorted(cards))}
    else:
        answer = {"combination": True, **combo.to_json(), "reason": f"{_symbols(combo.cards)} is {combo.name}"}
    if expect is not None:
        answer["matches"] = combo is not None and combo.kind is expect
        if combo is not None and combo.kind is not expect:
            article = "an" if combo.shape[0] in "aeiou" else "a"
            answer["reason"] = (f"{_symbols(combo.cards)} is {article} {combo.shape}, not a {expect.title}")
    return answer


def _combo_field(req: Request, field: str, rules: Rules) -> Combo:
    cards = req.cards(field, DECK, required=True)
    twos = rules.twos_in_double_sequences
    combo = classify(cards, twos)
    if combo is None:
        raise add_context(InvalidPositionError(why_not_combo(cards, twos)), field)
    return combo


def compare_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Two combinations: may ``b`` be played on ``a`` (and ``a`` on ``b``), and which is higher."""
    req = Request(data, ("preset", "options", "a", "b"))
    _, rules = _rules(req)
    a, b = _combo_field(req, "a", rules), _combo_field(req, "b", rules)
    if set(a.cards) & set(b.cards):
        raise InvalidPositionError("a and b share a card, but there is only one deck")
    b_beats, reason = beat_reason(b, a, rules.bomb_ladder)
    a_beats, reason_a = beat_reason(a, b, rules.bomb_ladder)
    higher = b.text if b_beats and not a_beats else a.text if a_beats and not b_beats else None
    return {"a": a.to_json(), "b": b.to_json(), "b_beats_a": b_beats, "a_beats_b": a_beats,
            "higher": higher, "reason": reason, "reason_a_on_b": reason_a}


def deal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A seeded deal: each seat's hand (game order), who leads, and what each hand holds."""
    req = Request(data, ("preset", "options", "seed"))
    _, rules = _rules(req)
    seed = req.integer("seed", 0, low=0, high=2**31 - 1)
    masks = deal_masks(rules, seed)
    letters = seat_letters(rules.players)
    hands = {letters[s]: _text(cards_of(m)) for s, m in enumerate(masks)}
    leader = lowest_holder(masks)
    twos = rules.twos_in_double_sequences
    features = {}
    for s, m in enumerate(masks):
        f = hand_features(m, twos)
        features[letters[s]] = {"twos": f.twos, "quads": f.quads, "double_sequence_pairs": f.best_double_sequence,
                                "bombs": f.bombs, "instant_win": instant_win(m, twos)}
    names = seat_names(rules.players)
    lowest = cards_of(masks[leader] & -masks[leader])[0]
    return {"seed": seed, "seats": list(names), "letters": list(letters), "hands": hands,
            "counts": {letters[s]: m.bit_count() for s, m in enumerate(masks)},
            "leader": letters[leader], "leader_name": names[leader], "lowest": lowest.text,
            "leader_reason": f"{names[leader]} holds {lowest.symbol_text}, the lowest card dealt, and leads",
            "features": features}


def hand_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """What a hand holds: 2s, four of a kinds, the longest double sequence, bombs, an instant win."""
    req = Request(data, ("preset", "options", "hand"))
    _, rules = _rules(req)
    twos = rules.twos_in_double_sequences
    cards = req.cards("hand", DECK, required=True)
    Position.build(cards, rules=rules)
    m = mask_of(cards)
    f = hand_features(m, twos)
    return {"twos": f.twos, "quads": f.quads, "double_sequence_pairs": f.best_double_sequence, "bombs": f.bombs,
            "instant_win": instant_win(m, twos) if len(cards) == 13 else "", "cards": _text(game_sorted(cards))}


def _seat_index(value: Any, rules: Rules, field: str) -> int:
    names = seat_names(rules.players)
    for i, name in enumerate(names):
        if isinstance(value, str) and value.strip().lower() in (name.lower(), name[0].lower()):
            return i
    raise InvalidRequestError(f"{field}: {value!r} is not a seat; the seats are {', '.join(names)}")


def _order(value: Any, rules: Rules, field: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidRequestError(f"{field}: expected a list of seats from first out to last, got {value!r}")
    order = [_seat_index(v, rules, field) for v in value]
    if sorted(order) != list(range(rules.players)):
        raise InvalidRequestError(f"{field}: name each of the {rules.players} seats exactly once")
    return order


def score_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Points for one finishing order (``order``), or match totals over several (``games``)."""
    req = Request(data, ("preset", "options", "order", "cards_left", "games"))
    _, rules = _rules(req)
    names = seat_names(rules.players)
    games = req.raw("games")
    if games is None:
        games = [{"order": req.raw("order"), "cards_left": req.raw("cards_left")}]
    if not isinstance(games, list) or not games:
        raise InvalidRequestError("games: expected a list of {\"order\": [...], \"cards_left\": {...}}")
    totals = [0] * rules.players
    per_game = []
    for number, game in enumerate(games, start=1):
        if not isinstance(game, Mapping):
            raise InvalidRequestError(f"game {number}: expected an object with an 'order'")
        order = _order(game.get("order"), rules, f"game {number} order")
        left_raw = game.get("cards_left") or {}
        left = [0] * rules.players
        if not isinstance(left_raw, Mapping):
            raise InvalidRequestError(f"game {number} cards_left: expected an object seat → cards")
        for key, value in left_raw.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
                raise InvalidRequestError(f"game {number} cards_left: {value!r} is not 0 to 13 cards")
            left[_seat_index(key, rules, f"game {number} cards_left")] = value
        if rules.scoring.value == "cards" and not any(left):
            raise InvalidRequestError("card scoring needs cards_left: how many cards each loser still held")
        points = game_points(rules, order, left)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        per_game.append({names[s]: points[s] for s in range(rules.players)})
    first = per_game[0]
    return {"points": first if len(per_game) == 1 else per_game, "totals": dict(zip(names, totals, strict=True)),
            "scoring": rules.scoring.value,
            "leader": names[max(range(rules.players), key=lambda s: totals[s])]}


def game_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A whole seeded game played by bots, step by step with commentary, grouped by table (trick)."""
    req = Request(data, ("preset", "options", "seed", "bots"))
    preset, rules = _rules(req)
    seed = req.integer("seed", 0, low=0, high=2**31 - 1)
    bots = _bots(req.raw("bots", "heuristic"), rules.players)
    record, state = play_out(TABLE, preset, seed, bots, req.mapping("options"))
    names = state.names
    steps = [{"seat": names[s.seat], "action": s.action, "comment": s.comment, "trick": t}
             for s, t in zip(state.steps, state.trick_of_step, strict=True)]
    tricks: list[list[dict[str, Any]]] = []
    for step in steps:
        while len(tricks) <= step["trick"]:
            tricks.append([])
        tricks[step["trick"]].append(step)
    commentary = [_bullets(trick) for trick in tricks]
    lockout = next((i for i, trick in enumerate(tricks) if any("skipped" in s["comment"] for s in trick)), 0)
    result = game_result(state.game)
    return {
        "seed": seed,
        "seats": list(names),
        "hands": {names[s][0]: _text(cards_of(m)) for s, m in enumerate(state.game.dealt)},
        "steps": steps,
        "tricks": tricks,
        "commentary": "".join(f"\n\n**Round {i}**{text}" for i, text in enumerate(commentary, start=1)),
        "trick_commentary": commentary,
        "trick_plays": [[s["action"] for s in trick if s["action"] != "pass"] for trick in tricks],
        "lockout_trick": lockout,
        "lockout_commentary": commentary[lockout],
        "lockout_plays": [s["action"] for s in tricks[lockout] if s["action"] != "pass"],
        "winner": names[state.game.finished[0]][0],
        "summary": _summary(result),
        "points_text": " · ".join(f"{name} {points}" for name, points in result["points"].items()),
        "result": result,
        "record": record.to_json(),
        "rules": rules_json(rules),
    }


def _summary(result: Mapping[str, Any]) -> str:
    order = result["order"]
    how = f" with an instant win ({result['instant_win']})" if result["instant_win"] else ""
    return f"{order[0]} went out first{how}; the finishing order is {', '.join(order)}."


def _bullets(steps: list[dict[str, Any]]) -> str:
    """Steps as a Markdown list (starting on a new line, so it renders after a bold label)."""
    return "\n" + "\n".join(f"- {s['comment']}" for s in steps)


def _bots(value: Any, players: int) -> list[str]:
    if isinstance(value, str):
        value = [value] * players
    if not isinstance(value, list) or len(value) != players:
        raise InvalidRequestError(f"bots: one bot name, or a list of {players} names ({', '.join(BOTS)})")
    for name in value:
        bot(name)
    return list(value)


def example_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A seeded teaching position: ``want`` = a combination type (a hand holding one), "beat" (a table North
    can beat, not with everything) or "chop" (2s on the table, a bomb in North's hand)."""
    req = Request(data, ("preset", "options", "seed", "want"))
    _, rules = _rules(req)
    seed = req.integer("seed", 0, low=0, high=2**31 - 1)
    want = req.string("want")
    if want == "beat":
        return examples.beat_puzzle(rules, seed)
    if want == "chop":
        return examples.chop_puzzle(rules, seed)
    return examples.hand_with(rules, seed, Kind.parse(want))


def rules_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The presets, every option with its meaning, the rules of ``preset`` with ``options``, what the options
    change from the preset, how the presets differ, and notes on rules that are not options."""
    req = Request(data, ("preset", "options"))
    preset, rules = _rules(req)
    values = rules_json(rules)
    base = rules_json(RULE_PRESETS[preset])
    seed, pagat = rules_json(RULE_PRESETS["seed"]), rules_json(RULE_PRESETS["pagat"])
    return {"preset": preset, "presets": PRESETS, "options": OPTION_HELP, "rules": values,
            "changed": {k: v for k, v in values.items() if v != base[k]},
            "differences": {k: {"seed": seed[k], "pagat": pagat[k]} for k in seed if seed[k] != pagat[k]},
            "summary": summary(rules), "notes": RULE_NOTES}


COMMANDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "rules": rules_command,
    "legal": legal_command,
    "check": check_command,
    "classify": classify_command,
    "compare": compare_command,
    "deal": deal_command,
    "hand": hand_command,
    "score": score_command,
    "game": game_command,
    "example": example_command,
}
SIM_FIELDS = ("preset", "bot", "bots", "match_games", *rules_json(Rules()).keys())


def simulate(games: int, seed: int, options: Mapping[str, Any], progress: sim.Progress | None = None) -> pd.DataFrame:
    """Seeded whole games with the bots, one row per game.

    ``options``: ``preset``, ``bot`` (one for all seats) or ``bots`` (one per seat), ``match_games``
    (games per match: later games are led by the previous winner, freely), and any rule option.
    Columns: game, seed, match, game_in_match, preset, players, leader, winner, order, plays, passes,
    actions, tricks, chops, instant_win, then per seat letter X: bot_X, place_X, points_X, left_X (cards
    held when the first player went out), twos_X, quads_X, pairs_X (longest double sequence), bombs_X.
    """
    req = Request(options, SIM_FIELDS)
    preset = req.string("preset", next(iter(PRESETS)))
    overrides = {k: v for k, v in options.items() if k not in ("preset", "bot", "bots", "match_games")}
    rules = make_rules(preset, overrides)
    bots = _bots(req.raw("bots") if req.has("bots") else req.string("bot", "random"), rules.players)
    match_games = req.integer("match_games", 1, low=1, high=1000)
    letters = seat_letters(rules.players)
    fns = [BOTS[b] for b in bots]
    n = rules.players
    winner_of_match: dict[int, int] = {}

    def play_one(s: int) -> dict[str, Any]:
        index = play_one.counter  # type: ignore[attr-defined]
        play_one.counter += 1  # type: ignore[attr-defined]
        match, game_in_match = divmod(index, match_games)
        first = game_in_match == 0
        leader = None if first else winner_of_match[match]
        game = play_game(rules, s, fns, random.Random(s ^ 0x5EED), leader, first)
        winner_of_match[match] = game.finished[0]
        left = game.left_at_first_out or tuple(h.bit_count() for h in game.hands)
        points = game_points(rules, game.finished, left)
        place = places(game)
        row: dict[str, Any] = {
            "match": match, "game_in_match": game_in_match, "preset": preset, "players": n,
            "leader": letters[game.leader], "winner": letters[game.finished[0]],
            "order": " ".join(letters[x] for x in game.finished), "plays": game.plays, "passes": game.passes,
            "actions": game.plays + game.passes, "tricks": game.tricks, "chops": game.chops,
            "instant_win": game.instant,
        }
        for x in range(n):
            f = hand_features(game.dealt[x], rules.twos_in_double_sequences)
            c = letters[x]
            row[f"bot_{c}"] = bots[x]
            row[f"place_{c}"] = place[x]
            row[f"points_{c}"] = points[x]
            row[f"left_{c}"] = left[x]
            row[f"twos_{c}"] = f.twos
            row[f"quads_{c}"] = f.quads
            row[f"pairs_{c}"] = f.best_double_sequence
            row[f"bombs_{c}"] = f.bombs
        return row

    play_one.counter = 0  # type: ignore[attr-defined]
    return sim.simulate(play_one, games, seed, progress)


def seat_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, seat) from a :func:`simulate` frame: seat, bot, place, points, left, twos, quads,
    pairs, bombs — the shape the scoring charts group by."""
    if frame.empty:
        return pd.DataFrame(columns=["game", "seat", "bot", "place", "points", "left", "twos", "quads", "pairs",
                                     "bombs"])
    letters = sorted({c.split("_", 1)[1] for c in frame.columns if c.startswith("place_")},
                     key="NESW".index)
    parts = []
    for c in letters:
        part = frame[["game", "match", "game_in_match", "actions"]].copy()
        part["seat"] = c
        for field in ("bot", "place", "points", "left", "twos", "quads", "pairs", "bombs"):
            part[field] = frame[f"{field}_{c}"]
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


__all__ = ["COMMANDS", "PRESETS", "Kind", "position_json", "read_position", "seat_frame", "simulate"]
