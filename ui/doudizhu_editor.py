"""The Dou Dizhu position editor on the :class:`~ui.editor.PositionEditor` base: your hand and the play to beat
posed by clicking ranks, every legal play grouped by type, the verdict on any play or the pass.

A position is the JSON ``python -m engine legal doudizhu`` reads: ``preset`` (``three_player`` or
``four_player``), ``options`` (house rules), ``hand``, ``table`` (``previous`` and ``lead`` are read too) and
``table_as`` (the type the play to beat counts as, when its cards read two ways).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

import streamlit as st

from engine.base import Verdict
from engine.cards import Card, format_cards
from engine.commands import MAX_PLAYS, DealRequest
from engine.contract import SomeGame
from engine.doudizhu import (
    GAME,
    CheckRequest,
    ClassifyRequest,
    ComboInfo,
    LegalRequest,
    check_command,
    classify_command,
    deal_command,
    legal_command,
    read_position,
    sort_ranks,
)
from engine.errors import CardTableError
from engine.i18n import N_, number
from engine.i18n import gettext as _
from ui.editor import LIST_LIMIT, Example, Part, Plays, PositionEditor, translated
from ui.editor_values import examples_of

HOUSE_RULES = ("distinct_kickers", "jokers_as_kickers", "quadplex")
"""The rule options the editor offers as toggles (the player count, from the preset, fixes some of them)."""


def _cards_text(cards: Sequence[Card]) -> str:
    return format_cards(sort_ranks(cards))


class DouDizhuEditor(PositionEditor[LegalRequest]):
    """Dou Dizhu: beat the play on the table with a higher one of the same type, a bomb or the rocket, or pass."""

    key = GAME.key
    title = N_("Dou Dizhu — Position editor")
    intro = N_("Suits do not matter: pose ranks. The engine lists every legal play and judges any play.")
    examples: ClassVar[Mapping[str, Example]] = examples_of(GAME.key, GAME.editor_command)

    @property
    def game(self) -> SomeGame:
        return GAME


    def read(self, data: Mapping[str, Any]) -> LegalRequest:
        return read_position(dict(data))

    def write(self, request: LegalRequest) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": request.preset or GAME.default_preset}
        if request.options:
            out["options"] = dict(request.options)
        table = () if isinstance(request.table, str) else request.table
        out.update(hand=_cards_text(request.hand), table=_cards_text(table))
        if request.table_as is not None and table:
            out["table_as"] = request.table_as.value
        return out

    def _rules(self, data: Mapping[str, Any]) -> Any:
        try:
            return GAME.rules(data.get("preset"), data.get("options") or None)
        except (CardTableError, TypeError):
            return GAME.rules(data.get("preset") if data.get("preset") in GAME.presets else None)

    def parts(self, data: Mapping[str, Any]) -> tuple[Part, ...]:
        rules = self._rules(data)
        return (Part("hand", N_("Your hand"), most=rules.max_hand,
                     help=_("Up to {most} cards: {dealt} dealt, {kitty} more for the landlord. A rank holds as many "
                            "copies as the decks.").format(most=number(rules.max_hand), dealt=number(rules.hand_size),
                                                          kitty=number(rules.kitty))),
                Part("table", N_("The play to beat"), use=N_("Use as the play to beat"),
                     help=N_("The last play on the table. Leave it empty when you lead.")))

    def order(self, request: LegalRequest, cards: Sequence[Card]) -> list[Card]:
        return list(sort_ranks(cards))

    def hand_of(self, request: LegalRequest) -> tuple[Card, ...]:
        return tuple(request.hand)

    def table_of(self, request: LegalRequest) -> tuple[Card, ...]:
        return () if isinstance(request.table, str) else tuple(request.table)

    def analyse(self, request: LegalRequest) -> Plays:
        answer = legal_command(LegalRequest(preset=request.preset, options=request.options, hand=request.hand,
                                            table=request.table, table_as=request.table_as, limit=MAX_PLAYS))
        listed = answer.plays[:LIST_LIMIT]
        play, what = _("Play"), _("What it is")
        rows = tuple({play: " ".join(c.symbol_text for c in p.cards), what: p.description} for p in listed)
        summary = answer.summary
        return Plays(plays=tuple(p.cards for p in listed), rows=rows, count=answer.count, exact=True,
                     can_pass=answer.can_pass, playable=frozenset(c for p in answer.plays for c in p.cards),
                     summary=summary, answer=answer)

    def judge(self, request: LegalRequest, play: tuple[Card, ...] | None) -> Verdict:
        verdict = check_command(CheckRequest(preset=request.preset, options=request.options, hand=request.hand,
                                             table=request.table, table_as=request.table_as,
                                             play="pass" if play is None else tuple(play)))
        return Verdict(verdict.legal, verdict.reason)

    def situation(self, request: LegalRequest, plays: Plays) -> None:
        super().situation(request, plays)
        table = self.table_of(request)
        if not table:
            return
        try:
            readings: tuple[ComboInfo, ...] = classify_command(
                ClassifyRequest(preset=request.preset, options=request.options, cards=table)).readings
        except CardTableError:
            readings = ()
        if len(readings) < 2:
            return
        kinds = [r.combo.value for r in readings]
        chosen = request.table_as.value if request.table_as is not None else kinds[0]
        words = {r.combo.value: r.description for r in readings}
        self.control(st.radio, "reading", _("These cards read several ways: which did the player claim?"),
                     chosen if chosen in kinds else kinds[0], lambda d, v: {**d, "table_as": v}, options=kinds,
                     format_func=words.__getitem__)

    # ---------------------------------------------------------------------------------- the game's widgets

    def setup(self, data: Mapping[str, Any]) -> None:
        rules = self._rules(data)
        base = GAME.rules(data.get("preset") if data.get("preset") in GAME.presets else None)
        st.caption(_("{players} players (the sidebar's rules set the player count).").format(
            players=number(rules.players)))
        self.deal_row(_("Deal South's hand"), _("The hand South is dealt with this seed; the table is cleared."),
                      self._deal, self._clear_table)
        st.toggle(_("Deal South the kitty too (as the landlord)"), key=self.k("w:kitty"),
                  help=_("The landlord takes the kitty: a hand of {cards} cards with {players} players.").format(
                      cards=number(rules.max_hand), players=number(rules.players)))
        specs = {s.name: s for s in GAME.option_specs()}
        cols = st.columns(len(HOUSE_RULES))
        for col, name in zip(cols, HOUSE_RULES, strict=True):
            fixed = name in rules.fixed_options
            spec = specs[name]
            with col:
                fixed_note = " " + _("(fixed with {players} players)").format(players=number(rules.players))
                self.control(st.toggle, f"option:{name}", translated(spec.label), bool(getattr(rules, name)),
                             partial(self._set_option, name, bool(getattr(base, name))), disabled=fixed,
                             help=translated(spec.help) + (fixed_note if fixed else ""))

    def _set_option(self, name: str, default: bool, data: dict[str, Any], value: Any) -> dict[str, Any]:
        return self.put_option(data, name, bool(value), default)

    def _clear_table(self) -> None:
        data = self.position
        data.pop("table_as", None)
        self.change({**data, "table": ""})

    def _deal(self) -> None:
        data = self.position
        found = self.seeded_deal(lambda seed: deal_command(DealRequest(preset=data.get("preset"), seed=seed,
                                                                        options=data.get("options") or {})))
        if found is None:
            return
        seed, dealt = found
        kitty = bool(st.session_state.get(self.k("w:kitty")))
        hand = dealt.hands["S"] + (dealt.kitty if kitty else ())
        data.pop("table_as", None)
        self.take_deal({**data, "hand": _cards_text(hand), "table": ""}, seed,
                       (_("South's hand of deal {seed} with the kitty; you lead.") if kitty else
                        _("South's hand of deal {seed}; you lead.")).format(seed=seed))


__all__ = ["HOUSE_RULES", "DouDizhuEditor"]
