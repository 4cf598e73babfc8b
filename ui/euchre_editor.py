"""The Euchre position editor on the :class:`~ui.editor.PositionEditor` base: a trick (trump, your hand, the cards
played so far, posed by clicking) with every legal card and the reason for each; a complete trick and who wins
it; or a calling position (dealer, upcard, round, caller) and its legal calls.

A position is the JSON ``python -m engine position euchre`` reads: a trick ``{"trump", "hand", "table", "leader",
"sits_out"}`` (``trick`` is read as ``table``) or a calling position ``{"dealer", "upcard", "round", "seat",
"hand"}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import streamlit as st

from engine.base import Verdict
from engine.cards import Card, Suit, format_cards
from engine.commands import field_help
from engine.contract import SomeGame
from engine.errors import CardTableError
from engine.euchre import (
    BENNY_DECK,
    GAME,
    PRESETS,
    CallsRequest,
    EuchreCheckRequest,
    EuchreLegalRequest,
    NeedsBennyError,
    Phase,
    PositionAnswer,
    PositionRequest,
    Seat,
    WinnerRequest,
    calling_fixed,
    check_cards,
    check_command,
    is_trump,
    position_command,
    read_position,
    sort_hand,
    trick_players,
    trump_order,
)
from engine.euchre.play import HAND_SIZE
from engine.i18n import DEFAULT_LANGUAGE, N_, language, number
from engine.i18n import gettext as _
from engine.words import seat_name
from ui.card_hand import CardGroup, Highlight, show_cards, suit_groups
from ui.card_hand.payload import suit_label
from ui.editor import Example, Part, Plays, PositionEditor, sentence, translated
from ui.editor_values import examples_of
from ui.widgets import plain

TRICK, CALLING = "trick", "calling"
MODES = {TRICK: N_("A trick: legal cards, or who wins"), CALLING: N_("Calling trump: legal calls")}
SEATS = [s.letter for s in Seat]
SEAT_NAMES = {s.letter: s.title for s in Seat}
NOBODY = "—"
SUIT_NAMES = {s.letter: f"{s.symbol} {s.plural}" for s in Suit}
WINS = Highlight(N_("wins the trick"), "#15803d", "♛")  # a crown, not "W", which reads as West


def _seat(letter: str) -> str:
    """A seat's name in the current language ("North", উত্তর); other text as it is."""
    return seat_name(letter) if letter in SEAT_NAMES else letter


def _seats() -> dict[str, str]:
    """Each seat letter with its name in the current language (a menu's labels, looked up before it is drawn)."""
    return {letter: seat_name(letter) for letter in SEATS}


def _suit_words(letter: str) -> str:
    """A suit with its symbol and plural name ("♥ hearts"; in another language as the card groups name it)."""
    suit = Suit.parse(letter)
    return f"{suit.symbol} {suit.plural}" if language() == DEFAULT_LANGUAGE else suit_label(suit)


def mode_of(data: Mapping[str, Any]) -> str:
    """A calling position has an upcard; anything else is a trick."""
    return CALLING if data.get("upcard") else TRICK


class EuchreEditor(PositionEditor[PositionRequest]):
    """Euchre: follow suit (the left bower is a trump), who wins a trick, which calls are legal."""

    key = GAME.key
    title = N_("Euchre — Position editor")
    intro = N_("Pose a trick or a calling position; the engine gives the reason for every card and every call.")
    command = "position"
    check_label = N_("Check this card")
    coach_none = N_("The coach needs the caller's five cards (and the dealer and the upcard) to advise a call, or a "
                    "trick that is not yet complete to advise a card.")
    examples: ClassVar[Mapping[str, Example]] = examples_of(GAME.key, GAME.editor_command)

    @property
    def game(self) -> SomeGame:
        return GAME

    def default_position(self, mode: str = TRICK) -> dict[str, Any]:
        """The first example posing ``mode`` (a trick, or a calling position)."""
        return dict(next(e.position for e in self.examples.values() if mode_of(e.position) == mode))

    def read(self, data: Mapping[str, Any]) -> PositionRequest:
        return read_position(dict(data))

    def write(self, request: PositionRequest) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": request.preset or GAME.default_preset}
        if request.options:
            out["options"] = dict(request.options)
        if request.upcard is not None:
            out.update(dealer=request.dealer, upcard=request.upcard.text, round=request.round or 1)
            if request.seat is not None:
                out["seat"] = request.seat
            if request.hand:
                out["hand"] = format_cards(request.hand)
            if request.joker_suit is not None:
                out["joker_suit"] = request.joker_suit.letter
            return out
        if request.trump is not None:
            out["trump"] = request.trump.letter
        out.update(hand=format_cards(request.hand), table=format_cards(request.table))
        if request.leader is not None:
            out["leader"] = request.leader
        out_seats = [request.sits_out] if isinstance(request.sits_out, str) else list(request.sits_out)
        if out_seats:
            out["sits_out"] = out_seats
        if request.players is not None:
            out["players"] = request.players
        return out

    def _players(self, data: Mapping[str, Any]) -> int:
        try:
            return trick_players(self.read(data))
        except CardTableError:
            return len(SEATS)

    def parts(self, data: Mapping[str, Any]) -> tuple[Part, ...]:
        if mode_of(data) == CALLING:
            return (Part("upcard", N_("The upcard"), most=1, use=N_("Turn it up"),
                         help=N_("The card turned up on the kitty: choose one card.")),
                    Part("hand", N_("The caller's hand"), most=HAND_SIZE, use=N_("Use as the caller's hand"),
                         help=N_("Optional: with the hand, the editor gives the rule-of-thumb call.")))
        players = self._players(data)
        return (Part("hand", N_("Your hand"), most=HAND_SIZE,
                     help=_("Up to {count} cards.").format(count=number(HAND_SIZE))),
                Part("table", N_("The trick so far"), ordered=True, most=players,
                     help=_("The cards played to this trick, in order: the first is the lead. With {count} cards the "
                            "trick is complete and the editor says who wins it.").format(count=number(players))))

    def judge_heading(self, data: Mapping[str, Any]) -> str:
        if mode_of(data) == CALLING:
            return _("Choose a call to judge")
        if len(self.cards(data, "table")) >= self._players(data):
            return _("Who wins the trick")
        return _("Choose a card to judge")

    def hand_of(self, request: PositionRequest) -> tuple[Card, ...]:
        return tuple(request.hand)

    def order(self, request: PositionRequest, cards: Sequence[Card]) -> list[Card]:
        return sort_hand(cards, request.trump)

    def fallback_groups(self, request: PositionRequest, cards: Sequence[Card]) -> list[CardGroup]:
        trump = request.trump
        if trump is None:
            return suit_groups(sort_hand(cards))
        return suit_groups(sort_hand(cards, trump), is_trump=lambda c: is_trump(c, trump))

    def analyse(self, request: PositionRequest) -> Plays:
        answer = position_command(request)
        legal = answer.legal
        if legal is None:
            return Plays(plays=(), rows=(), count=0, answer=answer)
        card, why = _("Card"), _("Why it may be played")
        rows = tuple({card: p.cards[0].symbol_text, why: p.reason} for p in legal.plays)
        summary = legal.summary
        if answer.to_play:
            summary = _("{seat} to play. {summary}").format(seat=_seat(answer.to_play), summary=summary)
        return Plays(plays=tuple(p.cards for p in legal.plays), rows=rows, count=legal.count, can_pass=False,
                     playable=frozenset(legal.legal_cards), summary=summary, answer=answer)

    def why_not(self, request: PositionRequest, plays: Plays, card: Card) -> str:
        answer: PositionAnswer = plays.answer
        if answer.legal is not None and card.text in answer.legal.reasons:
            return answer.legal.reasons[card.text]
        return super().why_not(request, plays, card)

    def judge(self, request: PositionRequest, play: tuple[Card, ...] | None) -> Verdict:
        assert request.trump is not None
        verdict = check_command(EuchreCheckRequest(preset=request.preset, options=request.options,
                                                   trump=request.trump, hand=request.hand, table=request.table,
                                                   players=trick_players(request),
                                                   play="pass" if play is None else tuple(play)))
        return Verdict(verdict.legal, verdict.reason)

    def coach_question(self, request: PositionRequest) -> str:
        return _("What should I call?") if request.upcard is not None else _("What should I play?")

    def coach_pick_hint(self, request: PositionRequest) -> str:
        return "" if request.upcard is not None else super().coach_pick_hint(request)

    def coach_request(self, request: PositionRequest) -> Any:
        """A calling position as it is (the coach takes it once the caller's five cards are in), a trick as the
        game's typed ``legal`` request; None for a complete trick or a calling position without five cards."""
        if request.upcard is not None:
            return request if request.dealer is not None and len(request.hand) == HAND_SIZE else None
        if request.trump is None:
            return None
        players = trick_players(request)
        if len(request.table) >= players:
            return None
        return EuchreLegalRequest(preset=request.preset, options=request.options, trump=request.trump,
                                  hand=request.hand, table=request.table, players=players)

    # ---------------------------------------------------------------------------------- the sections

    def body(self, data: Mapping[str, Any], request: PositionRequest, plays: Plays,
             play: tuple[Card, ...] | None | bool) -> None:
        answer: PositionAnswer = plays.answer
        if answer.winner is not None:
            self._winner(answer)
        elif answer.calls is not None:
            self._calls(request, answer)
        else:
            super().body(data, request, plays, play)

    def below(self, data: Mapping[str, Any], request: PositionRequest, plays: Plays,
              play: tuple[Card, ...] | None | bool) -> None:
        answer: PositionAnswer = plays.answer
        if answer.legal is not None:
            super().below(data, request, plays, play)
        elif answer.calls is not None:
            self.coach(data, request, play)

    def _winner(self, answer: PositionAnswer) -> None:
        won = answer.winner
        assert won is not None
        captions: dict[int | Card, str] = {i: _seat(s) for i, s in enumerate(won.seats or ())}
        show_cards(self.k("view:trick"), list(won.table), label=_("The trick"), highlight={won.winner_index: WINS},
                   captions=captions or None)
        who = won.winner_name or _("The card {card}").format(card=won.winner_card.symbol_text)
        if won.order:
            st.caption(_("Played by {order}").format(order=plain(won.order)))
        st.success(_("**{who} wins the trick.** {reason}").format(who=plain(who), reason=plain(won.reason)),
                   icon=":material/emoji_events:")

    def _calls(self, request: PositionRequest, answer: PositionAnswer) -> None:
        called = answer.calls
        assert called is not None and request.upcard is not None
        who = _seat(called.to_act)
        cols = st.columns([1, 3])
        with cols[0]:
            st.caption(_("The upcard"))
            show_cards(self.k("view:upcard"), [request.upcard], label=_("The upcard"), size="small")
        with cols[1]:
            if request.hand:
                hand = _("{seat}'s hand").format(seat=who)
                st.caption(hand)
                show_cards(self.k("view:callhand"), self.fallback_groups(request, request.hand), label=hand,
                           size="small")
        if called.phase == Phase.JOKER_UPCARD.value:
            st.markdown(_("**{seat}, the dealer, names a suit.** {rule}").format(
                seat=plain(who), rule=plain(called.joker_rule or "")))
        else:
            st.markdown(_("**{seat} to call** (round {round}). Legal: {calls}.").format(
                seat=plain(who), round=number(called.round), calls=plain(", ".join(called.calls))))
        calls = list(called.reasons)
        current = st.session_state.get(self.k("call"))
        chosen: str | None = current if current in calls else None

        def choose(data: dict[str, Any], call: Any) -> dict[str, Any]:
            st.session_state[self.k("call")] = call
            return data

        said = {call: translated(call) for call in calls}
        self.control(st.segmented_control, "call", _("Click a call to see whether it is legal"), chosen, choose,
                     options=calls, format_func=said.__getitem__)
        if chosen is not None and chosen in called.reasons:
            reason = plain(sentence(called.reasons[chosen]))
            if chosen in called.calls:
                st.success(_("**{play}: legal.** {reason}").format(play=plain(chosen), reason=reason),
                           icon=":material/check_circle:")
            else:
                st.error(_("**{play}: not legal.** {reason}").format(play=plain(chosen), reason=reason),
                         icon=":material/block:")
        columns = _("Call"), _("Legal"), _("Why")
        st.dataframe([{columns[0]: call, columns[1]: "✓" if call in called.calls else "✗", columns[2]: why}
                      for call, why in called.reasons.items()], hide_index=True, width="stretch",
                     key=self.k("calls"))
        if called.advice is not None:
            st.info(_("Rule of thumb: **{call}** — {reason}").format(call=plain(called.advice),
                                                                     reason=plain(called.advice_reason or "")),
                    icon=":material/psychology:")

    # ---------------------------------------------------------------------------------- the game's widgets

    def setup(self, data: Mapping[str, Any]) -> None:
        modes = {mode: _(words) for mode, words in MODES.items()}
        self.control(st.segmented_control, "mode", _("What do you want to pose?"), mode_of(data), self._switch,
                     options=list(MODES), format_func=modes.__getitem__, required=True)
        if mode_of(data) == CALLING:
            self._calling_setup(data)
        else:
            self._trick_setup(data)

    def _switch(self, data: dict[str, Any], mode: Any) -> dict[str, Any]:
        old = mode_of(data)
        if mode == old:
            return data
        st.session_state[self.k(f"saved:{old}")] = data
        saved = st.session_state.get(self.k(f"saved:{mode}"))
        restored = dict(saved) if isinstance(saved, dict) else self.default_position(mode)
        restored["preset"] = data.get("preset")
        if data.get("options"):
            restored["options"] = data["options"]
        return restored

    def _trick_setup(self, data: Mapping[str, Any]) -> None:
        cols = st.columns([1.6, 1, 1.4])
        trump = str(data.get("trump")) if data.get("trump") in SUIT_NAMES else "H"
        with cols[0]:
            self.control(st.segmented_control, "trump", _("Trump"), trump, lambda d, v: {**d, "trump": v},
                         options=list(SUIT_NAMES), format_func=lambda s: Suit.parse(s).symbol, required=True)
        leader = data.get("leader") if data.get("leader") in SEATS else NOBODY
        with cols[1]:
            leaders = {NOBODY: _("— (not given)"), **_seats()}
            self.control(st.selectbox, "leader", _("Who led the trick"), leader, self._set_leader,
                         options=[NOBODY, *SEATS], format_func=leaders.__getitem__,
                         help=_("Optional: with the leader known the editor names who plays each card."))
        out = data.get("sits_out") or []
        with cols[2]:
            self.control(st.multiselect, "out", _("Sitting out (partner of a lone player)"),
                         [out] if isinstance(out, str) else list(out), self._set_out, options=SEATS,
                         max_selections=2, format_func=_seats().__getitem__,
                         placeholder=None if language() == DEFAULT_LANGUAGE else _("Nobody"),
                         help=sentence(translated(field_help(WinnerRequest, "sits_out"))))
        benny = self._benny(data)
        order = " ".join(c.symbol_text for c in trump_order(Suit.parse(trump), benny))
        st.caption((_("{suits} are trump. Trumps, high to low: {order} (RJ, the joker, is the best bower).") if benny
                    else _("{suits} are trump. Trumps, high to low: {order}.")).format(
                        suits=_suit_words(trump), order=plain(order)))

    def _set_leader(self, data: dict[str, Any], leader: Any) -> dict[str, Any]:
        out = dict(data)
        if leader == NOBODY:
            out.pop("leader", None)
        else:
            out["leader"] = leader
        return out

    def _set_out(self, data: dict[str, Any], seats: Any) -> dict[str, Any]:
        out = dict(data)
        if seats:
            out["sits_out"] = list(seats)
        else:
            out.pop("sits_out", None)
        out.pop("players", None)
        return out

    def _calling_setup(self, data: Mapping[str, Any]) -> None:
        dealer = str(data.get("dealer")) if data.get("dealer") in SEATS else "N"
        fixed = None
        upcard = self.cards(data, "upcard")
        if upcard:
            fixed = calling_fixed(upcard[0], Seat.parse(dealer))
        cols = st.columns(3)
        with cols[0]:
            self.control(st.selectbox, "dealer", _("Dealer"), dealer, self._set_dealer, options=SEATS,
                         format_func=_seats().__getitem__)
        with cols[1]:
            self.control(st.segmented_control, "round", _("Calling round"), int(data.get("round") or 1),
                         lambda d, v: {**d, "round": int(v)}, options=[1, 2], required=True,
                         disabled=fixed is not None,
                         help=sentence(translated(field_help(CallsRequest, "round"))))
        seat = data.get("seat") if data.get("seat") in SEATS else Seat.parse(dealer).left.letter
        with cols[2]:
            self.control(st.selectbox, "seat", _("Player to call"), seat, lambda d, v: {**d, "seat": v},
                         options=SEATS, format_func=_seats().__getitem__, disabled=fixed is not None,
                         help=_("The players before them, from the dealer's left, have passed."))
        if fixed is not None:
            st.info(_("The joker is turned up: the round ({round}) and the caller ({seat}) follow from it.").format(
                round=number(fixed[0]), seat=_seat(fixed[1].letter)), icon=":material/playing_cards:")

    def _set_dealer(self, data: dict[str, Any], dealer: Any) -> dict[str, Any]:
        out = {**data, "dealer": dealer}
        upcard = self.cards(out, "upcard")
        fixed = calling_fixed(upcard[0], Seat.parse(dealer)) if upcard else None
        if fixed is not None:
            out.update(round=fixed[0], seat=fixed[1].letter)
        return out

    def parse(self, data: Mapping[str, Any], text: str) -> tuple[Card, ...]:
        """Typed cards; the joker outside the benny is refused with the message that names the option."""
        cards = tuple(BENNY_DECK.parse(text))
        check_cards(cards, "in what you typed", self._benny(data))
        return cards

    def _benny(self, data: Mapping[str, Any]) -> bool:
        try:
            return bool(GAME.rules(data.get("preset"), data.get("options") or None).benny)
        except (CardTableError, TypeError):
            return False

    def set_cards(self, data: Mapping[str, Any], name: str, cards: Sequence[Card]) -> dict[str, Any]:
        out = super().set_cards(data, name, cards)
        if name == "upcard" and cards and out.get("dealer") in SEATS:
            fixed = calling_fixed(cards[0], Seat.parse(out["dealer"]))
            if fixed is not None:
                out.update(round=fixed[0], seat=fixed[1].letter)
        return out

    def impossible(self, data: Mapping[str, Any]) -> None:
        super().impossible(data)
        try:
            self.analyse(self.read(data))
        except NeedsBennyError as error:
            st.caption(_("Choose the rules **{rules}** in the sidebar to play with the joker.").format(
                rules=plain(_(PRESETS[error.preset].title))))
        except CardTableError:
            pass


__all__ = ["CALLING", "MODES", "TRICK", "EuchreEditor", "mode_of"]
