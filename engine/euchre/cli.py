"""Euchre commands for ``python -m engine`` and the app: JSON request in, JSON answer out.

    legal   {"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C"}        → the legal cards, each with why
    check   {"trump": "H", "hand": "…", "trick": "9C", "card": "JD"}        → legal or not, and why
    winner  {"trump": "H", "trick": "9C JD AC 10C", "leader": "N"}          → who wins a complete trick
    score   {"makers_tricks": 5, "alone": true, "defender_alone": false}     → {"makers": 4, "defenders": 0}
    game    {"scores": [10, 9]}                                             → over or not, who won, why
    calls   {"dealer": "N", "upcard": "KH", "round": 1, "seat": "E"}        → the legal calls, each with why
            (with the benny and a turned-up joker "RJ": the dealer's choice, or "joker_suit" it stands for)
    discard {"hand": "9C 10D JH QH AH KH", "upcard": "KH"}                  → the dealer's legal discards
            (with the joker as the upcard, "trump" is the suit the dealer named)
    trumps  {"trump": "H", "hand": "JD JH AS 9H", "picked": "JD JH 9H"}      → the trumps, their order
    deal    {"seed": 7}                                                     → dealer, hands, upcard, kitty
    hand    {"seed": 7, "bots": "heuristic", "actions": []}                 → a whole hand, played or replayed

Every request may name a ``preset`` and ``options`` (rule option → value): with ``"benny": true`` (or the
preset ``benny``) the joker ``RJ`` is in the deck as the highest trump; without it ``RJ`` is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from engine.base import PASS
from engine.cards import Card, Suit, format_cards
from engine.errors import InvalidPositionError, InvalidRequestError, add_context
from engine.euchre.bots import call_strength, heuristic_bot
from engine.euchre.deal import deal_cards
from engine.euchre.hand import (
    ORDER_UP,
    Action,
    Discard,
    HandState,
    NameTrump,
    action_text,
    calling_state,
    check_action,
    discard_state,
    legal_actions,
    legal_calls,
    parse_action,
)
from engine.euchre.play import TrickPosition, check, check_cards, legal_plays, trick_winner, winner_reason
from engine.euchre.rules import PRESET_DESCRIPTIONS, Rules, Seat, make_rules
from engine.euchre.score import game_over_reason, game_winner, score_hand
from engine.euchre.simulation import run_simulation
from engine.euchre.table import hand_summary, play_hand_with
from engine.euchre.trumps import BENNY, DECK, EFFECTIVE, left_bower, right_bower, sort_hand, trump_order
from engine.jsonio import Request
from engine.sim import Progress

PRESETS: dict[str, str] = dict(PRESET_DESCRIPTIONS)
_COMMON = ("preset", "options")


def _rules(req: Request) -> Rules:
    return make_rules(req.string("preset", "seed"), req.mapping("options"))


def _suit(req: Request, field: str) -> Suit:
    value = req.raw(field)
    if value is None:
        raise InvalidRequestError(f"missing field {field!r}")
    if not isinstance(value, str):
        raise InvalidRequestError(f"field {field!r}: expected a suit such as H or ♥, got {value!r}")
    try:
        return Suit.parse(value)
    except ValueError as error:
        raise add_context(error, field) from None


def _seat(req: Request, field: str, default: Seat | None = None) -> Seat:
    value = req.raw(field)
    if value is None:
        if default is None:
            raise InvalidRequestError(f"missing field {field!r}")
        return default
    try:
        return Seat.parse(value)
    except ValueError as error:
        raise add_context(error, field) from None


def _one_card(req: Request, field: str, rules: Rules) -> Card:
    cards = req.cards(field, DECK, required=True)
    if len(cards) != 1:
        raise InvalidRequestError(f"field {field!r}: expected one card, got {len(cards)}")
    check_cards(cards, f"in {field!r}", rules.benny)
    return cards[0]


def _checked(req: Request, field: str, rules: Rules, where: str, *, required: bool = False) -> tuple[Card, ...]:
    """The cards of ``field``, checked against the deck in play (25 cards with the benny)."""
    cards = req.cards(field, DECK, required=required)
    check_cards(cards, where, rules.benny)
    return cards


def _players(req: Request) -> int:
    return req.integer("players", 4, low=2, high=4)


def _trick_position(req: Request, rules: Rules) -> TrickPosition:
    return TrickPosition(_suit(req, "trump"), req.cards("hand", DECK, required=True), req.cards("trick", DECK),
                         _players(req), rules.benny)


def _text(cards: Any) -> str:
    return format_cards(cards)


def legal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The legal cards of a hand in a trick, with the reason for every card of the hand."""
    req = Request(data, _COMMON + ("trump", "hand", "trick", "players"))
    position = _trick_position(req, _rules(req))
    legal = legal_plays(position)
    led = position.led_suit
    return {
        "hand": _text(position.hand),
        "trick": _text(position.trick),
        "legal": [c.text for c in legal],
        "symbols": format_cards(legal, symbols=True),
        "led_suit": led.letter if led else None,
        "must_follow": led is not None and len(legal) < len(position.hand),
        "reasons": {c.text: check(position, c).reason for c in position.hand},
    }


def check_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether ``card`` may be played from ``hand`` on ``trick``, and why."""
    req = Request(data, _COMMON + ("trump", "hand", "trick", "players", "card", "play"))
    rules = _rules(req)
    position = _trick_position(req, rules)
    card = _one_card(req, "card" if req.has("card") else "play", rules)
    verdict = check(position, card)
    return {"legal": verdict.legal, "reason": verdict.reason, "card": card.text}


def winner_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Who wins a complete trick (one card per active player, in the order played)."""
    req = Request(data, _COMMON + ("trump", "trick", "leader", "players", "sits_out"))
    rules = _rules(req)
    trump = _suit(req, "trump")
    trick = _checked(req, "trick", rules, "in the trick", required=True)
    out = _sitting_out(req)
    players = _players(req) if req.has("players") else 4 - len(out)
    if len(trick) != players:
        raise InvalidPositionError(f"a complete trick has one card per active player: {players} cards, "
                                   f"not {len(trick)}")
    index = trick_winner(trick, trump)
    answer: dict[str, Any] = {"trick": _text(trick), "winner_index": index, "winner_card": trick[index].text,
                              "reason": winner_reason(trick, trump)}
    if req.has("leader"):
        seat = _seat(req, "leader")
        if seat in out:
            raise InvalidPositionError(f"{seat.title} sits out and cannot lead")
        seats = [seat]
        while len(seats) < players:
            nxt = seats[-1].left
            while nxt in out:
                nxt = nxt.left
            seats.append(nxt)
        answer["seats"] = [s.letter for s in seats]
        answer["order"] = " → ".join(s.title for s in seats)
        answer["winner"] = seats[index].letter
        answer["winner_name"] = seats[index].title
    return answer


def score_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The points of a hand from the makers' tricks and who went alone (the seed's table)."""
    req = Request(data, _COMMON + ("makers_tricks", "alone", "defender_alone"))
    _rules(req)
    score = score_hand(req.integer("makers_tricks", low=0, high=5), req.boolean("alone", False),
                       req.boolean("defender_alone", False))
    side = "makers" if score.makers else "defenders"
    return {"makers": score.makers, "defenders": score.defenders, "points": max(score.makers, score.defenders),
            "side": side, "euchred": score.euchred, "march": score.march, "reason": score.row}


def game_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Whether a game is won at ``scores`` = [North-South, East-West] under the preset's target rule."""
    req = Request(data, _COMMON + ("scores",))
    rules = _rules(req)
    scores = req.raw("scores")
    if isinstance(scores, Mapping):
        scores = [scores.get("NS", scores.get("N-S")), scores.get("EW", scores.get("E-W"))]
    if not isinstance(scores, list):
        raise InvalidRequestError("field 'scores': expected [North-South, East-West], e.g. [10, 9]")
    winner = game_winner(scores, rules)
    return {"over": winner is not None, "winner": winner.short if winner is not None else None,
            "reason": game_over_reason(scores, rules), "target": rules.target, "win_by_two": rules.win_by_two}


def calls_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The legal calls of ``seat`` in calling ``round`` 1 or 2, each with why; with ``hand``, the heuristic's
    advice; with ``call``, the verdict on that call."""
    req = Request(data, _COMMON + ("dealer", "upcard", "round", "seat", "hand", "call", "joker_suit"))
    rules = _rules(req)
    dealer = _seat(req, "dealer")
    upcard = _one_card(req, "upcard", rules)
    rnd = req.integer("round", 1, low=1, high=2)
    joker_suit = _suit(req, "joker_suit") if req.has("joker_suit") else None
    joker_first = upcard == BENNY and joker_suit is None
    seat = _seat(req, "seat", dealer if joker_first else dealer.left)
    hand = req.cards("hand", DECK)
    state = calling_state(rules, dealer, upcard, rnd, seat, hand, joker_suit)
    calls = legal_calls(state)
    answer: dict[str, Any] = {
        "to_act": seat.letter,
        "phase": state.phase.value,
        "calls": [action_text(c) for c in calls],
        "reasons": {action_text(c): check_action(state, c).reason for c in _all_calls(rnd, joker_first)},
    }
    if joker_first:
        answer["joker_rule"] = rules.benny_upcard.description
    if hand and not joker_first:
        advice = heuristic_bot(state, None)  # type: ignore[arg-type]
        trump = state.turned_suit if rnd == 1 else getattr(advice, "suit", None)
        held = hand + ((upcard,) if rnd == 1 and seat == dealer else ())
        why = call_strength(held, trump)[1] if trump is not None else _best_pass_reason(state, hand)
        answer["advice"] = action_text(advice)
        answer["advice_reason"] = why
    if req.has("call"):
        call = parse_action(req.string("call"))
        verdict = check_action(state, call)
        answer["legal"] = verdict.legal
        answer["reason"] = verdict.reason
    return answer


def _all_calls(rnd: int, joker_first: bool = False) -> list[Action]:
    if joker_first:
        return [PASS, ORDER_UP, *(NameTrump(s) for s in Suit)]
    return [PASS, ORDER_UP] if rnd == 1 else [PASS, *(NameTrump(s) for s in Suit)]


def _best_pass_reason(state: HandState, hand: tuple[Card, ...]) -> str:
    suits = [s for s in Suit if s is not state.turned_suit]
    best = max(suits, key=lambda s: sum(1 for c in hand if EFFECTIVE[s][c] is s))
    return call_strength(hand, best)[1]


def discard_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """The dealer's legal discards after picking up the upcard (six cards in hand), and the heuristic's."""
    req = Request(data, _COMMON + ("hand", "upcard", "card", "trump"))
    rules = _rules(req)
    hand = req.cards("hand", DECK, required=True)
    upcard = _one_card(req, "upcard", rules)
    trump = _suit(req, "trump") if req.has("trump") else None
    state = discard_state(rules, upcard, hand, trump=trump)
    options = [a.card for a in _legal_discards(state)]
    answer: dict[str, Any] = {"legal": [c.text for c in options], "trump": state.trump.letter,  # type: ignore
                              "advice": heuristic_bot(state, None).card.text}  # type: ignore[arg-type, union-attr]
    if req.has("card"):
        verdict = check_action(state, Discard(_one_card(req, "card", rules)))
        answer["legal_card"] = verdict.legal
        answer["reason"] = verdict.reason
    return answer


def _legal_discards(state: HandState) -> list[Discard]:
    return [a for a in legal_actions(state) if isinstance(a, Discard)]


def trumps_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Which cards of ``hand`` are trumps (bowers included), the trump order, each card's effective suit;
    with ``picked``, whether the picked cards are exactly the trumps."""
    req = Request(data, _COMMON + ("trump", "hand", "cards", "picked"))
    rules = _rules(req)
    trump = _suit(req, "trump")
    hand = _checked(req, "hand" if req.has("hand") else "cards", rules, "in the hand")
    suits = EFFECTIVE[trump]
    order = trump_order(trump, rules.benny)
    trumps = [c for c in order if c in hand]
    answer: dict[str, Any] = {
        "trump": trump.letter,
        "order": [c.text for c in order],
        "order_symbols": format_cards(order, symbols=True),
        "right_bower": right_bower(trump).text,
        "left_bower": left_bower(trump).text,
        "best_bower": BENNY.text if rules.benny else None,
        "trumps": [c.text for c in trumps],
        "count": len(trumps),
        "effective": {c.text: suits[c].letter for c in hand},
        "notes": {c.text: _card_note(c, trump) for c in hand},
    }
    if req.has("picked"):
        picked = _checked(req, "picked", rules, "in the picked cards")
        wrong_in = [c for c in picked if suits[c] is not trump]
        missed = [c for c in trumps if c not in picked]
        answer["correct"] = not wrong_in and not missed
        parts = []
        if wrong_in:
            parts.append("not trumps: " + "; ".join(_card_note(c, trump) for c in wrong_in))
        if missed:
            parts.append("trumps you missed: " + "; ".join(_card_note(c, trump) for c in missed))
        shown = format_cards(trumps, symbols=True) or "none"
        answer["reason"] = (f"the trumps are {shown}" + (" — " + " · ".join(parts) if parts else "")) if parts \
            else f"exactly the trumps: {shown}"
    return answer


def _card_note(card: Card, trump: Suit) -> str:
    if card == BENNY:
        return f"{card.symbol_text}, the joker, is the best bower: the highest trump, whatever suit is trump"
    if card == right_bower(trump):
        return f"{card.symbol_text} is the right bower, the highest trump"
    if card == left_bower(trump):
        return f"{card.symbol_text} is {('a ' + trump.plural[:-1])} while {trump.plural} are trump (the left bower)"
    if card.suit is trump:
        return f"{card.symbol_text} is a trump"
    return f"{card.symbol_text} is {('a ' + card.suit.plural[:-1])}, not a trump"  # type: ignore[union-attr]


def deal_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A seeded deal: the dealer (from the seed unless given), the hands by seat, the upcard, the kitty."""
    req = Request(data, _COMMON + ("seed", "dealer"))
    rules = _rules(req)
    seed = req.integer("seed", 1, low=0, high=2**63)
    dealer = _seat(req, "dealer") if req.has("dealer") else None
    dealt = deal_cards(seed, dealer, rules)
    d = dealt.dealer
    joker = dealt.upcard == BENNY
    return {
        "seed": seed,
        "dealer": d.letter,
        "dealer_name": d.title,
        "first_to_call": d.left.letter,
        "first_to_call_name": d.left.title,
        "hands": {s.letter: _text(sort_hand(dealt.hands[s])) for s in Seat},
        "first_hand": _text(sort_hand(dealt.hands[d.left])),
        "upcard": dealt.upcard.text,
        "upcard_suit": None if joker else dealt.upcard.suit.letter,  # type: ignore[union-attr]
        "joker_upcard": joker,
        "kitty": _text(dealt.kitty),
        "deck_size": 25 if rules.benny else 24,
        "deal_packets": rules.deal_packets.value,
        "deal_order": rules.deal_packets.description,
        "packets": [{"seat": seat.letter, "cards": _text(cards)} for seat, cards in dealt.packets],
        "packet_sizes": " ".join(f"{seat.letter}{len(cards)}" for seat, cards in dealt.packets),
        "partners": {s.letter: s.partner.letter for s in Seat},
        "partner_names": {s.title: s.partner.title for s in Seat},
        "sides": {"N-S": "N S", "E-W": "E W"},
    }


def hand_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """A whole seeded hand: ``actions`` are replayed, then the ``bots`` play it to its end."""
    req = Request(data, _COMMON + ("seed", "bots", "actions", "dealer"))
    rules = _rules(req)
    seed = req.integer("seed", 1, low=0, high=2**63)
    actions = req.raw("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidRequestError("field 'actions': expected a list of action texts")
    bots = req.raw("bots", "heuristic")
    dealer = _seat(req, "dealer") if req.has("dealer") else None
    return hand_summary(play_hand_with(rules, seed, actions, bots, dealer))


_TRICK_FIELDS = ("trump", "hand", "trick", "players", "leader", "sits_out", "card")
_CALL_FIELDS = ("dealer", "upcard", "round", "seat", "hand", "call", "joker_suit")


def position_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the position editor shows for its JSON (what it saves and shares).

    With ``upcard``: a calling position (see ``calls``). Otherwise a trick: when the trick holds one card per
    active player, its winner (see ``winner``); else the legal cards of ``hand`` with reasons (see ``legal``),
    and with ``card`` the verdict on that card.
    """
    req = Request(data, _COMMON + tuple(dict.fromkeys(_TRICK_FIELDS + _CALL_FIELDS)))
    common = {k: data[k] for k in _COMMON if k in data}
    if req.has("upcard"):
        extra = [k for k in _TRICK_FIELDS if k != "hand" and req.has(k)]
        if extra:
            raise InvalidRequestError(f"a calling position (with an upcard) has no {extra[0]!r}")
        return {"kind": "calling", **calls_command({**common, **{k: data[k] for k in _CALL_FIELDS if k in data}})}
    extra = [k for k in _CALL_FIELDS if k not in ("hand",) and req.has(k)]
    if extra:
        raise InvalidRequestError(f"field {extra[0]!r} belongs to a calling position, which needs an 'upcard'")
    trump = _suit(req, "trump")
    trick = req.cards("trick", DECK)
    out = _sitting_out(req)
    players = _players(req) if req.has("players") else 4 - len(out)
    if len(trick) == players:
        check_cards(trick + req.cards("hand", DECK), "in the hand and the trick together", _rules(req).benny)
        keys = ("trick", "leader", "players", "sits_out")
        answer = winner_command({**common, "trump": trump.letter, **{k: data[k] for k in keys if k in data}})
        return {"kind": "complete trick", **answer}
    request = {**common, "trump": trump.letter, "players": players,
               **{k: data[k] for k in ("hand", "trick") if k in data}}
    answer = {"kind": "trick", **legal_command(request)}
    if req.has("leader"):
        seat = _seat(req, "leader")
        for _ in trick:
            seat = seat.left
            while seat in out:
                seat = seat.left
        answer["to_play"] = seat.letter
    if req.has("card"):
        verdict = check_command({**request, "card": data["card"]})
        answer.update(card=verdict["card"], card_legal=verdict["legal"], card_reason=verdict["reason"])
    return answer


def _sitting_out(req: Request) -> list[Seat]:
    value = req.raw("sits_out")
    out: list[Seat] = []
    for item in [] if value is None else value if isinstance(value, list) else [value]:
        try:
            out.append(Seat.parse(item))
        except ValueError as error:
            raise add_context(error, "sits_out") from None
    if len(out) > 2 or (len(out) == 2 and out[0].side == out[1].side) or len(set(out)) != len(out):
        raise InvalidPositionError("at most one player of each side sits out (the partner of a lone player)")
    return out


COMMANDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "legal": legal_command,
    "check": check_command,
    "winner": winner_command,
    "score": score_command,
    "game": game_command,
    "calls": calls_command,
    "discard": discard_command,
    "trumps": trumps_command,
    "deal": deal_command,
    "hand": hand_command,
    "position": position_command,
}


def simulate(games: int, seed: int, options: Mapping[str, Any], progress: Progress | None = None) -> pd.DataFrame:
    """Seeded hands (``unit: "hands"``, the default) or whole games (``unit: "games"``) with the bots.

    ``options``: ``preset``, ``unit``, ``bots`` (``random``/``heuristic``: one name, one per side, or one
    per seat) and any rule option (``stick_the_dealer``, ``win_by_two`` …).
    """
    return run_simulation(games, seed, options, progress)

