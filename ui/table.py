"""The Table page of any game: watch a seeded game step by step, or play one against the bots.

Written once against :class:`engine.contract.Game`; a game's page is ``render_table(GAME.key)``. A game is a
:class:`engine.table.Record` (preset, options, seed, actions): what the page keeps, what the download holds and
what a link carries. The link also carries what is shown — ``mode`` (``watch``/``play``), ``seed``, ``step``,
``seat`` (the seat you play, or whose cards are shown; absent: the teacher's view) and ``present`` — so a teacher
can share exactly the step on the projector. A damaged parameter is refused with a message and the page stays
usable. Everything the page keeps lives in session keys that survive a visit to another page.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from engine.advisor import advise, can_advise
from engine.cards import Card
from engine.commands import in_learner_words
from engine.contract import Outcome, SomeGame
from engine.driver import BOT_SEED_MIX
from engine.errors import CardTableError, InvalidRequestError, ReplayError, UnknownNameError, quote
from engine.games import GAMES
from engine.i18n import DEFAULT_LANGUAGE, N_, language
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.match import WHOLE, is_whole, whole_game
from engine.table import Record
from ui import card_hand as ch
from ui import table_draw as draw
from ui.nav import current_preset, set_preset
from ui.share import parse_json_position
from ui.table_hands import (
    Hand,
    action_label,
    bot_hand,
    extend,
    finished_trick,
    load_hand,
    start_hand,
    table_game,
    text_label,
    trick_ended,
    truncate,
)
from ui.table_link import PLAY, WATCH, read_link, record_panel, write_link
from ui.table_moments import find_menu, find_next, moment_labels
from ui.widgets import flashes, plain, show_error

MODE_LABELS = {WATCH: N_("Watch"), PLAY: N_("Play")}
SPEEDS = {"slow": 3.0, "normal": 1.5, "fast": 0.6}
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
HINT_BUDGET, HINT_SECONDS = 24, 2.5


# ---------------------------------------------------------------------------------------------- settings


@dataclass
class Settings:
    """What the Table shows; kept in the session (survives other pages) and mirrored in the link."""

    mode: str = WATCH
    seed: int = 1
    step: int = 0
    seat: int | None = None  # watch: whose cards are shown (None: teacher view); play: your seat
    me: int = 0
    present: bool = False
    large: bool = False
    auto: bool = False
    speed: str = "normal"
    pause_after_tricks: bool = True
    whole: bool = False
    """A whole game (Shengji to past the ace, Euchre to 10 …), not one hand."""
    messages: list[tuple[str, str]] = field(default_factory=list)


class TablePage:
    """The page for one game. ``render()`` draws it; the callbacks change the kept settings."""

    def __init__(self, key: str, game: SomeGame) -> None:
        self.key_name = key
        self.base = game
        self.game = game
        self.k = f"{key}:table:"
        chosen = current_preset(key) if key in GAMES else ""
        self.preset = chosen if chosen in game.presets else game.default_preset
        self.rules = game.rules(self.preset)
        self.letters = game.seat_letters(self.rules)

    def use_form(self) -> None:
        """Play hands or whole games, as the settings say."""
        self.game = whole_game(self.base) if self.settings.whole else self.base

    @property
    def start(self) -> dict[str, Any]:
        return {WHOLE: True} if self.settings.whole else {}

    # -- kept state -------------------------------------------------------------------------------
    def key(self, name: str) -> str:
        return self.k + name

    @property
    def settings(self) -> Settings:
        value = st.session_state.get(self.key("settings"))
        if not isinstance(value, Settings):
            value = Settings()
            st.session_state[self.key("settings")] = value
        return value

    def _hand(self, name: str) -> Hand | None:
        hand = st.session_state.get(self.key(name))
        if isinstance(hand, Hand) and hand.record.preset in self.game.presets and \
                is_whole(hand.record.start) == self.settings.whole:
            if hand.lang != language():  # the language changed: the same game, its commentary in the new one
                hand = load_hand(self.base, hand.record)
                self._set_hand(name, hand)
            return hand
        return None

    def _set_hand(self, name: str, hand: Hand | None) -> None:
        st.session_state[self.key(name)] = hand

    def say(self, kind: str, text: str) -> None:
        self.settings.messages.append((kind, text))

    # -- the link -----------------------------------------------------------------------------------
    def read_link(self) -> None:
        """Once per visit to this page with a link: apply its parameters (:func:`ui.table_link.read_link`)."""
        read_link(self)

    def write_link(self, hand: Hand) -> None:
        write_link(self, hand)

    # -- callbacks ----------------------------------------------------------------------------------
    def _widget(self, name: str) -> Any:
        return st.session_state.get(self.key("w:" + name))

    def _on_mode(self) -> None:
        s = self.settings
        s.mode = self._widget("mode") or WATCH
        s.auto = False

    def _on_whole(self, key: str) -> None:
        s = self.settings
        whole = st.session_state.get(key) == "whole"
        if whole == s.whole:
            return
        s.whole = whole
        s.step, s.auto = 0, False
        self._set_hand("play", None)
        self._set_hand("watch", None)

    def _on_seed(self) -> None:
        value = self._widget("seed")
        if isinstance(value, int):
            self._new_seed(value)

    def _new_seed(self, seed: int) -> None:
        s = self.settings
        s.seed, s.step, s.auto = seed, 0, False
        st.session_state[self.key("loaded")] = False
        st.session_state[self.key("w:seed")] = seed
        self._set_hand("play", None)
        self._set_hand("watch", None)

    def _new_deal(self) -> None:
        self._new_seed(self.settings.seed + 1)

    def _goto(self, step: int) -> None:
        self.settings.step = max(0, step)

    def _toggle(self, name: str) -> None:
        setattr(self.settings, name, bool(self._widget(name)))

    def _on_speed(self, key: str) -> None:
        self.settings.speed = st.session_state.get(key) or "normal"

    def _on_view(self) -> None:
        value = self._widget("view")
        self.settings.seat = None if value in (None, -1) else int(value)

    def _on_me(self) -> None:
        value = self._widget("me")
        if isinstance(value, int):
            self.settings.me = value
            self._set_hand("play", None)

    def _jump(self, key: str) -> None:
        target = st.session_state.get(key)
        if isinstance(target, str):  # a kind of teaching moment: the next one (ui.table_moments)
            find_next(self, key)
        elif isinstance(target, int):
            self.settings.step = target

    def load(self, data: Any, *, from_link: bool = False) -> None:
        """Load a record (a link's or a file's); raises CardTableError and changes nothing if it is bad."""
        record = Record.from_json(data)
        if record.game != self.game.key:
            theirs = _(GAMES[record.game].title) if record.game in GAMES else quote(record.game)
            raise InvalidRequestError(_("this is a game of {theirs}; this table plays {game}").format(
                theirs=theirs, game=_(self.game.info.title)))
        if record.preset not in self.game.presets:
            raise in_learner_words(self.base, UnknownNameError("preset", record.preset, self.game.presets))
        s = self.settings
        s.whole = is_whole(record.start)
        self.use_form()
        hand = load_hand(self.base, record)  # ReplayError before anything changes
        if s.mode == PLAY and from_link:
            self._set_hand("play", hand)
        else:
            self._set_hand("watch", hand)
            st.session_state[self.key("loaded")] = True
            if not from_link:
                s.mode, s.step = WATCH, len(hand.steps)
            else:
                s.step = min(s.step, len(hand.steps)) if st.query_params.get("step") else len(hand.steps)
        s.seed = record.seed
        st.session_state[self.key("w:seed")] = record.seed
        if not from_link:
            self.say("success", _("Loaded a game of {steps} steps (deal {deal}, {rules}).").format(
                steps=local_number(len(hand.steps)), deal=local_number(record.seed),
                rules=_(self.game.presets[record.preset].title)))
        if self.key_name in GAMES and record.preset != self.preset:
            self.preset = record.preset
            set_preset(self.key_name, record.preset)  # the sidebar follows the game (may rerun at once)

    def _load_clicked(self) -> None:
        ss = st.session_state
        uploaded = ss.get(self.key("upload"))
        text = uploaded.getvalue().decode("utf-8", "replace") if uploaded is not None else ss.get(self.key("paste"), "")
        try:
            self.load(parse_json_position(text or ""))
        except ReplayError as error:
            self.say("error", _("Not loaded — step {step} is refused: {reason}. The table is unchanged.").format(
                step=local_number(error.step), reason=plain(error.reason)))
        except CardTableError as error:
            self.say("error", _("Not loaded: {error}. The table is unchanged.").format(error=plain(str(error))))

    # -- watching -----------------------------------------------------------------------------------
    def watch_hand(self) -> Hand:
        hand = self._hand("watch")
        s = self.settings
        if hand is not None and (hand.record.preset != self.preset or (
                not st.session_state.get(self.key("loaded")) and hand.record.seed != s.seed)):
            hand = None
        if hand is None:
            hand = bot_hand(self.base, self.base.key, self.preset, s.seed, whole=s.whole, lang=language())
            self._set_hand("watch", hand)
            st.session_state[self.key("loaded")] = False
        return hand

    # -- playing ------------------------------------------------------------------------------------
    def play_hand(self) -> Hand:
        s = self.settings
        hand = self._hand("play")
        if hand is None or hand.record.preset != self.preset or hand.record.seed != s.seed:
            hand = start_hand(self.game, self.preset, s.seed, start=self.start)
            st.session_state[self.key("pause")] = None
        hand = self.bots_move(hand)
        self._set_hand("play", hand)
        return hand

    def bots_move(self, hand: Hand) -> Hand:
        """The bots play until it is your turn, the game is over, or (with pauses on) a trick is finished."""
        s = self.settings
        if st.session_state.get(self.key("pause")) is not None:
            return hand
        bot = self.game.bot(next(iter(self.game.bots)))
        for _turn in range(self.game.max_actions):
            seat = self.game.to_act(hand.last)
            if seat is None or seat == s.me:
                break
            rng = random.Random((hand.record.seed ^ BOT_SEED_MIX) * 7919 + len(hand.steps))
            before = self.game.view(hand.last, None)
            hand = extend(self.game, hand, bot.choose(hand.last, rng))
            if s.pause_after_tricks and trick_ended(before, self.game.view(hand.last, None)):
                st.session_state[self.key("pause")] = len(hand.steps) - 1
                break
        return hand

    def _continue(self) -> None:
        st.session_state[self.key("pause")] = None

    def act(self, action: Any) -> None:
        """The learner's action: applied, or refused with its reason shown next to the cards."""
        hand = self._hand("play")
        if hand is None:
            return
        verdict = self.game.check(hand.last, action)
        if not verdict.legal:
            st.session_state[self.key("refused")] = (action_label(self.game, action), verdict.reason)
            return
        st.session_state[self.key("refused")] = None
        st.session_state[self.key("hint")] = None
        before = self.game.view(hand.last, None)
        hand = extend(self.game, hand, action)
        if self.settings.pause_after_tricks and trick_ended(before, self.game.view(hand.last, None)):
            st.session_state[self.key("pause")] = len(hand.steps) - 1
        self._set_hand("play", hand)

    def act_text(self, text: str) -> None:
        hand = self._hand("play")
        if hand is None:
            return
        try:
            action = self.game.parse_action(hand.last, text)
        except CardTableError as error:
            st.session_state[self.key("refused")] = (text, str(error))
            return
        self.act(action)

    def play_cards(self, cards: Sequence[Card]) -> None:
        """Play the chosen cards: the legal action with exactly these cards, or the reason they are refused."""
        hand = self._hand("play")
        if hand is None or not cards:
            return
        wanted = Counter(cards)
        for action in self.game.legal_actions(hand.last, limit=5000):
            found = self.game.action_cards(action)
            if found is not None and Counter(found) == wanted:
                self.act(action)
                return
        self.act_text(" ".join(c.text for c in cards))

    def _undo(self) -> None:
        hand = self._hand("play")
        if hand is None:
            return
        mine = [i for i, step in enumerate(hand.steps) if step.seat == self.settings.me]
        if mine:
            self._set_hand("play", truncate(hand, mine[-1]))
            st.session_state[self.key("hint")] = None
            st.session_state[self.key("refused")] = None
            st.session_state[self.key("pause")] = None
            st.session_state[self.key("undone")] = True

    def _hint(self) -> None:
        """The coach's choice and its reason (a quick sampling), or — for a game the coach cannot sample yet —
        the heuristic bot's choice and the rule that allows it. The hinted cards are chosen in your hand."""
        from ui.coach_view import best_reason

        hand = self._hand("play")
        if hand is None:
            return
        state = hand.last
        if can_advise(self.game):
            advice = advise(self.game, state, budget=HINT_BUDGET, seconds=HINT_SECONDS, seed=len(hand.steps))
            action, why = advice.best.action, best_reason(self.game, state, advice)
            text = action_label(self.game, action)
        else:
            rng = random.Random(len(hand.steps))
            bot = self.game.bot(next(iter(self.game.bots)))
            action = bot.choose(state, rng)
            text, why = action_label(self.game, action), self.game.check(state, action).reason
        st.session_state[self.key("hint")] = (text, why)
        cards = self.game.action_cards(action)
        if cards:
            ch.select_cards(self.key(f"pick:{len(hand.steps)}"), cards)

    def _review(self) -> None:
        """Ask for the coach's review of your decisions in the finished game: the review itself runs in
        :meth:`review_panel`, with its progress on the page (kept until the next game)."""
        hand = self._hand("play")
        if hand is None:
            return
        st.session_state[self.key("review")] = (hand.record, None)

    def _show_step(self, step: int) -> None:
        """Open the finished game in watch mode just after your action at ``step`` (0-based; from the review): the
        step bar then says the step the review names, the commentary says what you played, ← shows the table
        before it."""
        hand = self._hand("play")
        if hand is None:
            return
        s = self.settings
        self._set_hand("watch", hand)
        st.session_state[self.key("loaded")] = True
        s.mode, s.step, s.seat, s.auto = WATCH, min(step + 1, len(hand.steps)), s.me, False

    # -- drawing ------------------------------------------------------------------------------------
    def render(self) -> None:
        s = self.settings
        if s.present:
            draw.presenter_style()
        self.controls()
        for kind, text in flashes(self.key("messages"), s.messages):
            (st.success if kind == "success" else st.error)(text)
        s.messages.clear()
        found = st.session_state.pop(self.key("found"), None)
        if found:  # a toast: on a projector a message above the table would push the bottom seat off the screen
            st.toast(found, icon=":material/search:")
        if s.mode == WATCH:
            self.watch()
        else:
            self.play()

    def _leave_presenter(self) -> None:
        self.settings.present = False

    def controls(self) -> None:
        """One row: the mode, the deal, a new deal, the settings (in a pop-over) and presenter mode. On a phone the
        buttons show their icons only and the length of the game and presenter mode move into the pop-over, so
        that the row stays one row at 390 px."""
        s = self.settings
        ss = st.session_state
        if s.present:
            return
        ss[self.key("w:mode")] = s.mode
        # Set on every run, as the mode is: a run that stops early for a rerun can leave the browser's input without
        # its value, and it would then send its default (0) with the next click — a new deal 0 the learner never
        # asked for.
        ss[self.key("w:seed")] = s.seed
        ss[self.key("w:large")] = s.large
        ss[self.key("w:pause_after_tricks")] = s.pause_after_tricks
        draw.bar_style(icon_only=[self.key("new"), self.key("settings")],
                       wide_only=[self.key("w:whole"), self.key("present")],
                       narrow_only=[self.key("w:whole-menu"), self.key("present-menu")])
        if language() != DEFAULT_LANGUAGE:  # longer words in Bengali and Assamese: the dice alone, as on a phone
            draw.bar_style(icon_only=[self.key("new")], always=True)
        with st.container(horizontal=True, vertical_alignment="center", gap="small", key=self.key("controls")):
            modes = {mode: _(label) for mode, label in MODE_LABELS.items()}
            st.segmented_control(_("Mode"), list(MODE_LABELS), format_func=modes.__getitem__,
                                 key=self.key("w:mode"), on_change=self._on_mode, label_visibility="collapsed")
            self._length(self.key("w:whole"))
            st.number_input(_("Deal number"), min_value=0, max_value=2**31 - 1, step=1, key=self.key("w:seed"),
                            on_change=self._on_seed, label_visibility="collapsed", width=96,
                            help=_("The deal number: the same number always deals the same cards."))
            st.button(_("New deal"), icon=":material/casino:", on_click=self._new_deal, key=self.key("new"),
                      help=_("Deal the next number's cards."))
            with st.popover(_("Settings"), icon=":material/tune:", key=self.key("settings"),
                            help=_("Large cards, pauses after tricks, every seat's cards")):
                self._length(self.key("w:whole-menu"))
                st.toggle(_("Large cards"), key=self.key("w:large"), on_change=self._toggle, args=("large",),
                          help=_("Bigger cards, the trick too — for a projector."))
                st.toggle(_("Pause after each trick"), key=self.key("w:pause_after_tricks"), on_change=self._toggle,
                          args=("pause_after_tricks",), help=_("When you play: stop after every finished trick to "
                                                               "see who won it."))
                st.toggle(_("Show every seat's cards"), key=self.key("w:peek"),
                          help=_("When you play: see the other hands too (a teacher's view)."))
                st.caption(_("Rules: {rules} — change them in the sidebar.").format(
                    rules=_(self.game.presets[self.preset].title)))
                self._present_button(self.key("present-menu"))
            self._present_button(self.key("present"))

    def _length(self, key: str) -> None:
        """One hand or a whole game (drawn twice: in the row, and in the settings on a phone; both follow the
        kept setting)."""
        st.session_state[key] = "whole" if self.settings.whole else "hand"
        lengths = {"hand": _("One hand"), "whole": _("Whole game")}
        st.segmented_control(_("Length"), list(lengths), format_func=lambda m: lengths[m], key=key,
                             on_change=self._on_whole, args=(key,), label_visibility="collapsed",
                             help=_("One hand, or a whole game: Shengji's rounds climbing past the ace, Euchre "
                                    "to 10, a session of Dou Dizhu hands, a match of Thirteen."))

    def _present_button(self, key: str) -> None:
        st.button(_("Present"), icon=":material/present_to_all:", key=key, on_click=self._start_presenter,
                  help=_("Presenter mode for a class: the sidebar out of the way, seats round a big table. "
                         "Step with ← and →, or a clicker (PageUp/PageDown)."))

    def _start_presenter(self) -> None:
        self.settings.present = True

    def scale(self) -> float:
        s = self.settings
        return (1.45 if s.large else 1.0) * (1.25 if s.present else 1.0)

    def seat_names(self, hand: Hand | None = None) -> tuple[str, ...]:
        """The seats' names as the game's own views give them (a record's options may rename them)."""
        state = hand.states[0] if hand is not None else self.game.new_game(self.rules, self.settings.seed)
        return tuple(seat.name for seat in self.game.view(state, None).seats)

    def hand_letters(self, hand: Hand) -> tuple[str, ...]:
        return self.game.seat_letters(self.game.rules_of(hand.states[0]))

    def _key_step(self, direction: str) -> None:
        s = self.settings
        if s.mode == WATCH:
            s.step = max(0, s.step + (1 if direction == "next" else -1))
            s.auto = False
        elif direction == "next" and st.session_state.get(self.key("pause")) is not None:
            self._continue()

    def watch(self) -> None:
        s = self.settings
        draw.step_keys(self.key("keys"), self._key_step)
        hand = self.watch_hand()
        total = len(hand.steps)
        s.step = max(0, min(s.step, total))
        if s.auto and s.step >= total:
            s.auto = False
        interval = SPEEDS.get(s.speed, 1.5) if s.auto else None

        @st.fragment(run_every=interval)
        def board() -> None:
            if s.auto and s.step < total:
                s.step += 1
            elif s.auto:
                s.auto = False
            self._watch_board(hand)
            if (SPEEDS.get(s.speed, 1.5) if s.auto else None) != interval:
                st.rerun()  # auto-play started, stopped or changed speed inside the fragment: a new timer

        board()
        self.record_panel(hand)

    def _watch_board(self, hand: Hand) -> None:
        s = self.settings
        total = len(hand.steps)
        step = s.step
        names = self.seat_names(hand)
        self.write_link(hand)
        if s.present:
            self._presenter_bar(hand, step, total)
            draw.commentary(hand.steps, step, names, present=True, label=text_label)
        else:
            self._step_bar(hand, step, total)
        viewer = self.settings.seat
        view = self.game.view(hand.states[step], viewer)
        last = hand.steps[step - 1] if step else None
        if step == total:  # the result in words first: it is what the end of the game is about
            draw.outcome(self.game.outcome(hand.last), self.letters, present=s.present)
        draw.table(view, names, scale=self.scale(), me=viewer, present=self.settings.present,
                   last_seat=last.seat if last else None, key=self.key("view"), info=not (s.present and step == total))
        left, right = st.columns([3, 2])
        with left:
            if not s.present:
                draw.commentary(hand.steps, step, names, present=False, label=text_label)
        with right:
            if not self.settings.present:
                options = [-1, *range(len(names))]
                st.session_state[self.key("w:view")] = -1 if viewer is None else viewer
                views = {i: _("Only {seat}'s cards").format(seat=names[i]) for i in range(len(names))}
                views[-1] = _("Teacher view: every card face up")
                st.selectbox(_("Whose cards are shown"), options, key=self.key("w:view"), on_change=self._on_view,
                             format_func=views.__getitem__)

    def _presenter_bar(self, hand: Hand, step: int, total: int) -> None:
        # A flex row (it wraps on a phone instead of stacking six controls under each other).
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            self._back_forward(step, total)
            self._auto_button(step, total)
            self._speed(self.key("w:speed"))
            self._find_menu(self.key("w:find"))
            st.markdown(f"**{self._step_of(step, total)}** · ← →", width="content")
            st.button(_("Leave presenter mode"), icon=":material/close_fullscreen:", key=self.key("leave"),
                      on_click=self._leave_presenter)

    def _find_menu(self, key: str) -> None:
        find_menu(self, key)

    def _auto_button(self, step: int, total: int) -> None:
        """Auto-play as one button: "Auto-play" starts it, "Stop" stops it."""
        on = self.settings.auto
        st.button(_("Stop") if on else _("Auto-play"), icon=":material/pause:" if on else ":material/play_circle:",
                  key=self.key("auto"), on_click=self._set_auto, args=(not on,), disabled=step == total and not on,
                  help=_("Stop stepping on by itself") if on else _("Step on by itself at the chosen speed"))

    def _set_auto(self, on: bool) -> None:
        self.settings.auto = on

    def _speed(self, key: str) -> None:
        st.session_state[key] = self.settings.speed
        speeds = {name: _(label) for name, label in SPEED_LABELS.items()}
        st.selectbox(_("Speed"), list(SPEEDS), key=key, on_change=self._on_speed, args=(key,),
                     label_visibility="collapsed", format_func=speeds.__getitem__, width=110,
                     help=_("The speed of auto-play"))

    def _jump_to(self, key: str, chapters: Mapping[int, str]) -> None:
        """One menu: the next teaching moment of each kind (a bomb, a throw …), then the start of each trick or
        round."""
        labels: dict[int | str, str] = {}
        labels.update(moment_labels(self).items())
        labels.update(chapters.items())
        st.selectbox(_("Jump to"), list(labels), index=None, key=key, on_change=self._jump, args=(key,),
                     format_func=lambda n: labels[n], placeholder=_("Jump to…"), label_visibility="collapsed",
                     width=170, help=_("Jump to the next teaching moment of a kind (in this game, else in the bots' "
                                       "games of the next deals), or to the start of a trick or a round"))

    def _step_bar(self, hand: Hand, step: int, total: int) -> None:
        """Start, Back, Forward, End, auto-play, its speed and a jump to a trick, in one row; on a phone the
        buttons show their icons only and the speed and the jump move into a pop-over."""
        chapters: dict[int, str] = {}
        for number, st_ in enumerate(hand.steps, start=1):
            if st_.chapter and st_.chapter not in chapters.values():
                chapters[number] = st_.chapter
        buttons = [self.key(name) for name in ("first", "back", "forward", "last", "auto", "more")]
        draw.bar_style(icon_only=buttons, wide_only=[self.key("w:speed"), self.key("w:jump")],
                       narrow_only=[self.key("more")])
        if language() != DEFAULT_LANGUAGE:  # longer words: Start and End by their icons alone (one row)
            draw.bar_style(icon_only=[self.key("first"), self.key("last")], always=True)
        with st.container(horizontal=True, vertical_alignment="center", gap="small", key=self.key("steps")):
            st.button(_("Start"), icon=":material/first_page:", on_click=self._goto, args=(0,),
                      key=self.key("first"), disabled=step == 0, help=_("Back to the deal"))
            self._back_forward(step, total)
            st.button(_("End"), icon=":material/last_page:", on_click=self._goto, args=(total,), key=self.key("last"),
                      disabled=step == total, help=_("The end of the game"))
            self._auto_button(step, total)
            self._speed(self.key("w:speed"))
            self._jump_to(self.key("w:jump"), chapters)
            with st.popover(_("Speed and jump"), icon=":material/more_horiz:", key=self.key("more"),
                            help=_("The speed of auto-play; jump to a trick or round")):
                self._speed(self.key("w:speed-menu"))
                self._jump_to(self.key("w:jump-menu"), chapters)
        st.progress(step / total if total else 1.0, text=self._step_of(step, total))

    @staticmethod
    def _step_of(step: int, total: int) -> str:
        return _("Step {step} of {total}").format(step=local_number(step), total=local_number(total))

    def _back_forward(self, step: int, total: int) -> None:
        st.button(_("Back"), icon=":material/chevron_left:", on_click=self._goto, args=(step - 1,),
                  key=self.key("back"), disabled=step == 0, help=_("One step back (←)"))
        st.button(_("Forward"), icon=":material/chevron_right:", on_click=self._goto, args=(step + 1,),
                  key=self.key("forward"), disabled=step == total, help=_("One step on (→)"), type="primary")

    def play(self) -> None:
        """Play mode: the result when the game is over, then the table on one screen — the trick (or the trick
        just finished, with its Continue), your hand and the decision's buttons together (:func:`draw.play_table`)."""
        s = self.settings
        draw.step_keys(self.key("keys"), self._key_step)
        names = self.seat_names(self._hand("play"))
        if s.present:
            self._play_presenter_bar()
        hand = self.play_hand()
        self.write_link(hand)
        state = hand.last
        me = s.me
        peek = bool(st.session_state.get(self.key("w:peek")))
        view = self.game.view(state, None if peek else me)
        pause = st.session_state.get(self.key("pause"))
        paused_at: int | None = pause if isinstance(pause, int) and pause < len(hand.steps) else None
        paused = paused_at is not None
        to_act = self.game.to_act(state)
        if to_act is None and not paused:
            with st.container(border=True):
                draw.outcome(self.game.outcome(state), self.letters)
                again, coach = st.columns(2)
                again.button(_("Play another deal"), icon=":material/casino:", on_click=self._new_deal,
                             key=self.key("again"), type="primary", width="stretch")
                self.review_panel(hand, coach)
        deciding = not paused and to_act == me
        draw.play_table(view, names, me=me, scale=self.scale(), key=self.key("view"),
                        trick=(lambda: self.pause_panel(hand, paused_at, names)) if paused_at is not None else None,
                        mine=lambda: self.own_hand(hand, me, names, deciding=deciding))
        self._seat_choice(names)
        draw.commentary(hand.steps, len(hand.steps), names, present=s.present, label=text_label, playing=True)
        self.record_panel(hand)

    def _seat_choice(self, names: Sequence[str]) -> None:
        if self.settings.present:
            return
        st.session_state[self.key("w:me")] = self.settings.me
        st.selectbox(_("Your seat"), list(range(len(names))), format_func=lambda i: names[i], key=self.key("w:me"),
                     on_change=self._on_me, help=_("Choose where you sit; the deal starts again."))

    def _play_presenter_bar(self) -> None:
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.caption(_("Presenter mode · → continues after a trick"), width="stretch")
            st.button(_("Leave presenter mode"), icon=":material/close_fullscreen:", key=self.key("leave"),
                      on_click=self._leave_presenter)

    def review_panel(self, hand: Hand, place: Any) -> None:
        """The coach's review of your decisions in the finished game (see :func:`ui.table_review.review_panel`)."""
        from ui.table_review import review_panel

        review_panel(self, hand, place)

    def pause_panel(self, hand: Hand, index: int, names: Sequence[str]) -> None:
        """The trick just finished, in the trick's place: its cards, who won it and with what, and Continue."""
        step = hand.steps[index]
        # What happened and Continue first, in one row, so that Continue is in view however the trick wraps.
        draw.one_row(self.key("paused"))
        with st.container(horizontal=True, vertical_alignment="center", gap="small", key=self.key("paused")):
            st.success(_("**{trick} is over.** {comment}").format(trick=plain(step.chapter) or _("The trick"),
                                                                   comment=plain(step.comment)),
                       icon=":material/emoji_events:")
            st.button(_("Continue"), icon=":material/play_arrow:", key=self.key("continue"), on_click=self._continue,
                      type="primary", help=_("On to the next trick (→ does it too)"))
        draw.trick_cards(finished_trick(self.game, hand, index), names, scale=self.scale(),
                         key=self.key(f"done:{index}"))

    def decision(self, hand: Hand, me: int, names: Sequence[str]) -> None:
        """One row: what the decision is in one line, its word buttons (pass, bid, declare …), Hint and Undo."""
        state = hand.last
        prompt = self.game.prompt(state)
        legal = self.game.legal_actions(state, limit=5000)
        words = [a for a in legal if self.game.action_cards(a) is None][:12]
        draw.bar_style(icon_only=[self.key("undo")], always=True)
        if sum(len(action_label(self.game, a)) + 4 for a in words) <= 36:  # a few short buttons beside the text
            draw.one_row(self.key("decision"))
        with st.container(horizontal=True, vertical_alignment="center", gap="small", key=self.key("decision")):
            st.markdown(_("**Your turn, {seat}{role}:** {prompt}").format(
                seat=plain(names[me]), role=self._role(state, me), prompt=plain(prompt.text)), width="stretch")
            for i, action in enumerate(words):
                st.button(action_label(self.game, action), key=self.key(f"act:{i}:{len(hand.steps)}"),
                          on_click=self.act, args=(action,), type="primary" if i == 0 and len(words) == 1 else
                          "secondary")
            st.button(_("Hint"), icon=":material/lightbulb:", key=self.key("hint-button"), on_click=self._hint,
                      help=_("The coach's choice, with its reason"))
            st.button(_("Undo"), icon=":material/undo:", key=self.key("undo"), on_click=self._undo,
                      disabled=not any(s.seat == me for s in hand.steps),
                      help=_("Take back your last play (and the bots' plays after it)"))

    def _role(self, state: Any, me: int) -> str:
        role = self.game.view(state, me).seats[me].role
        return f" ({plain(role)})" if role else ""

    def _verdicts(self) -> None:
        """A refused play with its reason, and the hint with its reason: drawn right under your hand, next to the
        cards you just chose and the button you pressed (not at the top of the page)."""
        refused = st.session_state.get(self.key("refused"))
        if refused:
            st.error(_("You can't play {play}: {reason}").format(play=plain(refused[0]), reason=plain(refused[1])),
                     icon=":material/block:")
        hint = st.session_state.get(self.key("hint"))
        if hint:
            why = str(hint[1]).strip()
            if not why.endswith((".", "\u0964")):
                why += "." if language() == "en" else "\u0964"
            st.info(_("Hint: **{play}** — {why}").format(play=plain(hint[0]), why=plain(why)),
                    icon=":material/lightbulb:")

    def own_hand(self, hand: Hand, me: int, names: Sequence[str], *, deciding: bool) -> None:
        """Your cards, always on screen under the trick: when you decide, the decision's row above them and the cards
        chosen by clicking, the cards that matter marked; drawn smaller when that keeps a long hand on one row."""
        state = hand.last
        if deciding:
            self.decision(hand, me, names)
        else:
            seat = self.game.view(state, me).seats[me]
            you = ", ".join([_("you"), *([plain(seat.role)] if seat.role else [])])
            st.markdown(f"**{plain(names[me])}** ({you})" + (f" :gray[· {plain(seat.note)}]" if seat.note else ""))
        cards = [c for c in self.game.view(state, me).seats[me].cards if c is not None]
        groups = self.game.hand_groups(state, cards)
        flat = [c for _, members in groups for c in members]
        legal = self.game.legal_actions(state, limit=5000) if deciding else []
        card_actions = [a for a in legal if self.game.action_cards(a) is not None]
        playable = {c for a in card_actions for c in (self.game.action_cards(a) or ())}
        prompt = self.game.prompt(state) if deciding else None
        reasons: dict[int, str] = {}
        if card_actions:
            why: dict[Card, str] = {}
            for i, card in enumerate(flat):
                if card not in playable:
                    reasons[i] = why.setdefault(card, self._why_not(state, card))
        draw.choose_cards(
            self.key(f"pick:{len(hand.steps)}"), groups, selectable=bool(card_actions), unusable=reasons,
            highlight=prompt.highlight if prompt else (), highlight_label=prompt.highlight_label if prompt else "",
            marked=prompt.marked if prompt else (), marked_label=prompt.marked_label if prompt else "",
            count=prompt.count if prompt else None, scale=self.scale(), label=_("Your hand ({seat})").format(
                seat=names[me]),
            action=_("Play the chosen cards") if not (prompt and prompt.count) else _("Choose these {count}").format(
                count=local_number(prompt.count)),
            fit=True, on_play=self.play_cards)
        if deciding:
            self._verdicts()

    def _why_not(self, state: Any, card: Card) -> str:
        try:
            action = self.game.parse_action(state, card.text)
        except CardTableError as error:
            return str(error)
        verdict = self.game.check(state, action)
        return verdict.reason if not verdict.legal else _("it can be played only together with other cards")

    def record_panel(self, hand: Hand) -> None:
        """Save, load or share the game (see :func:`ui.table_link.record_panel`)."""
        record_panel(self, hand)


def render_table(key: str, *, game: SomeGame | None = None, title: str | None = None) -> None:
    """The Table page for ``key`` (``game`` replaces the registered game, for tests)."""
    chosen = game or table_game(key)
    heading = title or _("{game} — Table").format(game=_(GAMES[key].title) if key in GAMES else key)
    if chosen is None:
        st.title(heading)
        st.info(_("The whole-game engine of this game is being written."))
        return
    page = TablePage(key, chosen)
    page.read_link()
    page.use_form()
    if not page.settings.present:
        st.header(heading, divider="gray")
    try:
        page.render()
    except CardTableError as error:  # pragma: no cover - a last guard: never a traceback for bad input
        show_error(error)


__all__ = ["Hand", "TablePage", "action_label", "load_hand", "outcome_text", "render_table", "table_game", "text_label"]


def outcome_text(outcome: Outcome | None) -> str:
    return "" if outcome is None else outcome.summary
