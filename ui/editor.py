"""One position editor for every game: :class:`PositionEditor`, subclassed per game in ``ui/<game>_editor.py``.

Every editor behaves the same way:

- **The rules** come from the sidebar preset (:func:`ui.nav.current_preset`). The posed position is kept in the
  session as the JSON the command line reads (``python -m engine legal <game> '…'``), its preset with it: it
  survives a visit to another page, and coming back sets the sidebar to the position's rules. Changing the sidebar
  on the editor judges the position under the new rules.
- **Loading**: a link (``?pos=…``; a damaged one is refused with a message and the page stays usable), a JSON file
  or pasted JSON (older field names such as ``lead``, ``previous`` and ``trick`` are read by the game's own decoder),
  or an example in one click. A position that cannot occur is refused with the engine's reason.
- **Saving**: Download (disabled, with the reason, while the position is impossible) and "Put it in the link".
- **Cards are posed by clicking** a deck (:func:`ui.card_hand.deck_picker`, the deck's copy limits, the cards of
  the other parts of the position counted as taken); a text box takes notation for people who type.
- **The play to judge** is chosen by clicking cards of the posed hand (it never leaves the hand); cards no legal
  play uses are greyed, and clicking one says why. The verdict comes with the engine's reason; every legal play is
  listed (the first :data:`LIST_LIMIT` when there are more).
- **The coach** ("What should I play?"): on a button, :func:`engine.advisor.advise` ranks the options, drawn as a
  plotly bar chart with 95 % intervals, with the reasons for the best option and for the learner's.

Messages that quote input are shown as plain text (:func:`ui.widgets.plain`).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import streamlit as st

from engine.base import Verdict
from engine.cards import Card, Deck, format_cards
from engine.contract import Game, SomeGame, rules_json
from engine.errors import CardTableError, InvalidRequestError
from engine.i18n import N_, number
from engine.i18n import gettext as _
from ui.card_hand import Action, CardGroup, HandEvent, card_hand, deck_picker, show_cards
from ui.coach_view import (
    COACH_SHOWN,
    PASS_ACTION,
    amount,
    best_reason,
    coach_chart,
    coach_panel,
    full_stop,
    option_reason,
    sentence,
    symbols,
    value_words,
)
from ui.editor_files import MAX_LINK, PositionFiles, contains, upload_text
from ui.editor_values import Example, Part, Plays
from ui.language import in_session_language
from ui.nav import current_preset, set_preset
from ui.share import signature
from ui.widgets import flashes, keep_values, plain, show_error

__all__ = [
    "COACH_SHOWN",
    "LIST_LIMIT",
    "MAX_LINK",
    "Example",
    "Part",
    "Plays",
    "PositionEditor",
    "amount",
    "best_reason",
    "coach_chart",
    "contains",
    "full_stop",
    "option_reason",
    "sentence",
    "signature",
    "translated",
    "upload_text",
    "value_words",
]

R = TypeVar("R")
T = TypeVar("T")

LIST_LIMIT = 200
"""The most legal plays listed (the count is always given)."""
CHECK_ACTION = "check"
SEED_WIDGET = "w:seed"
"""The name (under :meth:`PositionEditor.k`) of the Seed box that :meth:`PositionEditor.deal_row` draws."""


def translated(text: str) -> str:
    """``text`` (a string marked with ``N_`` or an engine's label) in the current language; "" stays "" (the
    catalogs' header is the translation of "")."""
    return _(text) if text else text


def _lower_first(text: str) -> str:
    """``text`` with its first letter lower case (a label inside a sentence: "Deck for your hand")."""
    return text[:1].lower() + text[1:]


def _indices(flat: Sequence[Card], play: Sequence[Card]) -> list[int]:
    """The positions of the first copies of ``play``'s cards in ``flat``."""
    taken: set[int] = set()
    for card in play:
        i = next((i for i, c in enumerate(flat) if c == card and i not in taken), None)
        if i is not None:
            taken.add(i)
    return sorted(taken)


# ------------------------------------------------------------------------------------------------ the editor


class PositionEditor(PositionFiles, ABC, Generic[R]):
    """A game's position editor: subclasses say how the game's position is read, written, posed and judged; the
    base draws the page and gives every editor the same behaviour (see the module's docstring).

    ``R`` is the game's typed position (the request its commands take). Subclasses set :attr:`key`, :attr:`title`
    and :attr:`examples` and implement the abstract methods; :meth:`setup`, :meth:`situation`, :meth:`details`
    and :meth:`body` add the game's own widgets and sections.
    """

    key: ClassVar[str]
    """The game's key (``euchre``)."""
    title: ClassVar[str]
    """The page title ("Euchre — Position editor")."""
    intro: ClassVar[str] = ""
    """One sentence under the title: what the editor shows."""
    command: ClassVar[str] = "legal"
    """The command of ``python -m engine`` that reads the saved JSON."""
    examples: ClassVar[Mapping[str, Example]] = {}
    budget: ClassVar[int] = 32
    """The coach's samples per option."""
    check_label: ClassVar[str] = N_("Check this play")
    """The button under the hand that judges the chosen cards (marked with ``N_``: translated when shown)."""
    coach_none: ClassVar[str] = N_("The coach cannot advise on this kind of position yet.")
    """What the Coach panel says when :meth:`coach_request` gives None."""

    # ---------------------------------------------------------------------------------- the game's part

    @property
    @abstractmethod
    def game(self) -> SomeGame:
        """The game (its registered ``GAME``)."""

    @property
    def play_example(self) -> str:
        """An example play in notation, for the text box: the first example's play (the game's data)."""
        return next((e.play for e in self.examples.values() if e.play), "")

    @property
    def passing(self) -> bool:
        """Whether the game has a pass (the hand then offers "Check a pass"): the engine's ``Game.passes``."""
        return self.game.passes

    @property
    def play_size(self) -> int | None:
        """The most cards a play holds, or None: the engine's ``Game.play_size``."""
        return self.game.play_size

    def default_position(self) -> dict[str, Any]:
        """The position shown before any other is posed (its JSON, without a preset): the first example's."""
        return dict(next(iter(self.examples.values())).position)

    @abstractmethod
    def read(self, data: Mapping[str, Any]) -> R:
        """The typed position of a JSON object; CardTableError naming what is wrong."""

    @abstractmethod
    def write(self, request: R) -> dict[str, Any]:
        """The JSON of a typed position (canonical field names; what the command line reads)."""

    @abstractmethod
    def parts(self, data: Mapping[str, Any]) -> tuple[Part, ...]:
        """The parts of the position posed with cards, in the order they are offered."""

    @abstractmethod
    def analyse(self, request: R) -> Plays:
        """The legal plays (at most :data:`LIST_LIMIT` listed); CardTableError if the position cannot occur."""

    @abstractmethod
    def judge(self, request: R, play: tuple[Card, ...] | None) -> Verdict:
        """The engine's verdict on ``play`` (None: the pass) in the position."""

    @abstractmethod
    def hand_of(self, request: R) -> tuple[Card, ...]:
        """The hand of the player to act."""

    def table_of(self, request: R) -> tuple[Card, ...]:
        """The cards on the table (to beat or follow); empty when the player leads."""
        return tuple(getattr(request, "table", ()) or ())

    def order(self, request: R, cards: Sequence[Card]) -> list[Card]:
        """Cards in the game's order for showing (by default as given)."""
        return list(cards)

    def fallback_groups(self, request: R, cards: Sequence[Card]) -> list[CardGroup]:
        """The hand's groups for drawing when the game gives no ``hand_groups`` for posed positions."""
        return [CardGroup("", self.order(request, cards))]

    def why_not(self, request: R, plays: Plays, card: Card) -> str:
        """Why no legal play uses ``card`` (by default the engine's verdict on playing it alone)."""
        verdict = self.judge(request, (card,))
        reason = verdict.reason if not verdict.legal else _("it can be played only together with other cards")
        return _("no legal play uses it: {reason}").format(reason=reason)

    def coach_question(self, request: R) -> str:
        """What the learner asks the coach about this position (the Coach panel's title and button)."""
        return _("What should I play?")

    def coach_pick_hint(self, request: R) -> str:
        """Under the coach's answer while no play is chosen: how to hear what it says of one ("" for nothing)."""
        return _("Choose a play in your hand to see what the coach says of it.")

    def coach_request(self, request: R) -> Any:
        """What ``GAME.position_state`` takes for this position (the game's typed ``legal`` request), or None when
        the coach does not advise on this kind of position."""
        return request

    def deck(self, data: Mapping[str, Any]) -> Deck:
        """The deck of the position's rules (the sidebar preset's when its options cannot be read)."""
        try:
            return self.game.deck(self.game.rules(data.get("preset"), data.get("options") or None))
        except (CardTableError, TypeError):
            return self.game.deck(self.game.rules(current_preset(self.key) or None))

    def setup(self, data: Mapping[str, Any]) -> None:
        """The game's own widgets of the position (trump, leader, players …), drawn with :meth:`control`."""

    def situation(self, request: R, plays: Plays) -> None:
        """Drawn above the hand: the cards on the table and what must be played."""
        table = self.table_of(request)
        if table:
            st.caption(_("On the table"))
            show_cards(self.k("view:table"), self.order(request, table), label=_("On the table"), size="small")
        if plays.summary:
            st.markdown(plain(plays.summary))

    def details(self, request: R, plays: Plays, play: tuple[Card, ...] | None | bool) -> None:
        """Game sections after the verdict (Shengji's ladder, a throw, who wins the trick)."""

    def judge_heading(self, data: Mapping[str, Any]) -> str:
        """The heading of the section under the pose section."""
        return _("Choose a play to judge")

    def on_example(self, example: Example) -> None:
        """Called when ``example`` is loaded (after the position): games load their ``extra`` here."""

    def body(self, data: Mapping[str, Any], request: R, plays: Plays, play: tuple[Card, ...] | None | bool) -> None:
        """Under the pose section, for a valid position: the cards on the table, the hand to choose a play from
        and the verdict. Games with other kinds of positions override this (and :meth:`below`)."""
        self.situation(request, plays)
        self.choose_play(request, plays, play)
        self.verdict(request, play, plays)

    def below(self, data: Mapping[str, Any], request: R, plays: Plays, play: tuple[Card, ...] | None | bool) -> None:
        """Then: the game's details, every legal play, the coach."""
        self.details(request, plays, play)
        self.legal_list(plays)
        self.coach(data, request, play)

    # ---------------------------------------------------------------------------------- keys and state

    def k(self, name: str) -> str:
        """A session key of this editor."""
        return f"editor:{self.key}:{name}"

    @property
    def position(self) -> dict[str, Any]:
        """The posed position's JSON (kept in the session: it survives a visit to another page)."""
        stored = st.session_state.get(self.k("position"))
        if isinstance(stored, dict):
            return dict(stored)
        data = self._initial()
        st.session_state[self.k("position")] = data
        return dict(data)

    def _initial(self) -> dict[str, Any]:
        preset = current_preset(self.key) or self.game.default_preset
        for candidate in (preset, self.game.default_preset):
            data = {"preset": candidate, **self.default_position()}
            try:
                request = self.read(data)
                self.analyse(request)
            except CardTableError:
                continue
            return self.write(request)
        return {"preset": self.game.default_preset, **self.default_position()}

    def change(self, data: Mapping[str, Any]) -> None:
        """Replace the posed position (from a callback or before the widgets that show it). A position the game
        can read is kept in its canonical form (cards in the game's order); one it cannot is kept as it is, so
        that the page shows what is wrong with it."""
        try:
            canonical = self.write(self.read(data))
        except CardTableError:
            canonical = dict(data)
        st.session_state[self.k("position")] = canonical
        for key in [key for key in st.session_state if isinstance(key, str) and key.startswith(self.k("typed:"))]:
            del st.session_state[key]  # a text refused before belongs to the position as it was

    def say(self, kind: str, text: str) -> None:
        """A message shown once at the top of the page (``success``, ``info``, ``warning`` or ``error``)."""
        st.session_state.setdefault(self.k("messages"), []).append((kind, text))

    def get(self, data: Mapping[str, Any], name: str) -> Any:
        """A field of the position JSON by (dotted) name, or None."""
        value: Any = data
        for part in name.split("."):
            value = value.get(part) if isinstance(value, Mapping) else None
        return value

    def put(self, data: Mapping[str, Any], name: str, value: Any) -> dict[str, Any]:
        """The position with field ``name`` (dotted) set; an empty value removes a nested field."""
        out = dict(data)
        head, _, rest = name.partition(".")
        if not rest:
            out[head] = value
            return out
        inner = dict(out.get(head) or {}) if isinstance(out.get(head), Mapping) else {}
        if value in ("", None):
            inner.pop(rest, None)
        else:
            inner[rest] = value
        if inner:
            out[head] = inner
        else:
            out.pop(head, None)
        return out

    def cards(self, data: Mapping[str, Any], name: str, deck: Deck | None = None) -> tuple[Card, ...]:
        """The cards of a part of the position (empty when its text is not notation of the deck)."""
        value = self.get(data, name)
        if isinstance(value, (list, tuple)):
            value = " ".join(str(v) for v in value)
        if not isinstance(value, str):
            return ()
        try:
            return tuple((deck or self.deck(data)).parse(value))
        except CardTableError:
            return ()

    def parse(self, data: Mapping[str, Any], text: str) -> tuple[Card, ...]:
        """Typed cards of the position's deck (copies checked); CardTableError quoting what is wrong."""
        deck = self.deck(data)
        cards = tuple(deck.parse(text))
        deck.check(cards, "in what you typed")
        return cards

    def set_cards(self, data: Mapping[str, Any], name: str, cards: Sequence[Card]) -> dict[str, Any]:
        """The position with the cards of part ``name`` replaced."""
        return self.put(data, name, format_cards(cards))

    def put_option(self, data: Mapping[str, Any], name: str, value: Any, default: Any) -> dict[str, Any]:
        """The position with the rule option ``name`` set to ``value``; an option at its ``default`` is left out of
        ``options``, and an ``options`` left empty is left out of the position."""
        options = dict(data.get("options") or {})
        if value == default:
            options.pop(name, None)
        else:
            options[name] = value
        out = {**data, "options": options}
        if not options:
            out.pop("options")
        return out

    # ---------------------------------------------------------------------------------- the rules

    def _sync_preset(self, fresh: bool) -> None:
        """On a new visit the sidebar takes the position's preset; while on the editor the position takes the
        sidebar's."""
        data = self.position
        sidebar = current_preset(self.key)
        preset = data.get("preset") or self.game.default_preset
        if not sidebar or preset == sidebar:
            return
        if fresh:
            set_preset(self.key, preset)  # reruns at once when the sidebar is drawn already
            return
        changed = {**data, "preset": sidebar}
        self.change(changed)
        try:
            self.analyse(self.read(changed))
        except CardTableError as error:
            title = _(self.game.presets[sidebar].title) if sidebar in self.game.presets else sidebar
            self.say("warning", _("Under {rules} this position cannot occur: {problem}").format(
                rules=title, problem=self.explain(changed, error)))

    def rules_caption(self, data: Mapping[str, Any]) -> str:
        preset = data.get("preset") or self.game.default_preset
        known = self.game.presets.get(preset)
        title = _(known.title) if known is not None else str(preset)
        words = _("Rules: **{rules}** (change them in the sidebar)").format(rules=plain(title[:1].upper() + title[1:]))
        options = data.get("options")
        if isinstance(options, Mapping) and options and known is not None:
            defaults = rules_json(known.rules)
            specs = {s.name: s.label for s in self.game.option_specs()}
            changed = {n: v for n, v in options.items() if defaults.get(str(n), object()) != v}
            if changed:
                said = "; ".join(f"{_(specs[str(n)]) if str(n) in specs else n}: {v}" for n, v in changed.items())
                words += " · " + _("changed in this position: {options}").format(options=plain(said))
        return words + full_stop()

    # ---------------------------------------------------------------------------------- widgets

    def control(self, widget: Callable[..., Any], name: str, label: str, value: Any,
                update: Callable[[dict[str, Any], Any], dict[str, Any]], **kwargs: Any) -> Any:
        """Draw a widget showing ``value`` (a field of the position); a change calls ``update(position, new)``
        and poses what it returns. The widget follows the position, however the position changed."""
        key = self.k(f"w:{name}")
        st.session_state[key] = value
        return widget(label, key=key, on_change=in_session_language(self._on_control), args=(key, update), **kwargs)

    def _on_control(self, key: str, update: Callable[[dict[str, Any], Any], dict[str, Any]]) -> None:
        value = st.session_state.get(key)
        if value is None:
            return
        self.change(update(self.position, value))

    def deal_row(self, label: str, help: str, deal: Callable[[], None], clear_table: Callable[[], None]) -> None:
        """One row: the Seed box (1 at first), the button ``label`` that calls ``deal`` (see :meth:`seeded_deal`)
        and "Clear the table (I lead)", which calls ``clear_table``."""
        cols = st.columns([1, 1.5, 1.5], vertical_alignment="bottom")
        keep_values({self.k(SEED_WIDGET): 1})
        cols[0].number_input(_("Seed"), min_value=0, max_value=2**31 - 1, step=1, key=self.k(SEED_WIDGET))
        cols[1].button(label, key=self.k("deal"), icon=":material/casino:", on_click=in_session_language(deal),
                       width="stretch", help=help)
        cols[2].button(_("Clear the table (I lead)"), key=self.k("clear-table"), icon=":material/layers_clear:",
                       on_click=clear_table, width="stretch")

    def seeded_deal(self, deal: Callable[[int], T]) -> tuple[int, T] | None:
        """The seed in the Seed box and what ``deal`` deals from it; None, with the engine's reason shown at the top
        of the page, when the position's rules cannot deal."""
        seed = int(st.session_state.get(self.k(SEED_WIDGET), 1))
        try:
            return seed, deal(seed)
        except CardTableError as error:
            self.say("error", _("No deal was made: {problem}. Change the options or the seed, then deal again.").format(
                problem=error))
            return None

    def take_deal(self, data: Mapping[str, Any], seed: int, message: str) -> None:
        """Pose ``data``, the position dealt from ``seed``, with no play chosen; move the Seed box on to the next
        seed (the next click deals the next deal) and say ``message``."""
        self.change(data)
        self._set_play(False)
        st.session_state[self.k(SEED_WIDGET)] = seed + 1
        self.say("info", message)

    def _examples(self) -> None:
        if not self.examples:
            return
        with st.expander(_("Examples: load one in a click"), icon=":material/lightbulb:"):
            names = list(self.examples)
            cols = st.columns(3)
            for i, name in enumerate(names):
                cols[i % 3].button(_(name), key=self.k(f"example:{i}"), on_click=in_session_language(self.load_example),
                                   args=(name,),
                                   width="stretch")

    def _messages(self) -> None:
        for kind, text in flashes(self.k("messages"), st.session_state.pop(self.k("messages"), [])):
            shown = plain(text)
            if kind == "success":
                st.success(shown, icon=":material/check_circle:")
            elif kind == "error":
                st.error(shown, icon=":material/error:")
            elif kind == "warning":
                st.warning(shown, icon=":material/warning:")
            else:
                st.info(shown, icon=":material/info:")

    # ---------------------------------------------------------------------------------- posing the cards

    def _part_label(self, data: Mapping[str, Any], part: Part) -> str:
        n = len(self.cards(data, part.name))
        return f"{_(part.label)} · {number(n)}" if n else _(part.label)

    def pose(self, data: Mapping[str, Any]) -> None:
        """A deck to click for each part of the position (one part at a time), and a text box for notation."""
        parts = self.parts(data)
        if not parts:
            return
        names = [p.name for p in parts]
        current = st.session_state.get(self.k("part"))
        if current not in names:
            current = names[0]
        if len(parts) > 1:
            labels = {p.name: self._part_label(data, p) for p in parts}

            def pick(old: dict[str, Any], new: Any) -> dict[str, Any]:
                st.session_state[self.k("part")] = new
                return old

            self.control(st.segmented_control, "part", _("Pose"), current, pick, options=names,
                         format_func=labels.__getitem__, required=True)
        part = next(p for p in parts if p.name == current)
        deck = self.deck(data)
        mine = self.cards(data, part.name, deck)
        taken = [c for p in parts if p.name != part.name for c in self.cards(data, p.name, deck)]
        if part.help:
            st.caption(plain(_(part.help)))
        key = self.k(f"pick:{part.name}")
        label = _("Deck for {part}").format(part=_lower_first(_(part.label)))
        rules = self.game.rules(data.get("preset"), data.get("options") or None)

        def order(card: Card) -> int:
            return self.game.display_rank(rules, card)

        if part.ordered:
            deck_picker(key, deck, actions=(Action("add", _("Add to the table"), min_chosen=1, primary=True),),
                        label=label, taken=[*taken, *mine], limit=1, size="small", order=order,
                        on_action=in_session_language(lambda event: self._add_card(part, event)))
            row = st.columns([1.2, 1, 2.5], vertical_alignment="center")
            row[0].button(_("Take back the last card"), key=self.k(f"undo:{part.name}"), icon=":material/undo:",
                          disabled=not mine, on_click=self._take_back, args=(part,), width="stretch")
            row[1].button(_("Clear"), key=self.k(f"clear:{part.name}"), icon=":material/backspace:",
                          disabled=not mine, on_click=self._clear_part, args=(part,), width="stretch")
            row[2].caption(_("In the order played: {cards}").format(cards=plain(symbols(mine))) if mine else
                           _("Click a card, then “{add}”; the first card added is the lead.").format(
                               add=_("Add to the table")))
        else:
            use = _(part.use) if part.use else _("Use as {part}").format(part=_lower_first(_(part.label)))
            deck_picker(key, deck, actions=(Action("set", use, primary=True),), label=label, chosen=mine,
                        taken=taken, limit=part.most, size="small", order=order,
                        on_action=lambda event: self._set_part(part, event))
            st.caption(_("Click cards to choose them (again for a second copy, − to take one back), then press "
                         "“{button}”.").format(button=plain(use)))
        self._typing(data, part, mine)

    def _typing(self, data: Mapping[str, Any], part: Part, mine: Sequence[Card]) -> None:
        key = self.k(f"w:text:{part.name}")
        bad = st.session_state.get(self.k(f"typed:{part.name}"))
        st.session_state[key] = bad[0] if bad else format_cards(mine)
        st.text_input(_("…or type {part} in notation").format(part=_lower_first(_(part.label))), key=key,
                      on_change=in_session_language(self._typed), args=(part,),
                      placeholder=_("e.g. 10S QH BJ (10 or T; suits S H D C or ♠ ♥ ♦ ♣), then Enter"),
                      help=_("Cards separated by spaces or commas; Enter replaces the cards of this part."))
        if bad:
            st.error(_("Not changed: {problem}").format(problem=plain(bad[1])), icon=":material/error:")

    def _typed(self, part: Part) -> None:
        text = str(st.session_state.get(self.k(f"w:text:{part.name}"), ""))
        data = self.position
        try:
            cards = self.parse(data, text)
            if part.most is not None and len(cards) > part.most:
                raise InvalidRequestError(_("{part} holds at most {most} cards, not {count}").format(
                    part=_(part.label), most=number(part.most), count=number(len(cards))))
        except CardTableError as error:
            st.session_state[self.k(f"typed:{part.name}")] = (text, str(error))
            return
        self.change(self.set_cards(data, part.name, cards))

    def _set_part(self, part: Part, event: HandEvent) -> None:
        st.session_state.pop(self.k(f"typed:{part.name}"), None)
        self.change(self.set_cards(self.position, part.name, event.cards))

    def _add_card(self, part: Part, event: HandEvent) -> None:
        data = self.position
        held = self.cards(data, part.name)
        if part.most is not None and len(held) >= part.most:
            self.say("warning", _("{part} holds at most {most} cards: take one back first.").format(
                part=_(part.label), most=number(part.most)))
            return
        self.change(self.set_cards(data, part.name, [*self.cards(data, part.name), *event.cards]))

    def _take_back(self, part: Part) -> None:
        data = self.position
        self.change(self.set_cards(data, part.name, self.cards(data, part.name)[:-1]))

    def _clear_part(self, part: Part) -> None:
        self.change(self.set_cards(self.position, part.name, ()))

    # ---------------------------------------------------------------------------------- the play to judge

    def _set_play(self, play: tuple[Card, ...] | None | bool, data: Mapping[str, Any] | None = None) -> None:
        """Remember the play to judge (cards; None: the pass; False: none)."""
        st.session_state[self.k("play")] = "" if play is False else PASS_ACTION if play is None else \
            format_cards(play)  # type: ignore[arg-type]

    def chosen_play(self, hand: Sequence[Card]) -> tuple[Card, ...] | None | bool:
        """The play chosen to judge: cards of the hand, None for the pass, False for none (a play whose cards
        have left the hand is forgotten)."""
        text = st.session_state.get(self.k("play"), "")
        if not text:
            return False
        if text == PASS_ACTION:
            return None if self.passing else False
        try:
            cards = tuple(self.deck(self.position).parse(text))
        except CardTableError:
            return False
        return cards if cards and contains(hand, cards) else False

    def groups(self, request: R, cards: Sequence[Card]) -> list[CardGroup]:
        """The hand in the game's groups: ``GAME.hand_groups`` when the game gives it for posed positions."""
        ordered = self.order(request, cards)
        if type(self.game).hand_groups is not Game.hand_groups:
            wanted = self.coach_request(request)
            try:
                state = self.game.position_state(wanted) if wanted is not None else None
            except CardTableError:
                state = None
            if state is not None:
                return [CardGroup(label, members) for label, members in self.game.hand_groups(state, ordered)]
        return self.fallback_groups(request, ordered)

    def choose_play(self, request: R, plays: Plays, play: tuple[Card, ...] | None | bool) -> None:
        """The posed hand: click cards to choose the play to judge; greyed cards say why no legal play uses them."""
        hand = self.hand_of(request)
        groups = self.groups(request, hand)
        flat = [c for g in groups for c in g.cards if c is not None]
        reasons: dict[int | Card, str] = {card: self.why_not(request, plays, card) for card in dict.fromkeys(flat)
                                          if card not in plays.playable}
        actions = [Action(CHECK_ACTION, _(self.check_label), min_chosen=1, primary=True)]
        if self.passing:
            actions.append(Action(PASS_ACTION, _("Check a pass instead")))
        selected = _indices(flat, play) if isinstance(play, tuple) else []
        if not hand:
            st.info(_("The hand is empty: pose your cards above."), icon=":material/back_hand:")
        else:
            card_hand(self.k("hand"), groups, actions=actions, label=_("Your hand"), why_not=reasons or None,
                      selected=selected, limit=self.play_size, on_action=self._hand_pressed)
            note = (_("Click a card, then “{button}”.") if self.play_size == 1 else
                    _("Click the cards of a play, then “{button}”.")).format(button=_(self.check_label))
            if reasons:
                note += " " + _("Greyed cards are in no legal play: click one to see why.")
            st.caption(note)
        self._typed_play(hand)

    def _hand_pressed(self, event: HandEvent) -> None:
        if event.action == PASS_ACTION:
            self._set_play(None)
        elif event.action == CHECK_ACTION and event.cards:
            self._set_play(tuple(event.cards))
        st.session_state.pop(self.k("typed:play"), None)

    def _typed_play(self, hand: Sequence[Card]) -> None:
        key = self.k("w:text:play")
        bad = st.session_state.get(self.k("typed:play"))
        st.session_state[key] = bad[0] if bad else ""
        example = _("e.g. {play}").format(play=self.play_example) if self.play_example else ""
        st.text_input(_("…or type a play"), key=key, on_change=in_session_language(self._play_typed),
                      args=(tuple(hand),),
                      placeholder=(_("{example} — or pass").format(example=example) if self.passing else example),
                      help=_("Cards of your hand in notation (then Enter); the editor judges them."))
        if bad:
            st.error(_("Not judged: {problem}").format(problem=plain(bad[1])), icon=":material/error:")

    def _play_typed(self, hand: tuple[Card, ...]) -> None:
        text = str(st.session_state.get(self.k("w:text:play"), "")).strip()
        if not text:
            return
        if self.passing and text.lower() == PASS_ACTION:
            st.session_state.pop(self.k("typed:play"), None)
            self._set_play(None)
            return
        try:
            cards = self.parse(self.position, text)
            if not cards:
                raise InvalidRequestError(_("no cards were typed"))
            if not contains(hand, cards):
                raise InvalidRequestError(_("{cards} is not in your hand: a play is made of cards you hold").format(
                    cards=symbols(cards)))
        except CardTableError as error:
            st.session_state[self.k("typed:play")] = (text, str(error))
            return
        st.session_state.pop(self.k("typed:play"), None)
        self._set_play(cards)

    def play_words(self, play: tuple[Card, ...] | None, plays: Plays | None = None) -> str:
        """A play for people: its cards in the order the engine lists that play (a Dou Dizhu triplet before its
        kicker), else in the hand's order; "a pass" for the pass."""
        if play is None:
            return _("a pass")
        wanted = Counter(play)
        listed = next((p for p in (plays.plays if plays else ()) if Counter(p) == wanted), None)
        return symbols(listed or play)

    def verdict(self, request: R, play: tuple[Card, ...] | None | bool, plays: Plays | None = None) -> None:
        """The engine's verdict on the chosen play, with its reason."""
        if play is False:
            return
        shown = self.play_words(play, plays)  # type: ignore[arg-type]
        try:
            verdict = self.judge(request, play)  # type: ignore[arg-type]
        except CardTableError as error:
            show_error(error)
            return
        reason = plain(sentence(verdict.reason))
        if verdict.legal:
            st.success(_("**{play}: legal.** {reason}").format(play=plain(shown), reason=reason),
                       icon=":material/check_circle:")
        else:
            st.error(_("**{play}: not legal.** {reason}").format(play=plain(shown), reason=reason),
                     icon=":material/block:")

    # ---------------------------------------------------------------------------------- every legal play

    def legal_list(self, plays: Plays) -> None:
        """Every legal play: the count, and the first :data:`LIST_LIMIT` when there are more."""
        count = number(plays.count) if plays.exact else _("at least {count}").format(count=number(plays.count))
        st.subheader(_("Every legal play ({count})").format(count=count), divider="gray")
        notes = []
        if plays.capped:
            notes.append(_("the first {count} shown").format(count=number(len(plays.plays))))
        if plays.can_pass:
            notes.append(_("passing is legal too"))
        if not plays.exact:
            notes.append(_("counting them all would take too long, so the count is a lower bound"))
        if notes:
            st.caption(plain(sentence("; ".join(notes))))
        if plays.rows:
            st.dataframe(list(plays.rows), hide_index=True, width="stretch", key=self.k("plays"),
                         height=min(38 + 35 * len(plays.rows), 390))
        elif plays.can_pass:
            st.info(_("No play of cards is legal here: you can only pass."), icon=":material/info:")
    # ---------------------------------------------------------------------------------- the coach

    def coach(self, data: Mapping[str, Any], request: R, play: tuple[Card, ...] | None | bool) -> None:
        """The Coach panel: what should I play? (see :func:`ui.coach_view.coach_panel`)."""
        coach_panel(self, data, request, play)

    # ---------------------------------------------------------------------------------- the page

    def marker(self) -> str:
        """A widget key drawn on every run of the editor: absent at the start of a run, it is a new visit."""
        return self.k("load")

    def render(self) -> None:
        """Draw the editor page."""
        fresh = self.marker() not in st.session_state
        self._apply_link()
        self._sync_preset(fresh)
        data = self.position
        st.title(_(self.title))
        st.caption(self.rules_caption(data) + (f" {_(self.intro)}" if self.intro else ""))
        self._link_note()
        self._messages()
        self._examples()
        with st.container(border=True):
            st.markdown("**" + _("Pose the position") + "**")
            self.setup(data)
            self.pose(self.position)
        data = self.position
        problem: str | None = None
        with st.container():
            st.subheader(self.judge_heading(data), divider="gray")
            try:
                request = self.read(data)
                plays = self.analyse(request)
            except CardTableError as error:
                problem = self.explain(data, error)
                st.error(plain(problem), icon=":material/error:")
                self.impossible(data)
            else:
                play = self.chosen_play(self.hand_of(request))
                self.body(data, request, plays, play)
        if problem is None:
            self.below(data, request, plays, play)
        self._forget_stale_link(data)
        self.share(data, problem)

    def explain(self, data: Mapping[str, Any], error: CardTableError) -> str:
        """The engine's message about the position, with the parts named as the page names them ("Your hand: …"
        rather than "field 'hand': …")."""
        text = str(error)
        for part in self.parts(data):
            head = part.name.split(".")[0]
            for name in dict.fromkeys((part.name, head)):
                text = re.sub(rf"^field '{re.escape(name)}'(?=\W)", _(part.label).replace("\\", "\\\\"), text)
        return text[:1].upper() + text[1:]

    def impossible(self, data: Mapping[str, Any]) -> None:
        """What is shown of a position that cannot occur: its cards, so that the learner can fix them."""
        deck = self.deck(data)
        for part in self.parts(data):
            cards = self.cards(data, part.name, deck)
            if cards:
                st.caption(plain(_(part.label)))
                show_cards(self.k(f"bad:{part.name}"), list(cards), label=_(part.label), size="small")
