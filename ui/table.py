"""The Table page of any game: watch a seeded hand step by step, or play one against the bots.

Written once against :class:`engine.table.TableGame`; a game's page is ``render_table("euchre")``.
A hand is a :class:`engine.table.Record` (preset, seed, actions): it is what the page keeps, what the
download holds and what a link (``?hand=…``) carries.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from engine.cards import Card, Deck, format_cards, parse_cards
from engine.errors import InvalidRequestError
from engine.games import GAMES
from engine.table import Record, ReplayError, Step, TableGame, TableView, replay
from ui.nav import current_preset, set_preset
from ui.share import decode_position, encode_position, parse_json_position
from ui.widgets import card_picker, show_cards, show_error

WATCH, PLAY = "Watch a hand", "Play against the computer"
TEACHER = -1
HAND_QUERY = "hand"


def table_game(game: str) -> TableGame | None:
    """The game's TableGame (``engine/<game>/table.py``'s ``TABLE``), or None before it exists."""
    if importlib.util.find_spec(f"engine.{game}") is None or importlib.util.find_spec(f"engine.{game}.table") is None:
        return None
    return importlib.import_module(f"engine.{game}.table").TABLE  # type: ignore[no-any-return]


def action_cards(action: str) -> tuple[Card, ...] | None:
    """The cards of an action that is a play of cards (the whole text is card notation), else None."""
    for suitless in (False, True):
        try:
            cards = parse_cards(action, suitless=suitless)
        except ValueError:
            continue
        return cards or None
    return None


def action_label(action: str) -> str:
    """An action as a button label, with card symbols: ``bid 2`` → ``Bid 2``, ``9C`` → ``9♣``."""
    words = []
    for word in action.split():
        cards = action_cards(word)
        words.append(format_cards(cards, symbols=True) if cards and len(word) > 1 else word)
    text = " ".join(words)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Hand:
    """A record with its replayed states and steps (kept in the session so reruns need not replay)."""

    record: Record
    states: tuple[Any, ...]
    steps: tuple[Step, ...]


def load_hand(table: TableGame, record: Record) -> Hand:
    """Replay ``record``; ReplayError names the refused step."""
    states, steps = replay(table, record)
    return Hand(record, tuple(states), tuple(steps))


def extend(table: TableGame, hand: Hand, action: str) -> Hand:
    """``hand`` with one more action (IllegalPlayError if it is not legal)."""
    state, step = table.apply(hand.states[-1], action)
    record = replace(hand.record, actions=hand.record.actions + (action,))
    return Hand(record, hand.states + (state,), hand.steps + (step,))


def truncate(hand: Hand, length: int) -> Hand:
    """``hand`` with only its first ``length`` actions."""
    record = replace(hand.record, actions=hand.record.actions[:length])
    return Hand(record, hand.states[: length + 1], hand.steps[:length])


def bot_hand(table: TableGame, preset: str, seed: int, bots: str = "heuristic") -> Hand:
    """A whole hand played by bots from the seeded deal."""
    state = table.new_hand(preset, seed)
    hand = Hand(Record(table.game, preset, seed), (state,), ())
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(10_000):
        if table.to_act(hand.states[-1]) is None:
            return hand
        hand = extend(table, hand, table.bot_action(hand.states[-1], bots, rng))
    raise RuntimeError(f"the {table.game} hand with seed {seed} did not end")


# ---------------------------------------------------------------------------------------------- drawing


_COMPASS = {"N": "N", "NORTH": "N", "S": "S", "SOUTH": "S", "E": "E", "EAST": "E", "W": "W", "WEST": "W"}


def _seat_block(view: TableView, index: int, *, scale: float, me: int | None, side: bool = False) -> None:
    seat = view.seats[index]
    turn = " ▶ **to act**" if view.to_act == index else ""
    you = " (you)" if me == index else ""
    role = f" — {seat.role}" if seat.role else ""
    note = f" · {seat.note}" if seat.note else ""
    faded = "" if seat.active else " · sits out"
    st.markdown(f"**{seat.name}**{you}{role}{note}{faded}{turn}")
    if seat.cards:
        overlap = 0.62 if side else 0.3 if len(seat.cards) <= 8 else 0.55
        show_cards(seat.cards, overlap=overlap, scale=0.7 * scale, dim=() if seat.active else range(len(seat.cards)))
    else:
        st.caption("no cards")


def _trick_block(view: TableView, names: Sequence[str], *, scale: float) -> None:
    with st.container(border=True):
        st.markdown("**On the table**")
        if not view.table:
            st.caption("Nothing played in this round yet.")
        columns = st.columns(max(len(view.table), 1))
        for column, (seat, cards, label) in zip(columns, view.table, strict=False):
            with column:
                show_cards(cards, overlap=0.45, scale=0.75 * scale,
                           caption=f"{names[seat]}" + (f" · {label}" if label else ""))


def draw_view(view: TableView, names: Sequence[str], *, scale: float, me: int | None = None,
              compass: bool = False, part: str = "all", skip: int | None = None) -> None:
    """The table at one moment: information, the cards in play, and every seat's cards.

    With ``compass`` and four seats named by compass points, the seats sit around the trick. Otherwise
    ``part`` draws only the ``"top"`` (information and trick) or the ``"seats"`` (one row per seat), so that
    long hands can have the page's full width.
    """
    if part == "seats" and compass:
        return
    if part in ("all", "top"):
        if view.info:
            st.markdown("  ·  ".join(f"**{label}:** {value}" for label, value in view.info))
        for label, cards in view.extra:
            show_cards(cards, caption=label, overlap=0.35, scale=0.7 * scale)
    where = {_COMPASS.get(seat.name.upper()): i for i, seat in enumerate(view.seats)}
    if compass and set(where) == {"N", "E", "S", "W"} and part != "seats":
        _, north, _ = st.columns([1, 2, 1])
        with north:
            _seat_block(view, where["N"], scale=scale, me=me)
        west, middle, east = st.columns([1, 1.2, 1])
        with west:
            _seat_block(view, where["W"], scale=scale, me=me, side=True)
        with middle:
            _trick_block(view, names, scale=scale)
        with east:
            _seat_block(view, where["E"], scale=scale, me=me, side=True)
        _, south, _ = st.columns([1, 2, 1])
        with south:
            _seat_block(view, where["S"], scale=scale, me=me)
        return
    if part in ("all", "top"):
        _trick_block(view, names, scale=scale)
    if part in ("all", "seats"):
        for index in range(len(view.seats)):
            if index != skip:
                _seat_block(view, index, scale=scale, me=me)


def draw_result(result: dict[str, Any] | None) -> None:
    if result is None:
        return
    with st.container(border=True):
        st.markdown("#### Result")
        for key, value in result.items():
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            if isinstance(value, dict):
                shown = " · ".join(f"{k}: {v}" for k, v in value.items())
            st.markdown(f"**{key.replace('_', ' ').capitalize()}:** {shown}")


def draw_commentary(hand: Hand, upto: int, names: Sequence[str], playing: bool = False) -> None:
    st.markdown("#### Commentary")
    if upto == 0:
        st.info("The cards are dealt: your decision comes first." if playing
                else "The cards are dealt. Step forward to see the first decision.")
    else:
        step = hand.steps[upto - 1]
        st.success(f"**Step {upto}** · {names[step.seat]}: **{action_label(step.action)}**  \n{step.comment}")
    if upto == 0:
        return
    with st.container(height=min(420, 60 + 48 * upto)):
        for number in range(upto, 0, -1):
            step = hand.steps[number - 1]
            chapter = f"{step.chapter} · " if step.chapter else ""
            st.markdown(f"{number}. {chapter}{names[step.seat]} — {action_label(step.action)}: {step.comment}")


# ---------------------------------------------------------------------------------------------- page


def render_table(game: str, *, table: TableGame | None = None, title: str | None = None) -> None:
    """The Table page for ``game`` (``table`` replaces the game's own TableGame in tests)."""
    st.title(title or f"{GAMES[game].title if game in GAMES else game} — Table")
    table = table or table_game(game)
    if table is None:
        st.info("The whole-hand engine of this game is being written.")
        return
    page = _TablePage(game, table)
    page.run()


class _TablePage:
    def __init__(self, game: str, table: TableGame) -> None:
        self.game = game
        self.table = table
        self.k = f"{game}:table:"
        presets = list(table.presets())
        chosen = current_preset(game) if game in GAMES else ""
        self.preset = chosen if chosen in presets else presets[0]

    def key(self, name: str) -> str:
        return self.k + name

    # -- state ------------------------------------------------------------------------------------
    def _init(self) -> None:
        ss = st.session_state
        ss.setdefault(self.key("seed"), 1)
        ss.setdefault(self.key("mode"), WATCH)
        ss.setdefault(self.key("view"), TEACHER)
        ss.setdefault(self.key("seat"), 0)
        if not ss.get(self.key("url-read")):
            ss[self.key("url-read")] = True
            text = st.query_params.get(HAND_QUERY)
            if text:
                try:
                    self._load(decode_position(text))
                except ValueError as error:
                    ss[self.key("message")] = ("error", f"The hand in the link was not loaded: {error}")

    def _watch_hand(self) -> Hand:
        ss = st.session_state
        hand: Hand | None = ss.get(self.key("watch"))
        seed = int(ss[self.key("seed")])
        changed = hand is not None and (hand.record.preset != self.preset or (
            not ss.get(self.key("loaded")) and hand.record.seed != seed))
        if hand is None or changed:
            hand = bot_hand(self.table, self.preset, seed)
            ss[self.key("watch")] = hand
            ss[self.key("loaded")] = False
            ss[self.key("step")] = 0
        return hand

    def _play_hand(self) -> Hand:
        ss = st.session_state
        hand: Hand | None = ss.get(self.key("play"))
        seed = int(ss[self.key("seed")])
        if hand is None or (hand.record.seed, hand.record.preset) != (seed, self.preset):
            state = self.table.new_hand(self.preset, seed)
            hand = Hand(Record(self.table.game, self.preset, seed), (state,), ())
        me = int(ss[self.key("seat")])
        while True:  # the bots play until it is the learner's turn or the hand is over
            seat = self.table.to_act(hand.states[-1])
            if seat is None or seat == me:
                break
            rng = random.Random(hash((seed, len(hand.record.actions))))
            hand = extend(self.table, hand, self.table.bot_action(hand.states[-1], "heuristic", rng))
        ss[self.key("play")] = hand
        return hand

    # -- callbacks --------------------------------------------------------------------------------
    def _new_deal(self) -> None:
        ss = st.session_state
        ss[self.key("seed")] = int(ss[self.key("seed")]) + 1
        self._reset()

    def _reset(self) -> None:
        ss = st.session_state
        ss[self.key("loaded")] = False
        ss[self.key("watch")] = None
        ss[self.key("play")] = None
        ss[self.key("step")] = 0

    def _goto(self, step: int) -> None:
        st.session_state[self.key("step")] = step

    def _jump(self) -> None:
        target = st.session_state.get(self.key("jump"))
        if target is not None:
            st.session_state[self.key("step")] = int(target)

    def _act(self, action: str) -> None:
        ss = st.session_state
        hand: Hand = ss[self.key("play")]
        verdict = self.table.check(hand.states[-1], action)
        if not verdict.legal:
            ss[self.key("message")] = ("error", f"You can't play {action_label(action)}: {verdict.reason}")
            return
        ss[self.key("play")] = extend(self.table, hand, action)
        ss[self.key("hint")] = None

    def _play_selected(self, legal: Sequence[str]) -> None:
        chosen = action_cards(st.session_state.get(self.key("chosen"), "")) or ()
        if not chosen:
            return
        wanted = Counter(chosen)
        matches = [a for a in legal if (cs := action_cards(a)) is not None and Counter(cs) == wanted]
        self._act(matches[0] if matches else format_cards(chosen))

    def _undo(self) -> None:
        ss = st.session_state
        hand: Hand = ss[self.key("play")]
        me = int(ss[self.key("seat")])
        mine = [i for i, step in enumerate(hand.steps) if step.seat == me]
        if mine:
            ss[self.key("play")] = truncate(hand, mine[-1])
            ss[self.key("hint")] = None
            ss[self.key("undone")] = True

    def _hint(self) -> None:
        hand: Hand = st.session_state[self.key("play")]
        rng = random.Random(len(hand.record.actions))
        st.session_state[self.key("hint")] = self.table.bot_action(hand.states[-1], "heuristic", rng)

    def _load(self, data: dict[str, Any]) -> None:
        record = Record.from_json(data)
        if record.game != self.table.game:
            raise InvalidRequestError(f"this is a {record.game!r} hand; this table plays {self.table.game!r}")
        if record.preset not in self.table.presets():
            raise InvalidRequestError(f"unknown preset {record.preset!r}; known: {', '.join(self.table.presets())}")
        hand = load_hand(self.table, record)  # raises ReplayError before anything changes
        ss = st.session_state
        ss[self.key("watch")] = hand
        ss[self.key("loaded")] = True
        ss[self.key("mode")] = WATCH
        ss[self.key("seed")] = record.seed
        ss[self.key("step")] = len(hand.steps)
        ss[self.key("message")] = ("success", f"Loaded a hand of {len(hand.steps)} steps (seed {record.seed}, "
                                              f"preset {record.preset}).")
        if self.game in GAMES and record.preset != self.preset:
            self.preset = record.preset
            set_preset(self.game, record.preset)  # the sidebar follows the hand (may rerun at once)

    def _load_clicked(self) -> None:
        ss = st.session_state
        uploaded = ss.get(self.key("upload"))
        text = uploaded.getvalue().decode("utf-8", "replace") if uploaded is not None else ss.get(self.key("paste"), "")
        try:
            self._load(parse_json_position(text))
        except ReplayError as error:
            ss[self.key("message")] = ("error", f"Not loaded — step {error.step} ({error.action!r}) is refused: "
                                                f"{error.reason}. The table is unchanged.")
        except ValueError as error:
            ss[self.key("message")] = ("error", f"Not loaded: {error}. The table is unchanged.")

    # -- drawing ----------------------------------------------------------------------------------
    def run(self) -> None:
        self._init()
        ss = st.session_state
        first = self.table.new_hand(self.preset, int(ss[self.key("seed")]))
        names = self.table.seat_names(first)
        self.compass = self._compass(int(ss[self.key("seed")]))
        top = st.columns([2, 1, 1, 1])
        top[0].radio("Mode", [WATCH, PLAY], key=self.key("mode"), horizontal=True, on_change=self._reset)
        top[1].number_input("Deal (seed)", min_value=0, max_value=2**31 - 1, step=1, key=self.key("seed"),
                            on_change=self._reset, help="The same seed always deals the same cards.")
        top[2].button("New deal", icon=":material/casino:", on_click=self._new_deal, key=self.key("new"))
        large = top[3].toggle("Large cards", key=self.key("large"), help="Bigger cards for a projector.")
        st.caption(f"Rule preset: **{self.preset}** (change it in the sidebar).")
        message = ss.pop(self.key("message"), None)
        if message:
            (st.success if message[0] == "success" else st.error)(message[1])
        scale = 1.35 if large else 1.0
        if ss[self.key("mode")] == WATCH:
            self._watch(names, scale)
        else:
            self._play(names, scale)

    def _compass(self, seed: int) -> bool:
        """Seats around the trick when hands stay small (≤ 8 cards) all through a hand of this game."""
        cache: dict[tuple[str, int], bool] = st.session_state.setdefault(self.key("compass"), {})
        if (self.preset, seed) not in cache:
            states = bot_hand(self.table, self.preset, seed, "random").states
            sample = [states[i * (len(states) - 1) // 4] for i in range(4)]
            largest = max(len(seat.cards) for state in sample for seat in self.table.view(state, None).seats)
            cache[(self.preset, seed)] = largest <= 8
        return cache[(self.preset, seed)]

    def _viewer(self, names: Sequence[str], label: str) -> int | None:
        options = [TEACHER] + list(range(len(names)))
        choice = st.selectbox(label, options, key=self.key("view"),
                              format_func=lambda i: "Teacher view: all cards face up" if i == TEACHER
                              else f"Only {names[i]}'s cards")
        return None if choice == TEACHER else int(choice)

    def _watch(self, names: Sequence[str], scale: float) -> None:
        ss = st.session_state
        hand = self._watch_hand()
        names = self.table.seat_names(hand.states[0])  # a loaded record's options may rename the seats
        total = len(hand.steps)
        step = max(0, min(int(ss.get(self.key("step"), 0)), total))
        ss[self.key("step")] = step
        controls = st.columns([1, 1, 1, 1, 3])
        controls[0].button("Start", icon=":material/first_page:", on_click=self._goto, args=(0,),
                           key=self.key("first"), disabled=step == 0, width="stretch")
        controls[1].button("Back", icon=":material/chevron_left:", on_click=self._goto, args=(step - 1,),
                           key=self.key("back"), disabled=step == 0, width="stretch")
        controls[2].button("Forward", icon=":material/chevron_right:", on_click=self._goto, args=(step + 1,),
                           key=self.key("forward"), disabled=step == total, width="stretch")
        controls[3].button("End", icon=":material/last_page:", on_click=self._goto, args=(total,),
                           key=self.key("last"), disabled=step == total, width="stretch")
        chapters: dict[int, str] = {}
        for number, s in enumerate(hand.steps, start=1):
            if s.chapter and s.chapter not in chapters.values():
                chapters[number] = s.chapter
        with controls[4]:
            st.selectbox("Jump to", list(chapters), index=None, key=self.key("jump"), on_change=self._jump,
                         format_func=lambda n: chapters[n], placeholder="Jump to a trick or round…",
                         label_visibility="collapsed")
        st.progress(step / total if total else 1.0, text=f"Step {step} of {total}")
        left, right = st.columns([3, 2])
        with right:
            viewer = self._viewer(names, "Whose cards are shown")
            draw_commentary(hand, step, names)
        view = self.table.view(hand.states[step], viewer)
        with left:
            draw_view(view, names, scale=scale, me=viewer, compass=self.compass, part="top")
            if step == total:
                draw_result(self.table.result(hand.states[-1]))
        draw_view(view, names, scale=scale, me=viewer, compass=self.compass, part="seats")
        self._record_panel(hand)

    def _play(self, names: Sequence[str], scale: float) -> None:
        ss = st.session_state
        st.selectbox("Your seat", list(range(len(names))), format_func=lambda i: names[i], key=self.key("seat"),
                     on_change=self._reset)
        me = int(ss[self.key("seat")])
        hand = self._play_hand()
        state = hand.states[-1]
        show_all = st.toggle("Show every seat's cards", key=self.key("peek"))
        left, right = st.columns([3, 2])
        with right:
            draw_commentary(hand, len(hand.steps), names, playing=True)
        view = self.table.view(state, None if show_all else me)
        with left:
            draw_view(view, names, scale=scale, me=me, compass=self.compass, part="top")
        my_turn = self.table.to_act(state) == me
        if self.table.to_act(state) is None:
            draw_result(self.table.result(state))
            st.button("Play another deal", icon=":material/casino:", on_click=self._new_deal, key=self.key("again"))
        elif my_turn:
            self._my_turn(state, me, names)
        draw_view(view, names, scale=scale, me=me, compass=self.compass, part="seats", skip=me if my_turn else None)
        self._record_panel(hand)

    def _my_turn(self, state: Any, me: int, names: Sequence[str]) -> None:
        ss = st.session_state
        legal = self.table.legal_actions(state)
        card_actions = [a for a in legal if action_cards(a) is not None]
        word_actions = [a for a in legal if action_cards(a) is None]
        cards = [c for c in self.table.view(state, me).seats[me].cards if c is not None]
        playable = {c for a in card_actions for c in (action_cards(a) or ())}
        with st.container(border=True):
            st.markdown(f"#### Your turn, {names[me]}")
            if card_actions:
                pool = [c for c in cards if c in playable]
                deck = Deck.build("your playable cards", pool, suitless=all(c.suit is None for c in pool))
                chosen = card_picker(self.key(f"pick:{len(ss[self.key('play')].steps)}"), deck,
                                     label="Choose the cards to play (greyed cards in your hand are in no legal play)",
                                     limit_to=pool)
                ss[self.key("chosen")] = format_cards(chosen)
                left = Counter(chosen)
                mark = []
                for i, card in enumerate(cards):
                    if left[card] > 0:
                        left[card] -= 1
                        mark.append(i)
                dim = [i for i, c in enumerate(cards) if c not in playable]
                show_cards(cards, overlap=0.55 if len(cards) > 13 else 0.4, dim=dim, mark=mark, scale=0.85)
                st.button("Play the chosen cards", icon=":material/play_arrow:", key=self.key("play-selected"),
                          on_click=self._play_selected, args=(card_actions,), disabled=not chosen, type="primary")
            if word_actions:
                buttons = st.columns(min(len(word_actions), 6))
                for i, action in enumerate(word_actions):
                    buttons[i % len(buttons)].button(action_label(action), key=self.key(f"act:{action}"),
                                                     on_click=self._act, args=(action,), width="stretch")
            tools = st.columns(3)
            tools[0].button("Hint", icon=":material/lightbulb:", key=self.key("hint-button"), on_click=self._hint)
            tools[1].button("Undo my last play", icon=":material/undo:", key=self.key("undo"), on_click=self._undo,
                            disabled=not any(s.seat == me for s in ss[self.key("play")].steps))
            hint = ss.get(self.key("hint"))
            if hint:
                st.info(f"The heuristic bot would play **{action_label(hint)}**.")
            greyed = sorted({c for c in cards if c not in playable}, key=cards.index)
            if card_actions and greyed:
                with st.expander("Why can't I play a greyed card?"):
                    pick = st.selectbox("Card", greyed, format_func=lambda c: c.symbol_text, key=self.key("why"))
                    st.write(self.table.check(state, pick.text).reason)

    def _record_panel(self, hand: Hand) -> None:
        record = hand.record.to_json()
        result = self.table.result(hand.states[-1])
        if result is not None:
            record["result"] = result
        with st.expander("Save, load or share this hand"):
            left, right = st.columns(2)
            with left:
                st.download_button("Download the hand (JSON)", json.dumps(record, indent=2, ensure_ascii=False),
                                   file_name=f"{self.game}-hand-{hand.record.seed}.json", mime="application/json",
                                   key=self.key("download"), icon=":material/download:")
                if st.button("Put this hand in the link", key=self.key("link"), icon=":material/link:"):
                    st.query_params[HAND_QUERY] = encode_position(hand.record.to_json())
                    st.success("The address bar now holds this hand: copy it to share.")
            with right:
                st.file_uploader("Load a hand (JSON)", type=["json"], key=self.key("upload"))
                st.text_area("…or paste one", key=self.key("paste"), height=100)
                st.button("Load", key=self.key("load"), on_click=self._load_clicked, icon=":material/upload:")


__all__ = ["render_table", "table_game", "action_cards", "action_label", "load_hand", "show_error"]
