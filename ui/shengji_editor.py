"""The Shengji position editor on the :class:`~ui.editor.PositionEditor` base: your hand, the lead and (to judge a
throw) the other hands posed by clicking; what must be played, rung by rung (the ladder); every distinct legal play;
the verdict on any play; whether a throw stands; who wins the trick.

A position is the JSON ``python -m engine legal shengji`` reads: ``preset``, ``options`` (``decks``,
``turn_order``, ``failed_throw_part``), ``trump_rank``, ``trump_suit`` (null: no trump), ``hand``, ``table`` (the
cards led; ``lead`` is read too) and ``others`` (the other hands by seat). You are North.

The trick of "Who wins the trick" is built from the position: the lead, your play and the later plays posed there;
it is forgotten as soon as the position or your play changes (never a trick left from another position).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

import streamlit as st

from engine.base import Verdict
from engine.cards import Card, Rank, Suit, format_cards
from engine.contract import SomeGame
from engine.errors import CardTableError
from engine.i18n import DEFAULT_LANGUAGE, N_, language, number
from engine.i18n import gettext as _
from engine.shengji import (
    GAME,
    RANKS,
    CardsRequest,
    CheckRequest,
    FailedThrowPart,
    LegalRequest,
    RequirementInfo,
    ShengjiDealRequest,
    ShengjiLegalAnswer,
    ThrowRequest,
    TurnOrder,
    WinnerRequest,
    check_command,
    classify_cards,
    deal_command,
    legal,
    read_position,
    throw,
    trump_for,
    winner,
)
from engine.words import capitalise, seat_name
from ui.card_hand import Action, CardGroup, Highlight, deck_picker, show_cards, suit_groups
from ui.editor import LIST_LIMIT, Example, Part, Plays, PositionEditor, sentence, signature, translated
from ui.editor_values import examples_of
from ui.language import in_session_language
from ui.widgets import keep_values, plain, show_error

NO_TRUMP = "none"
SUITS = ("S", "H", "D", "C", NO_TRUMP)
SUIT_LABELS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", NO_TRUMP: N_("No trump")}
WINNING = Highlight(N_("winning the trick"), "#15803d", "♛")  # a crown, not "W", which reads as West
def rule_options() -> dict[str, dict[str, str]]:
    """The rule options the editor sets besides the decks: option name → words for each value, in the current
    language (worked out when drawn: the labels are translated when read)."""
    return {
        "turn_order": {t.value: t.label[:1].upper() + t.label[1:] for t in TurnOrder},
        "failed_throw_part": {p.value: p.label[:1].upper() + p.label[1:] for p in FailedThrowPart},
    }

def _seat(seat: str) -> str:
    """A seat as the editor writes it: its letter in English ("W's hand"), its name in another language."""
    return seat if language() == DEFAULT_LANGUAGE else seat_name(seat)


def _option_words(word: str) -> str:
    """An option value's label (capitalised) in the current language."""
    shown = translated(word)
    return shown if shown != word else capitalise(translated(word[:1].lower() + word[1:]))


class ShengjiEditor(PositionEditor[LegalRequest]):
    """Shengji / Tractor: follow the lead's shape as far as the hand allows (the ladder), throws, tricks."""

    key = GAME.key
    title = N_("Shengji — Position editor")
    intro = N_("You are North. Pose your hand and the cards led; the engine says what you must play and judges any "
               "play.")
    examples: ClassVar[Mapping[str, Example]] = examples_of(GAME.key, GAME.editor_command)

    @property
    def game(self) -> SomeGame:
        return GAME


    def _initial(self) -> dict[str, Any]:
        data = super()._initial()
        first = next(iter(self.examples.values()))
        self._set_play(tuple(self.deck(data).parse(first.play)))
        self._set_rest(data, first.play, tuple(first.extra.get("trick", ())))
        return data

    def read(self, data: Mapping[str, Any]) -> LegalRequest:
        return read_position(dict(data))

    def write(self, request: LegalRequest) -> dict[str, Any]:
        options = dict(request.options)
        if request.decks is not None:
            options["decks"] = request.decks
        options.setdefault("decks", GAME.rules(request.preset, options).decks)
        suit = request.trump_suit if isinstance(request.trump_suit, Suit) else None
        trump = self._trump(request)
        out: dict[str, Any] = {"preset": request.preset or GAME.default_preset, "options": options,
                               "trump_rank": request.trump_rank.text, "trump_suit": suit.letter if suit else None,
                               "hand": format_cards(trump.sort(request.hand)),
                               "table": format_cards(trump.sort(request.table))}
        if request.others:
            out["others"] = {seat: format_cards(trump.sort(cards)) for seat, cards in request.others.items()}
        if request.leader != "N":
            out["leader"] = request.leader
        return out

    def _rules(self, request: LegalRequest) -> Any:
        options = dict(request.options)
        if request.decks is not None:
            options["decks"] = request.decks
        return GAME.rules(request.preset, options)

    def _trump(self, request: LegalRequest) -> Any:
        suit = request.trump_suit if isinstance(request.trump_suit, Suit) else None
        return trump_for(self._rules(request), request.trump_rank, suit)

    def _seats(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        try:
            return tuple(GAME.rules(data.get("preset"), data.get("options") or None).seats)
        except (CardTableError, TypeError):
            return ("N", "W", "S", "E")

    def parts(self, data: Mapping[str, Any]) -> tuple[Part, ...]:
        others = tuple(Part(f"others.{seat}", _("{seat}'s hand").format(seat=_seat(seat)),
                            use=_("Use as {seat}'s hand").format(seat=_seat(seat)),
                            help=_("Optional: {seat}'s cards, to judge whether a throw you lead stands.").format(
                                seat=_seat(seat)))
                       for seat in self._seats(data)[1:])
        return (Part("hand", N_("Your hand"), help=N_("Your cards (you are North).")),
                Part("table", N_("The lead"), use=N_("Use as the lead"),
                     help=N_("The cards led to this trick by the player before you. Leave it empty when you lead.")),
                *others)

    def hand_of(self, request: LegalRequest) -> tuple[Card, ...]:
        return tuple(request.hand)

    def order(self, request: LegalRequest, cards: Sequence[Card]) -> list[Card]:
        return list(self._trump(request).sort(cards))

    def fallback_groups(self, request: LegalRequest, cards: Sequence[Card]) -> list[CardGroup]:
        trump = self._trump(request)
        return suit_groups(trump.sort(cards), is_trump=trump.is_trump)

    def _fields(self, request: LegalRequest) -> dict[str, Any]:
        return {"preset": request.preset, "options": request.options, "decks": request.decks,
                "trump_rank": request.trump_rank, "trump_suit": request.trump_suit, "hand": request.hand,
                "table": request.table, "others": request.others, "leader": request.leader}

    def analyse(self, request: LegalRequest) -> Plays:
        answer = legal(LegalRequest(**self._fields(request), limit=LIST_LIMIT))
        play, what, points = _("Play"), _("What it is"), _("Points")
        rows = tuple({play: " ".join(c.symbol_text for c in p.cards), what: p.what, points: p.points}
                     for p in answer.plays)
        return Plays(plays=tuple(p.cards for p in answer.plays), rows=rows, count=answer.count,
                     exact=answer.count_exact, can_pass=False, playable=frozenset(answer.playable),
                     summary=answer.summary, answer=answer)

    def why_not(self, request: LegalRequest, plays: Plays, card: Card) -> str:
        return _("no legal play uses it. {summary}").format(summary=plays.summary)

    def judge(self, request: LegalRequest, play: tuple[Card, ...] | None) -> Verdict:
        verdict = check_command(CheckRequest(**self._fields(request), play="pass" if play is None else tuple(play)))
        return Verdict(verdict.legal, verdict.reason)

    # ---------------------------------------------------------------------------------- the sections

    def details(self, request: LegalRequest, plays: Plays, play: tuple[Card, ...] | None | bool) -> None:
        answer: ShengjiLegalAnswer = plays.answer
        self._ladder(answer.detail)
        if isinstance(play, tuple) and not request.table:
            self._throw(request, play)
        self._trick(request, play)

    def _ladder(self, detail: RequirementInfo) -> None:
        """The requirement as steps: each rung of the ladder, whether the hand meets it, the cards that do."""
        duty = detail.duty.value
        if duty == "lead":
            return
        st.markdown("**" + _("What you must play") + "**")
        if duty in ("void", "all_of_suit"):
            if detail.must:
                st.caption(_("Cards every legal play contains"))
                show_cards(self.k("view:must"), list(detail.must), label=_("Cards every legal play contains"),
                           size="small")
            return
        current = next((i for i, r in enumerate(detail.ladder) if r.current), 0)
        for i, rung in enumerate(detail.ladder):
            left, right = st.columns([2, 3], vertical_alignment="center")
            if i < current:
                badge, note = ":red-badge[✗ " + _("cannot") + "]", _("your hand cannot meet this")
            elif i == current:
                badge, note = ":green-badge[✓ " + _("required") + "]", _("the first rung your hand can meet: you must "
                                                                    "play this")
            else:
                badge, note = ":gray-badge[" + _("weaker") + "]", _("not allowed: a higher rung applies")
            text = f"**{i + 1}. {plain(rung.text)}**" if i == current else f":gray[{i + 1}. {plain(rung.text)}]"
            left.markdown(f"{badge} {text}  \n:small[:gray[{note}]]")
            example = rung.example or (detail.holding if i == current and rung.met else ())
            if example:
                with right:
                    show_cards(self.k(f"view:rung:{i}"), list(example),
                               label=_("Rung {number}: your cards").format(number=number(i + 1)),
                               size="small")
        for choice in detail.choices:
            units = " · ".join(" ".join(c.symbol_text for c in u) for u in choice.units)
            st.markdown(_("All your {things}: {cards}").format(things=plain(choice.label), cards=plain(units)))

    def _throw(self, request: LegalRequest, play: tuple[Card, ...]) -> None:
        """When you lead several combinations of one suit at once (a throw): does it stand against the others?"""
        try:
            kind = classify_cards(CardsRequest(preset=request.preset, options=request.options, decks=request.decks,
                                               trump_rank=request.trump_rank, trump_suit=request.trump_suit,
                                               cards=play)).kind
        except CardTableError:
            return
        if kind != "throw":
            return
        if not request.others:
            st.caption(_("This is a throw: pose the other hands (W, S, E above) to judge whether it stands."))
            return
        try:
            answer = throw(ThrowRequest(**{**self._fields(request), "table": ()}, play=play))
        except CardTableError as error:
            show_error(error)
            return
        if answer.stands:
            return  # the verdict above says so, and why
        st.markdown("**" + _("Why the throw fails") + "**")
        if answer.choices:
            cost = ", ".join(_("{points} points if {cards} is led").format(
                points=number(c.penalty), cards=" ".join(x.symbol_text for x in c.cards))
                for c in answer.choices if c.penalty)
        else:
            cost = _("{points} points").format(points=number(answer.penalty)) if answer.penalty else ""
        part, beaten, by = _("Part"), _("Beaten by"), _("With")
        st.dataframe([{part: " ".join(c.symbol_text for c in b.part), beaten: _seat(b.seat),
                       by: " ".join(c.symbol_text for c in b.by)} for b in answer.beaten],
                     hide_index=True, key=self.k("throw:beaten"))
        if cost:
            st.caption(_("Penalty for the cards taken back: {cost}.").format(cost=plain(cost)))

    # ---------------------------------------------------------------------------------- who wins the trick

    def _trick_order(self, data: Mapping[str, Any], leading: bool) -> tuple[str, ...]:
        """The seats of the trick in turn order: you (North) first when you lead, else the player before you."""
        seats = self._seats(data)
        return seats if leading else (seats[-1], *seats[:-1])

    def _rest_key(self, data: Mapping[str, Any], play: str) -> str:
        return signature({"position": dict(data), "play": play})

    def _set_rest(self, data: Mapping[str, Any], play: str, trick: Sequence[str]) -> None:
        """Remember the later plays of an example's trick (``trick``: every play, the lead first)."""
        leading = not self.get(data, "table")
        order = self._trick_order(data, leading)
        later = order[1:] if leading else order[2:]
        given = list(trick[1:] if leading else trick[2:])
        rest = {seat: cards for seat, cards in zip(later, given, strict=False) if cards}
        st.session_state[self.k("rest")] = (self._rest_key(data, play), rest)

    def _rest(self, data: Mapping[str, Any], play: str) -> dict[str, str]:
        stored = st.session_state.get(self.k("rest"))
        if stored and stored[0] == self._rest_key(data, play):
            return dict(stored[1])
        return {}

    def on_example(self, example: Example) -> None:
        self._set_rest(self.position, example.play and format_cards(self.deck(self.position).parse(example.play)),
                       tuple(example.extra.get("trick", ())))

    def _trick(self, request: LegalRequest, play: tuple[Card, ...] | None | bool) -> None:
        """Who wins the trick made of the lead, your play and the later plays posed here."""
        st.markdown("**" + _("Who wins the trick") + "**")
        data = self.position
        if not isinstance(play, tuple):
            st.caption(_("Check a play from your hand to see who wins the trick with it."))
            return
        if not self.judge(request, play).legal:
            st.caption(_("Choose a legal play to see who wins the trick with it."))
            return
        play_text = format_cards(play)
        leading = not request.table
        order = self._trick_order(data, leading)
        rest = self._rest(data, play_text)
        plays: list[tuple[str, tuple[Card, ...]]] = []
        if not leading:
            plays.append((order[0], tuple(request.table)))
        plays.append(("N", play))
        deck = self.deck(data)
        later = order[1:] if leading else order[2:]
        for seat in later:
            if seat not in rest:
                break
            plays.append((seat, tuple(deck.parse(rest[seat]))))
        try:
            answer = winner(WinnerRequest(preset=request.preset, options=request.options, decks=request.decks,
                                          trump_rank=request.trump_rank, trump_suit=request.trump_suit,
                                          plays=tuple(p for _, p in plays), leader=order[0]))
        except CardTableError as error:
            show_error(error)
            answer = None
        if answer is not None:
            cols = st.columns(4)
            for i, ((seat, cards), col) in enumerate(zip(plays, cols, strict=False)):
                with col:
                    role = answer.roles[i] if i < len(answer.roles) else ""
                    who = _("{seat} (you)").format(seat=_seat(seat)) if seat == "N" else _seat(seat)
                    st.caption(plain(f"{who}: {role}"))
                    show_cards(self.k(f"view:trick:{i}"), self.order(request, cards),
                               label=_("{seat}'s play").format(seat=_seat(seat)),
                               highlight={j: WINNING for j in range(len(cards))} if i == answer.winner else None,
                               size="small")
            whole = _("The trick") if len(plays) == 4 else _("So far ({count} of 4 plays)").format(
                count=number(len(plays)))
            st.success(_("{whole}: {reason} Points in it: {points}.").format(
                whole=whole, reason=plain(answer.reason), points=number(answer.points)),
                       icon=":material/emoji_events:")
        missing = [seat for seat in later if seat not in rest]
        if missing:
            self._pose_later(data, play_text, missing[0], rest,
                             [c for _, p in plays for c in p], tuple(request.hand))

    def _pose_later(self, data: Mapping[str, Any], play: str, seat: str, rest: dict[str, str],
                    taken: list[Card], hand: tuple[Card, ...]) -> None:
        """A deck to pose the next player's play of the trick (their cards are the deck's, less those seen)."""
        deck = self.deck(data)
        with st.expander(_("Finish the trick: {seat} plays next").format(seat=_seat(seat)),
                         icon=":material/add_circle:"):
            def use(event: Any) -> None:
                if event.cards:
                    st.session_state[self.k("rest")] = (self._rest_key(self.position, play),
                                                        {**rest, seat: format_cards(event.cards)})

            deck_picker(self.k(f"pick:later:{seat}"), deck,
                        actions=(Action("set", _("Use as {seat}'s play").format(seat=_seat(seat)), min_chosen=1,
                                        primary=True),),
                        label=_("Deck for {seat}'s play").format(seat=_seat(seat)), taken=[*taken, *hand],
                        size="small", on_action=use)
            st.caption(_("Click {seat}'s cards, then “Use as {seat}'s play”. The trick is forgotten when the "
                         "position or your play changes.").format(seat=_seat(seat)))

    # ---------------------------------------------------------------------------------- the game's widgets

    def setup(self, data: Mapping[str, Any]) -> None:
        options = dict(data.get("options") or {})
        try:
            rules = GAME.rules(data.get("preset"), options or None)
        except (CardTableError, TypeError):
            rules = GAME.rules()
        specs = {s.name: s for s in GAME.option_specs()}
        cols = st.columns([1.3, 0.9, 2.5], vertical_alignment="bottom")
        with cols[0]:
            self.control(st.segmented_control, "decks", _("Decks"), rules.decks,
                         lambda d, v: self._option(d, "decks", v), options=[1, 2, 3, 4], required=True,
                         help=sentence(translated(specs["decks"].help)))
        rank = str(data.get("trump_rank") or "2")
        with cols[1]:
            self.control(st.selectbox, "rank", _("Trump rank"), rank if rank in [r.text for r in RANKS] else "2",
                         lambda d, v: {**d, "trump_rank": v}, options=[r.text for r in RANKS],
                         help=_("The bankers' level."))
        suit = data.get("trump_suit") or NO_TRUMP
        with cols[2]:
            suit_words = {key: translated(label) for key, label in SUIT_LABELS.items()}
            self.control(st.segmented_control, "suit", _("Trump suit"), suit if suit in SUITS else NO_TRUMP,
                         lambda d, v: {**d, "trump_suit": None if v == NO_TRUMP else v}, options=list(SUITS),
                         format_func=suit_words.__getitem__, required=True,
                         help=_("No trump: a pair of jokers was declared."))
        cols = st.columns([0.9, 1.7, 1.3], vertical_alignment="bottom")
        keep_values({self.k("w:seed"): 1})
        cols[0].number_input(_("Seed"), min_value=0, max_value=2**31 - 1, step=1, key=self.k("w:seed"))
        cols[1].button(_("Deal four hands from this seed"), key=self.k("deal"), icon=":material/casino:",
                       on_click=in_session_language(self._deal), width="stretch",
                       help=_("You are N and lead; the other seats get the other hands (to judge throws)."))
        with cols[2], st.popover(_("Rule options"), icon=":material/tune:", width="stretch"):
            for name, words in rule_options().items():
                value = str(getattr(getattr(rules, name), "value", getattr(rules, name)))
                shown = {key: _option_words(word) for key, word in words.items()}
                self.control(st.radio, f"option:{name}", translated(specs[name].label), value,
                             partial(self._set_option, name), options=list(words),
                             format_func=shown.__getitem__, help=translated(specs[name].help))
        st.caption(_("Turn order {seats}. Trumps: {trumps}.").format(
            seats=" → ".join(_seat(seat) for seat in rules.seats), trumps=plain(self._trump_words(data))))

    def _trump_words(self, data: Mapping[str, Any]) -> str:
        try:
            request = self.read({**data, "hand": "", "table": "", "others": {}})
            return str(self._trump(request).label)
        except CardTableError:
            return "—"

    def _set_option(self, name: str, data: dict[str, Any], value: Any) -> dict[str, Any]:
        return self._option(data, name, value)

    def _option(self, data: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
        options = dict(data.get("options") or {})
        default = getattr(GAME.rules(data.get("preset") if data.get("preset") in GAME.presets else None), name)
        if name != "decks" and value == str(getattr(default, "value", default)):
            options.pop(name, None)
        else:
            options[name] = value
        out = {**data, "options": options}
        if name == "turn_order":
            out.pop("others", None)  # the seats after you change; their hands are posed again
        return out

    def _deal(self) -> None:
        data = self.position
        seed = int(st.session_state.get(self.k("w:seed"), 1))
        suit = data.get("trump_suit")
        try:
            dealt = deal_command(ShengjiDealRequest(
                preset=data.get("preset"), options=data.get("options") or {}, seed=seed,
                trump_rank=Rank.parse(str(data.get("trump_rank") or "2")),
                trump_suit=Suit.parse(suit) if suit else None))
        except CardTableError as error:
            self.say("error", _("No deal was made: {problem}. Change the options or the seed, then deal again.").format(
                problem=error))
            return
        others = {seat: format_cards(cards) for seat, cards in dealt.hands.items() if seat != "N"}
        self.change({**data, "hand": format_cards(dealt.hands["N"]), "table": "", "others": others})
        self._set_play(False)
        st.session_state[self.k("w:seed")] = seed + 1
        self.say("info", _("The four hands of deal {seed}: yours is North's, and you lead.").format(seed=seed))


__all__ = ["SUIT_LABELS", "SUITS", "ShengjiEditor", "rule_options"]
