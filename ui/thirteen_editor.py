"""The Thirteen position editor on the :class:`~ui.editor.PositionEditor` base: your hand and the combination on
the table posed by clicking, every legal play grouped by kind, the verdict on any play or the pass.

A position is the JSON ``python -m engine legal thirteen`` reads: ``preset``, ``options`` (``players``,
``twos_in_double_sequences``), ``hand``, ``table`` (``previous`` is read too), ``passed``, ``first_lead``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import streamlit as st

from engine.base import Verdict
from engine.cards import Card
from engine.commands import MAX_PLAYS, DealRequest, field_help
from engine.contract import SomeGame
from engine.errors import CardTableError
from engine.i18n import N_, number, pgettext
from engine.i18n import gettext as _
from engine.thirteen import (
    GAME,
    CheckRequest,
    Kind,
    LegalRequest,
    check_command,
    deal_command,
    game_sorted,
    legal_command,
    read_position,
)
from engine.thirteen.deal import HAND_SIZE
from ui.editor import LIST_LIMIT, Example, Part, Plays, PositionEditor, full_stop, sentence, translated
from ui.editor_values import examples_of

TWOS = "twos_in_double_sequences"
KIND_TITLES = {Kind.SINGLE.key: "single", Kind.PAIR.key: "pair", Kind.TRIPLE.key: "three of a kind",
               Kind.QUAD.key: "four of a kind", Kind.SEQUENCE.key: "sequence",
               Kind.DOUBLE_SEQUENCE.key: "double sequence"}


class ThirteenEditor(PositionEditor[LegalRequest]):
    """Thirteen (Tiến lên): beat the combination on the table, or pass."""

    key = GAME.key
    title = N_("Thirteen — Position editor")
    intro = N_("Pose your hand and the combination on the table; the engine lists every legal play and judges any "
               "play.")
    examples: ClassVar[Mapping[str, Example]] = examples_of(GAME.key, GAME.editor_command)

    @property
    def game(self) -> SomeGame:
        return GAME


    def read(self, data: Mapping[str, Any]) -> LegalRequest:
        return read_position(dict(data))  # a position that cannot occur is refused with the engine's reason

    def write(self, request: LegalRequest) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": request.preset or GAME.default_preset}
        if request.options:
            out["options"] = dict(request.options)
        out.update(hand=" ".join(c.text for c in game_sorted(request.hand)),
                   table=" ".join(c.text for c in game_sorted(request.table)),
                   passed=request.passed, first_lead=request.first_lead)
        return out

    def parts(self, data: Mapping[str, Any]) -> tuple[Part, ...]:
        return (Part("hand", N_("Your hand"), most=HAND_SIZE, help=_("Up to {count} cards.").format(
                    count=number(HAND_SIZE))),
                Part("table", N_("The table"), use=N_("Use as the combination to beat"),
                     help=N_("The combination to beat. Leave it empty when you lead (the table has just been "
                             "cleared).")))

    def order(self, request: LegalRequest, cards: Sequence[Card]) -> list[Card]:
        return game_sorted(cards)

    def hand_of(self, request: LegalRequest) -> tuple[Card, ...]:
        return tuple(request.hand)

    def analyse(self, request: LegalRequest) -> Plays:
        answer = legal_command(LegalRequest(preset=request.preset, options=request.options, hand=request.hand,
                                            table=request.table, passed=request.passed,
                                            first_lead=request.first_lead, limit=MAX_PLAYS))
        listed = answer.plays[:LIST_LIMIT]
        columns = _("Play"), _("What it is"), _("Bomb")
        chops, bomb = "💣 " + _("chops the table"), "💣 " + pgettext("a kind of play", "bomb")
        rows = tuple({columns[0]: p.symbols, columns[1]: p.name,
                      columns[2]: chops if p.chop else bomb if p.bomb else ""} for p in listed)
        summary = answer.summary
        return Plays(plays=tuple(p.cards for p in listed), rows=rows, count=answer.count, exact=True,
                     can_pass=answer.can_pass, playable=frozenset(c for p in answer.plays for c in p.cards),
                     summary=summary, answer=answer)

    def judge(self, request: LegalRequest, play: tuple[Card, ...] | None) -> Verdict:
        verdict = check_command(CheckRequest(preset=request.preset, options=request.options, hand=request.hand,
                                             table=request.table, passed=request.passed,
                                             first_lead=request.first_lead,
                                             play="pass" if play is None else tuple(play)))
        return Verdict(verdict.legal, verdict.reason)

    # ---------------------------------------------------------------------------------- the game's widgets

    def setup(self, data: Mapping[str, Any]) -> None:
        options = dict(data.get("options") or {})
        try:
            rules = GAME.rules(data.get("preset"), options or None)
            players, twos = rules.players, rules.twos_in_double_sequences
        except (CardTableError, TypeError):
            players, twos = 4, False
        base = GAME.rules(data.get("preset") if data.get("preset") in GAME.presets else None)
        specs = {s.name: s for s in GAME.option_specs()}
        cols = st.columns([1, 1, 1.2], vertical_alignment="center")
        with cols[0]:
            self.control(st.segmented_control, "players", _("Players"), players,
                         lambda d, v: self.put_option(d, "players", v, base.players), options=[2, 3, 4],
                         required=True, help=sentence(translated(specs["players"].help)))
        with cols[1]:
            self.control(st.toggle, "passed", _("I passed (locked out)"), bool(data.get("passed")),
                         lambda d, v: {**d, "passed": bool(v)},
                         help=sentence(field_help(LegalRequest, "passed")))
            self.control(st.toggle, "first", _("First play of the game"), bool(data.get("first_lead")),
                         lambda d, v: {**d, "first_lead": bool(v)},
                         help=sentence(field_help(LegalRequest, "first_lead")))
        spec = specs[TWOS]
        with cols[2]:
            self.control(st.toggle, "twos", _("House rule: 2s in double sequences"),
                         twos, lambda d, v: self.put_option(d, TWOS, bool(v), base.twos_in_double_sequences),
                         help=f"{translated(spec.label)}: {translated(spec.help)}{full_stop()}")
        self.deal_row(_("Deal a hand from this seed"), _("North's hand of the seeded deal; you lead."), self._deal,
                      self._clear_table)

    def _clear_table(self) -> None:
        self.change({**self.position, "table": "", "passed": False})

    def _deal(self) -> None:
        data = self.position
        found = self.seeded_deal(lambda seed: deal_command(DealRequest(preset=data.get("preset"), seed=seed,
                                                                        options=data.get("options") or {})))
        if found is None:
            return
        seed, dealt = found
        self.take_deal({**data, "hand": " ".join(c.text for c in game_sorted(dealt.hands["N"])), "table": "",
                        "passed": False, "first_lead": dealt.first == "N"}, seed,
                       _("North's hand of deal {seed}. {reason}").format(seed=seed, reason=dealt.first_reason))
