"""Streamlit pieces of the Shengji position editor: the posed position in the session, the requirement ladder,
the legal plays, verdicts, throws and whole tricks.

The engine decides everything: these functions read widgets, build the typed requests of ``engine.shengji``
(``LegalRequest``, ``CheckRequest`` …), call its typed commands and draw their typed answers. A position is saved,
loaded and shared as the JSON the command line reads (``python -m engine legal shengji '…'``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from engine.cards import Card, Deck, Rank, Suit, format_cards
from engine.errors import CardTableError, InvalidRequestError
from engine.shengji import (
    GAME,
    RANKS,
    CardsRequest,
    CheckRequest,
    FailedThrowPart,
    LegalRequest,
    RequirementInfo,
    ShengjiCheckAnswer,
    ShengjiDealRequest,
    ShengjiLegalAnswer,
    ShengjiPlayInfo,
    ThrowRequest,
    TurnOrder,
    WinnerRequest,
    check_command,
    classify_cards,
    deal_command,
    deck_of,
    decode_position,
    legal,
    make_rules,
    throw,
    trump_for,
    winner,
)
from ui.nav import current_preset, set_preset
from ui.widgets import card_picker, set_picked, show_cards, show_error

GAME_KEY = "shengji"
EDITOR = "shengji:editor:"
HAND, LEAD, PLAY = EDITOR + "hand", EDITOR + "lead", EDITOR + "play"
DECKS, RANK, SUIT, SEED = EDITOR + "decks", EDITOR + "rank", EDITOR + "suit", EDITOR + "seed"
LIMIT, EXAMPLE, TRY, SHARE = EDITOR + "limit", EDITOR + "example", EDITOR + "try", EDITOR + "share"
OTHERS = {seat: f"{EDITOR}others:{seat}" for seat in ("W", "S", "E")}
TRICK = [f"{EDITOR}trick:{i}" for i in range(4)]
TRICK_LEADER = EDITOR + "trick:leader"
LAST_HAND = EDITOR + "last-hand"
TURN_ORDER, FAILED_PART = EDITOR + "option:turn_order", EDITOR + "option:failed_throw_part"
TYPED = {HAND: HAND + ":text", LEAD: LEAD + ":text"}
SUITS = ("S", "H", "D", "C", "none")
SUIT_LABELS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "none": "No trump"}
FIRST_LIMIT = 200
MOST_PLAYS = 5000
"""The most plays "more…" asks for (the command's own limit)."""

# The rule options the editor sets besides the preset: option name → (widget key, words for each value).
OPTIONS: dict[str, tuple[str, dict[str, str]]] = {
    "turn_order": (TURN_ORDER, {t.value: t.label[0].upper() + t.label[1:] for t in TurnOrder}),
    "failed_throw_part": (FAILED_PART, {p.value: p.label[0].upper() + p.label[1:] for p in FailedThrowPart}),
}
DEFAULTS: dict[str, str] = {name: str(getattr(make_rules(), name).value) for name in OPTIONS}

# Ready-made positions: (name → the position's JSON as the command line reads it, the play to check, a trick).
EXAMPLES: dict[str, dict[str, Any]] = {
    "Following a tractor (seed 000's ♥99JJ, rank 10, ♠ trump)": {
        "position": {"decks": 2, "trump_rank": "10", "trump_suit": "S", "table": "JH JH 9H 9H",
                     "hand": "BJ 10S AS 9S 4S 4S AH KH KH QH 8H 8H 6H 6H 3H QC 10C 7C 7C 2C KD 9D 6D 5D 3D"},
        "play": "KH KH 8H 8H",
        "trick": ["JH JH 9H 9H", "KH KH 8H 8H", "2S 2S 3S 3S", "AH 5H 4H 4H"],
    },
    "Following a pair with no pair: two singles": {
        "position": {"decks": 2, "trump_rank": "2", "trump_suit": "H", "table": "9S 9S",
                     "hand": "RJ 2D 2C AH QH 10H 5H KS JS 7S 4S AC KC QC JC 9C 9C 8C 3C KD QD 10D 8D 6D 4D"},
        "play": "7S 4S",
        "trick": ["9S 9S", "7S 4S", "AS KS", "QS QS"],
    },
    "Following a throw: two pairs + two singles": {
        "position": {"decks": 2, "trump_rank": "10", "trump_suit": "S", "table": "KH KH JH JH 6H 5H",
                     "hand": "AH AH 9H 9H 7H 7H 4H 4H QH 8H 3H 2H 2S 5S 6S 7S 8S 9D 9D 3D 4C 5C 6C BJ RJ"},
        "play": "9H 9H 4H 4H 3H 2H",
        "trick": ["KH KH JH JH 6H 5H", "9H 9H 4H 4H 3H 2H", "QS QS 3S 3S 4S 9S", "AD KD QD JD 8D 7D"],
    },
    "Void in the led suit: trump or discard": {
        "position": {"decks": 2, "trump_rank": "5", "trump_suit": "D", "table": "QC QC",
                     "hand": "BJ 5H 5S AD AD KD 9D 3D 3D AS KS KS 10S 8S 6S 2S AH JH 9H 9H 7H 6H 4H 3H 2H"},
        "play": "3D 3D",
        "trick": ["QC QC", "3D 3D", "AC 4C", "9D 9D"],
    },
    "Seed 000's Q44 throw (you lead; the other hands decide)": {
        "position": {"decks": 2, "trump_rank": "2", "trump_suit": "S", "table": "",
                     "hand": "RJ 2S AS JS 9S 6S QH 4H 4H AC 10C 8C 7C 3C KD JD 9D 9D 5D 3D",
                     "others": {"W": "BJ 10S KH 3H AC KC 5C 4D", "S": "2D 8S 6H 6H 2H JC 9C KD",
                                "E": "3S 5S 9H 8H 7H QC 6D 7D"}},
        "play": "QH 4H 4H",
        "trick": ["4H 4H", "KH 3H", "6H 6H", "9H 8H"],
    },
    "A 25-card hand following a 6-card throw (many legal plays)": {
        "position": {"decks": 2, "trump_rank": "10", "trump_suit": "S", "table": "KH KH JH JH 6H 5H",
                     "hand": "2S 2S 5S 6S 7S 8S 9D 9D 3D 4D 6D 7D 8D 4C 5C 6C 7C 8C JC JC BJ RJ AS AS 2C"},
        "play": "AS AS 2S 2S 8S 7S",
        "trick": ["KH KH JH JH 6H 5H", "AS AS 2S 2S 8S 7S", "AH QH 9H 8H 4H 3H", "3C 3C 4C 9C QC KC"],
    },
    "You lead: a seeded deal": {
        "position": {"decks": 2, "trump_rank": "2", "trump_suit": "H", "table": "",
                     "hand": "2H 2H 2S 2S QH 4H 3H KS QS JS JS 7S 3S AC KC QC 9C QD 9D 9D 8D 8D 7D 6D 3D"},
        "play": "JS JS",
        "trick": ["JS JS", "4S 4S", "KS 9S", "AS 8S"],
    },
}




# ---------------------------------------------------------------------------------------------------
# the position in the session
# ---------------------------------------------------------------------------------------------------


def option_spec(name: str) -> tuple[str, str]:
    """(label, help) of a rule option, as the engine declares them."""
    spec = next(s for s in GAME.option_specs() if s.name == name)
    return spec.label, spec.help


def deck(decks: int | None = None) -> Deck:
    """The multi-deck pack of the editor (copies limited by the number of decks)."""
    return deck_of(make_rules(None, {"decks": int(decks or st.session_state.get(DECKS, 2))}))


def _parse(text: str, n_decks: int) -> tuple[Card, ...]:
    return deck(n_decks).parse(text or "")


def init_editor() -> None:
    """Set the editor's session keys once (the first example)."""
    if EDITOR + "init" in st.session_state:
        return
    st.session_state[EDITOR + "init"] = True
    st.session_state[SEED] = 1
    st.session_state[LIMIT] = FIRST_LIMIT
    st.session_state[TRICK_LEADER] = "N"
    for name, (key, _) in OPTIONS.items():
        st.session_state[key] = DEFAULTS[name]
    st.session_state[EXAMPLE] = next(iter(EXAMPLES))
    for key in TYPED.values():
        st.session_state[key] = ""
    _apply(EXAMPLES[st.session_state[EXAMPLE]])


def _apply(example: Mapping[str, Any]) -> None:
    """Load an example (position + play + trick) into the widgets."""
    request = decode_position(example["position"])
    _set_position(request, with_options=False)
    hand = sort_for(request.hand, request)
    _set_play(_parse(example.get("play", ""), _decks(request)), hand, _decks(request))
    for key, play in zip(TRICK, example.get("trick", [""] * 4), strict=True):
        st.session_state[key] = play
    st.session_state[TRICK_LEADER] = "N"


def _decks(request: LegalRequest) -> int:
    return request.decks or int(request.options.get("decks", 2))


def _suit(request: LegalRequest) -> Suit | None:
    return request.trump_suit if isinstance(request.trump_suit, Suit) else None


def sort_for(cards: Sequence[Card], request: LegalRequest) -> list[Card]:
    """Cards high to low in the request's trump order (as the engine sorts them)."""
    rules = make_rules(request.preset, {"decks": _decks(request)})
    rank = request.trump_rank if not request.trump_rank.is_joker else Rank.TWO
    return trump_for(rules, rank, _suit(request)).sort(cards)


def _set_position(request: LegalRequest, with_options: bool = True) -> None:
    """Put a position into the widgets; its ``options`` too (missing: the defaults) unless ``with_options`` is
    false (an example keeps the options the learner chose)."""
    n = _decks(request)
    st.session_state[DECKS] = n
    st.session_state[RANK] = request.trump_rank.text
    suit = _suit(request)
    st.session_state[SUIT] = "none" if suit is None else suit.value
    set_picked(HAND, deck(n), request.hand)
    set_picked(LEAD, deck(n), request.table)
    for seat, key in OTHERS.items():
        st.session_state[key] = format_cards(request.others.get(seat, ()))
    if with_options:
        for name, (key, _) in OPTIONS.items():
            value = request.options.get(name, DEFAULTS[name])
            st.session_state[key] = str(getattr(value, "value", value))
    st.session_state[LIMIT] = FIRST_LIMIT
    st.session_state[TRY] = ""


def choose_example() -> None:
    """Callback of the example selector."""
    name = st.session_state.get(EXAMPLE)
    if name in EXAMPLES:
        _apply(EXAMPLES[name])


def deal_from_seed(preset: str) -> None:
    """Callback: deal the four hands from the seed (you are N; the others become the other hands); you lead."""
    n = int(st.session_state.get(DECKS, 2))
    answer = deal_command(ShengjiDealRequest(preset=preset, decks=n, seed=int(st.session_state.get(SEED, 1)),
                                             options=options()))
    suit = st.session_state.get(SUIT, "S")
    request = LegalRequest(preset=preset, decks=n, options=options(), trump_rank=Rank.parse(st.session_state.get(
        RANK, "2")), trump_suit=None if suit == "none" else Suit.parse(suit), hand=answer.hands["N"],
        others={s: answer.hands[s] for s in OTHERS})
    _set_position(request)
    _set_play((), sort_for(request.hand, request), n)


def decks_changed() -> None:
    """Callback: keep the chosen cards when the number of decks changes (extra copies are dropped)."""
    n = int(st.session_state[DECKS])
    for key in (HAND, LEAD):
        kept = _clip(st.session_state.get(f"{key}:last", ()), n)
        set_picked(key, deck(n), kept)
    st.session_state[LIMIT] = FIRST_LIMIT


def _clip(cards: Sequence[Card], n: int) -> list[Card]:
    seen: Counter[Card] = Counter()
    out = []
    for c in cards:
        seen[c] += 1
        if seen[c] <= n:
            out.append(c)
    return out


def typed(key: str) -> None:
    """Callback of a notation box: replace the picker's cards with the typed ones (or keep the error)."""
    text = st.session_state.get(TYPED[key], "")
    n = int(st.session_state.get(DECKS, 2))
    try:
        cards = deck(n).parse(text)
        deck(n).check(cards, "in what you typed")
    except CardTableError as error:
        st.session_state[TYPED[key] + ":error"] = str(error)
        return
    st.session_state.pop(TYPED[key] + ":error", None)
    set_picked(key, deck(n), cards)
    st.session_state[TYPED[key]] = ""
    st.session_state[LIMIT] = FIRST_LIMIT


def remember(key: str, cards: Sequence[Card]) -> None:
    """Keep the picker's selection (for the decks callback and the play picker)."""
    st.session_state[f"{key}:last"] = tuple(cards)


def clear(key: str) -> None:
    """Callback: empty a picker."""
    set_picked(key, deck(), ())
    st.session_state[LIMIT] = FIRST_LIMIT


def keep_play_in_hand(hand_sorted: Sequence[Card]) -> None:
    """When the hand changed since the play was chosen, clear the chosen play (its cards may be gone)."""
    if st.session_state.get(LAST_HAND) != tuple(hand_sorted):
        _set_play((), hand_sorted)


def _set_play(cards: Sequence[Card], hand_sorted: Sequence[Card], n: int | None = None) -> None:
    """Put ``cards`` into the play picker, whose buttons are the cards of ``hand_sorted``."""
    set_picked(PLAY, deck(n), cards, limit_to=hand_sorted)
    st.session_state[LAST_HAND] = tuple(hand_sorted)
    st.session_state[f"{PLAY}:last"] = tuple(cards)


def choose_play(plays: Mapping[str, tuple[Card, ...]], hand_sorted: Sequence[Card]) -> None:
    """Callback of the "try one of the legal plays" selector: put it into the play picker."""
    chosen = st.session_state.get(TRY)
    if chosen in plays:
        _set_play(plays[chosen], hand_sorted)


def more() -> None:
    """Callback of "more…": list five times as many plays (up to what the engine lists at most)."""
    st.session_state[LIMIT] = min(MOST_PLAYS, int(st.session_state.get(LIMIT, FIRST_LIMIT)) * 5)


def request(preset: str, hand: Sequence[Card], lead: Sequence[Card]) -> LegalRequest:
    """The typed position of the widgets; CardTableError when an other hand's text is not card notation."""
    suit = st.session_state.get(SUIT, "S")
    n = int(st.session_state.get(DECKS, 2))
    others = {}
    for seat, key in OTHERS.items():
        text = str(st.session_state.get(key, "")).strip()
        if text:
            try:
                others[seat] = deck(n).parse(text)
            except CardTableError as error:
                raise InvalidRequestError(f"{seat}'s hand: {error}") from None
    return LegalRequest(preset=preset, decks=n, options=options(), trump_rank=Rank.parse(str(st.session_state.get(
        RANK, "2"))), trump_suit=None if suit == "none" else Suit.parse(suit), hand=tuple(hand), table=tuple(lead),
        others=others, limit=int(st.session_state.get(LIMIT, FIRST_LIMIT)))


def position_json(req: LegalRequest) -> dict[str, Any]:
    """The position as JSON: what ``python -m engine legal shengji`` reads and the share panel saves."""
    suit = _suit(req)
    out: dict[str, Any] = {"preset": req.preset, "decks": _decks(req), "trump_rank": req.trump_rank.text,
                           "trump_suit": suit.value if suit else None, "hand": format_cards(req.hand),
                           "table": format_cards(req.table)}
    if req.options:
        out["options"] = dict(req.options)
    if req.others:
        out["others"] = {seat: format_cards(cards) for seat, cards in req.others.items()}
    return out


def options() -> dict[str, str]:
    """The editor's rule options that differ from the defaults (what the position JSON's ``options`` holds)."""
    out = {}
    for name, (key, _) in OPTIONS.items():
        value = str(st.session_state.get(key, DEFAULTS[name]))
        if value != DEFAULTS[name]:
            out[name] = value
    return out


def options_summary() -> str:
    """The chosen turn order and failed-throw rule in a few words."""
    order = " → ".join(seats())
    part = ("the next player chooses the part a failed throw leads" if options().get("failed_throw_part")
            else "a failed throw leads its smallest failing part")
    return f"Turn order {order}; {part}."


def seats() -> tuple[str, ...]:
    """The seats in the chosen turn order, from North (you)."""
    return make_rules(None, options()).seats


def next_player() -> str:
    """The seat that plays after you (North): who chooses the forced part of a failed throw."""
    return seats()[1]


def others_in_turn_order() -> list[tuple[str, str]]:
    """The other hands' (seat, widget key), in turn order after you."""
    return [(seat, OTHERS[seat]) for seat in seats()[1:]]


def load_position(data: Mapping[str, Any]) -> None:
    """Put a position (file, pasted JSON or link) into the editor; CardTableError (with the reason) if it is not
    one the editor can pose."""
    chosen = data.get("options") or {}
    if isinstance(chosen, Mapping):
        unknown = set(chosen) - set(OPTIONS)
        if unknown:
            raise InvalidRequestError(f"the editor sets only the options {', '.join(OPTIONS)}; remove "
                                      f"{', '.join(repr(u) for u in sorted(unknown))} from 'options'")
    req = decode_position(data)  # the command's own decoder: unknown fields, bad cards, bad options
    legal(LegalRequest(**{**_fields(req), "limit": 1}))  # refuses impossible positions with a message
    preset = req.preset or GAME.default_preset
    _set_position(req)
    _set_play((), sort_for(req.hand, req), _decks(req))
    if preset != current_preset(GAME_KEY):
        # From a link the sidebar is already drawn: the preset is then set by a rerun; keep the message.
        st.session_state[SHARE + ":message"] = ("success", "Loaded the position from the link.")
        set_preset(GAME_KEY, preset)


def _fields(req: LegalRequest) -> dict[str, Any]:
    """The position fields of a request (shared by the check, throw and cards requests)."""
    return {"preset": req.preset, "options": req.options, "decks": req.decks, "trump_rank": req.trump_rank,
            "trump_suit": req.trump_suit, "hand": req.hand, "table": req.table, "others": req.others,
            "leader": req.leader}


def _trump_fields(req: LegalRequest) -> dict[str, Any]:
    return {"preset": req.preset, "options": req.options, "decks": req.decks, "trump_rank": req.trump_rank,
            "trump_suit": req.trump_suit}


# ---------------------------------------------------------------------------------------------------
# the engine's answers
# ---------------------------------------------------------------------------------------------------


def legal_plays(req: LegalRequest) -> ShengjiLegalAnswer:
    """The legal plays and the requirement of the position (CardTableError for one that cannot occur)."""
    return legal(req)


def check_play(req: LegalRequest, play: Sequence[Card]) -> ShengjiCheckAnswer:
    return check_command(CheckRequest(**_fields(req), play=tuple(play)))


def is_throw(req: LegalRequest, play: Sequence[Card]) -> bool:
    """Whether ``play`` is a throw (several combinations of one group)."""
    return classify_cards(CardsRequest(**_trump_fields(req), cards=tuple(play))).kind == "throw"


# ---------------------------------------------------------------------------------------------------
# drawing
# ---------------------------------------------------------------------------------------------------


def symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol_text for c in cards) or "—"


def play_texts(plays: Sequence[ShengjiPlayInfo]) -> dict[str, tuple[Card, ...]]:
    """The legal plays by their notation (the choices of the "take one of the legal plays" selector)."""
    return {format_cards(p.cards): p.cards for p in plays}


def notation_box(key: str, label: str) -> None:
    """The "type cards" box above a picker; shows its last error."""
    st.text_input(label, key=TYPED[key], on_change=typed, args=(key,),
                  placeholder="e.g. KH KH 9H 9H 3S BJ (10 or T; suits S H D C or ♠ ♥ ♦ ♣) — Enter replaces the "
                              "selection")
    error = st.session_state.get(TYPED[key] + ":error")
    if error:
        st.error(f"Not changed: {error}", icon=":material/error:")


def picker(key: str, label: str, help_text: str) -> tuple[Card, ...]:
    cards = card_picker(key, deck(), label=label, help=help_text)
    remember(key, cards)
    return cards


def draw_ladder(detail: RequirementInfo) -> None:
    """The requirement as steps: each rung of the ladder, whether the hand meets it, the cards that do."""
    duty = detail.duty.value
    if duty == "lead":
        st.info(detail.text, icon=":material/play_arrow:")
        return
    if duty in ("void", "all_of_suit"):
        st.info(detail.text, icon=":material/rule:")
        if detail.must:
            show_cards(detail.must, caption="Cards every legal play contains", scale=0.7)
        return
    st.info(detail.text, icon=":material/rule:")
    current = next((i for i, r in enumerate(detail.ladder) if r.current), 0)
    for i, rung in enumerate(detail.ladder):
        left, right = st.columns([2, 3], vertical_alignment="center")
        if i < current:
            badge, note = ":red-badge[✗ cannot]", "your hand cannot meet this"
        elif i == current:
            badge, note = ":green-badge[✓ required]", "the first rung you can meet: you must play this"
        else:
            badge, note = ":gray-badge[weaker]", "not allowed: a higher rung applies"
        text = f"**{i + 1}. {rung.text}**" if i == current else f":gray[{i + 1}. {rung.text}]"
        left.markdown(f"{badge} {text}  \n:small[:gray[{note}]]")
        example = rung.example or (detail.holding if i == current and rung.met else ())
        with right:
            if example:
                show_cards(example, scale=0.5, overlap=0.5,
                           caption="in your hand" if rung.example else "your cards of the led suit")
    for choice in detail.choices:
        st.markdown(f"**All your {choice.label}:** " + " · ".join(symbols(u) for u in choice.units))


def play_rows(plays: Sequence[ShengjiPlayInfo]) -> list[dict[str, Any]]:
    """One table row per legal play: the cards, what they are (as the engine says), their points."""
    return [{"Play": symbols(p.cards), "What it is": p.what, "Points": p.points} for p in plays]


def verdict(legal_: bool, reason: str) -> None:
    if legal_:
        st.success(reason, icon=":material/check_circle:")
    else:
        st.error(f"Not legal. {reason}", icon=":material/block:")


def draw_throw(req: LegalRequest, play: Sequence[Card], checked: ShengjiCheckAnswer) -> None:
    """Judge a throw (a lead of several parts) against the other hands, when they are given."""
    if not req.others:
        verdict(checked.legal, checked.reason)
        st.caption("To judge whether this throw stands, enter the other hands (tab **Other hands**), or deal "
                   "four hands from a seed.")
        return
    try:
        answer = throw(ThrowRequest(**{**_fields(req), "table": ()}, play=tuple(play)))
    except CardTableError as error:
        show_error(error)
        return
    parts = " + ".join(symbols(p) for p in answer.parts)
    if answer.stands:
        st.success(f"Legal: the throw {parts} stands — {answer.reason}", icon=":material/verified:")
        return
    if answer.choices:
        cost = ", ".join(f"{c.penalty} points if {symbols(c.cards)} is led" for c in answer.choices if c.penalty)
    else:
        cost = f"{answer.penalty} points" if answer.penalty else ""
    cost = f" Penalty for the cards taken back: {cost}." if cost else ""
    st.warning(f"The throw {parts} fails. {answer.reason}{cost}", icon=":material/undo:")
    rows = [{"Part": symbols(b.part), "Beaten by": b.seat, "With": symbols(b.by)} for b in answer.beaten]
    st.dataframe(rows, hide_index=True, key=EDITOR + "throw:beaten")


def trick_inputs() -> list[str]:
    """The four plays of a trick as notation boxes, labelled with the seats from the chosen leader."""
    leader = st.session_state.get(TRICK_LEADER, "N")
    order = seats()
    start = order.index(leader)
    cols = st.columns(4)
    out = []
    for i, (col, key) in enumerate(zip(cols, TRICK, strict=True)):
        seat = order[(start + i) % 4]
        label = f"{seat} leads" if i == 0 else f"{seat} plays"
        out.append(col.text_input(label, key=key).strip())
    return out


def copy_to_trick(lead: Sequence[Card], play: Sequence[Card]) -> None:
    """Callback: the position's lead (or your play, when you lead) and your play start the trick."""
    if lead:
        st.session_state[TRICK[0]], st.session_state[TRICK[1]] = format_cards(lead), format_cards(play)
    else:
        st.session_state[TRICK[0]], st.session_state[TRICK[1]] = format_cards(play), ""


def draw_trick(req: LegalRequest, plays: list[str]) -> None:
    """The winner of a (possibly partial) trick and each play's role."""
    count = next((i for i, p in enumerate(plays) if not p), len(plays))
    if count == 0:
        st.caption("Type the lead (and the plays that follow) to see who wins.")
        return
    if any(plays[count:]):
        st.caption("Fill the plays in turn, without gaps.")
        return
    leader_seat = st.session_state.get(TRICK_LEADER, "N")
    try:
        given = [deck(4).parse(text) for text in plays[:count]]
        answer = winner(WinnerRequest(**_trump_fields(req), plays=tuple(given), leader=leader_seat))
    except CardTableError as error:
        show_error(error)
        return
    order = seats()
    leader = order.index(leader_seat)
    for i, (col, cards) in enumerate(zip(st.columns(4), given, strict=False)):
        with col:
            seat = order[(leader + i) % 4]
            won = i == answer.winner
            shown = sort_for(cards, req)
            show_cards(shown, scale=0.6, overlap=0.5, mark=range(len(shown)) if won else (),
                       caption=f"{seat}{' — winning' if won else ''}: {answer.roles[i]}")
    whole = "The trick" if count == 4 else f"So far ({count} of 4 plays)"
    st.success(f"{whole}: {answer.reason} Points in it: {answer.points}.", icon=":material/emoji_events:")


def rank_choices() -> list[str]:
    return [r.text for r in RANKS]
