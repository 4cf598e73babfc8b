"""One table, several people (the page ``/table_room``): someone opens a Table with seats kept for people and gets
a code; others take those seats with the code, each on their own device; bots play the other seats (and the free
ones, when the host says so). Each person sees only their own hand (the engine's ``view(seat)``); the host's
screen — a projector — shows the table with no hidden card face up, or every hand, as the host chooses.

The hand lives in the store (:mod:`ui.store.tables`), so the people may be served by different app server
processes; every play is decided by :mod:`engine.shared_table` and refused with its one sentence. Screens follow
the others' plays by polling the table's version every :data:`POLL_SECONDS` (a fragment; a change reruns the page).

Keys: the host key and your seat key are kept in the session and in the page's address (``?code=…&me=…`` /
``&host=…``), so that a reload keeps your seat; the code alone lets anyone look at the table or sit down.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final
from urllib.parse import urlencode, urlsplit

import streamlit as st

from engine.cards import Card
from engine.errors import CardTableError, InvalidRequestError
from engine.games import GAMES
from engine.games import game as game_of
from engine.i18n import N_, digits
from engine.i18n import gettext as _
from engine.shared_table import SeatKind, SharedGame, public_view, seat_name, seat_view, state_of
from engine.table import TableView
from engine.words import seat_name as seat_words
from ui import table_draw as draw
from ui.classroom import qr_svg
from ui.language import with_language
from ui.learner import current_learner, store, store_problem, who
from ui.nav import GAME_KEY, current_preset
from ui.store import Store, StoreError
from ui.store.tables import STALE_SEAT, StaleSeat, TableInfo
from ui.table_hands import action_label
from ui.widgets import plain

POLL_SECONDS: Final = 1.0
"""How often a screen asks the store whether the table changed (the others' plays show within two polls)."""
ROOM_KEY: Final = "room:state"
CODE_QUERY, SEAT_QUERY, HOST_QUERY = "code", "me", "host"
ROOM_PATH: Final = "table_room"
NO_STORE: Final = N_("A shared table needs the progress database, which cannot be opened right now ({reason}).")
LOOKING: Final = N_("You are looking at this table; take a free seat to play.")
LOOKING_FULL: Final = N_("You are looking at this table; every seat is taken.")


@dataclass
class Room:
    """What this session knows of its shared table: which one, its seat key and host key (None when it has
    none), the host's choice of showing every hand, and the one sentence to show next (a refusal)."""

    table_id: str | None = None
    code: str = ""
    seat_key: str | None = None
    host_key: str | None = None
    show_all: bool = False
    present: bool = False
    problem: str | None = None
    refused: tuple[str, str] | None = None


def room() -> Room:
    value = st.session_state.get(ROOM_KEY)
    if not isinstance(value, Room):
        value = Room()
        st.session_state[ROOM_KEY] = value
    return value


def _say(text: str) -> None:
    room().problem = text


# ------------------------------------------------------------------------------------------------ the link


def read_link(opened: Store) -> None:
    """A link's table code (and keys), when it names another table than this session's, become this session's
    table; a wrong code or key gets its one sentence (and leaves the address, so it is said once)."""
    r = room()
    code = st.query_params.get(CODE_QUERY)
    if not code or code == r.code:
        return
    try:
        info = opened.table_by_code(code, who())
    except StoreError as error:
        _say(str(error))
        return
    r.table_id, r.code, r.seat_key, r.host_key, r.refused = info.id, info.code, None, None, None
    seat_key = st.query_params.get(SEAT_QUERY)
    if seat_key:
        try:
            opened.seat_of(info.id, seat_key)
        except StoreError as error:
            _say(str(error))
        else:
            r.seat_key = seat_key
    host_key = st.query_params.get(HOST_QUERY)
    if host_key and opened.is_host(info.id, host_key):
        r.host_key = host_key


def write_link() -> None:
    """The address holds the table's code and this session's keys (a reload keeps your seat)."""
    r = room()
    wanted = {CODE_QUERY: r.code, SEAT_QUERY: r.seat_key or "", HOST_QUERY: r.host_key or ""}
    for name, value in wanted.items():
        if value and st.query_params.get(name) != value:
            st.query_params[name] = value
        elif not value and name in st.query_params:
            del st.query_params[name]


# ------------------------------------------------------------------------------------------------ callbacks


def _no_store() -> str:
    return _(NO_STORE).format(reason=store_problem() or _("no reason given"))


def _opened() -> Store | None:
    opened = store()
    if opened is None:
        _say(_no_store())
    return opened


def _find(code_key: str) -> None:
    opened = _opened()
    if opened is None:
        return
    r = room()
    try:
        info = opened.table_by_code(str(st.session_state.get(code_key) or ""), who())
    except StoreError as error:
        _say(str(error))
        return
    r.table_id, r.code, r.seat_key, r.host_key, r.problem, r.refused = info.id, info.code, None, None, None, None


def _options(text: str) -> dict[str, Any]:
    """The rule options typed as JSON (an object of option name → value); InvalidRequestError saying what is
    wrong otherwise."""
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        raise InvalidRequestError(_("The options are not JSON: write them as {example}.").format(
            example='{"option": value, …}')) from None
    if not isinstance(value, dict):
        raise InvalidRequestError(_("The options are a JSON object: {example}.").format(
            example='{"option": value, …}'))
    return value


def _open(game_key: str, seats_key: str, seed_key: str, options_key: str) -> None:
    opened = _opened()
    if opened is None:
        return
    key = str(st.session_state.get(game_key) or next(iter(GAMES)))
    people = st.session_state.get(seats_key) or []
    seed = st.session_state.get(seed_key)
    try:
        options = _options(str(st.session_state.get(options_key) or ""))
        hosted = opened.open_table(key, current_preset(key), int(seed) if isinstance(seed, int) else 1, people,
                                   options)
    except InvalidRequestError as error:
        _say(str(error))
        return
    except StoreError as error:
        _say(str(error))
        return
    r = room()
    r.table_id, r.code, r.host_key, r.seat_key, r.problem, r.refused = (hosted.table.id, hosted.table.code,
                                                                        hosted.key, None, None, None)


def _sit(seat: int, name_key: str) -> None:
    opened = _opened()
    r = room()
    if opened is None or r.table_id is None:
        return
    try:
        seated = opened.sit(r.table_id, seat, str(st.session_state.get(name_key) or ""))
    except StoreError as error:
        _say(str(error))
        return
    r.seat_key, r.problem, r.refused = seated.key, None, None


def _leave() -> None:
    opened = _opened()
    r = room()
    if opened is not None and r.table_id and r.seat_key:
        try:
            opened.leave(r.table_id, r.seat_key)
        except StoreError as error:
            _say(str(error))
    r.seat_key, r.refused = None, None


def _forget() -> None:
    """Leave this table's screen (the seat stays taken until its person leaves it or the host gives it away)."""
    st.session_state[ROOM_KEY] = Room()


def _host(change: str, seat: int = -1) -> None:
    opened = _opened()
    r = room()
    if opened is None or not r.table_id or not r.host_key:
        return
    try:
        if change == "bots":
            opened.fill_with_bots(r.table_id, r.host_key)
        elif change == "free":
            opened.free_seat(r.table_id, r.host_key, seat)
        else:
            info = opened.table(r.table_id)
            opened.deal_again(r.table_id, r.host_key, info.game.record.seed + 1)
    except StoreError as error:
        _say(str(error))


def _send(text: str, label: str, at_step: int) -> None:
    """Your action, sent to the store: applied (the bots then play), or refused with its one sentence."""
    opened = _opened()
    r = room()
    if opened is None or not r.table_id or not r.seat_key:
        return
    try:
        opened.play(r.table_id, r.seat_key, text, at_step)
    except StaleSeat as error:
        r.seat_key, r.refused = None, None
        _say(str(error))
    except StoreError as error:
        r.refused = (label, str(error))
    else:
        r.refused = None


def _play_cards(shared: SharedGame, at_step: int, cards: Sequence[Card]) -> None:
    """The chosen cards: the legal action with exactly these cards, else their text (refused with its reason)."""
    if not cards:
        return
    game = game_of(shared.key)
    state = state_of(shared)
    wanted = Counter(cards)
    for action in game.legal_actions(state, limit=5000):
        found = game.action_cards(action)
        if found is not None and Counter(found) == wanted:
            _send(game.action_text(action), action_label(game, action), at_step)
            return
    text = " ".join(c.text for c in cards)
    _send(text, " ".join(c.symbol_text for c in cards), at_step)


# ------------------------------------------------------------------------------------------------ drawing


def names_of(shared: SharedGame) -> tuple[str, ...]:
    """Each seat as the table shows it: "North · Ana", "East · bot", "South · free" (the seat first, so that the
    table places it)."""
    game = game_of(shared.key)
    rules = game.rules(shared.record.preset, shared.record.options)
    out = []
    for seat, sitter in enumerate(shared.seats):
        who_ = {SeatKind.PERSON: sitter.name, SeatKind.BOT: _("bot"), SeatKind.OPEN: _("free")}[sitter.kind]
        out.append(f"{seat_words(seat_name(game, rules, seat))} · {who_}")
    return tuple(out)


def named(view: TableView, names: Sequence[str]) -> TableView:
    """``view`` with each seat called by :func:`names_of`'s name."""
    return replace(view, seats=tuple(replace(s, name=names[i]) for i, s in enumerate(view.seats)))


def _why_not(game: Any, state: Any, card: Card) -> str:
    try:
        verdict = game.check(state, game.parse_action(state, card.text))
    except CardTableError as error:
        return str(error)
    return verdict.reason if not verdict.legal else _("it can be played only together with other cards")


def _action_words(count: int | None) -> str:
    """The hand's button: play what is chosen, or choose the number of cards the decision takes."""
    if count is None:
        return _("Play the chosen cards")
    return _("Play the chosen card") if count == 1 else _("Choose these {n}").format(n=digits(str(count)))


def own_hand(shared: SharedGame, seat: int, names: Sequence[str], key: str) -> None:
    """Your cards under the trick; at your turn the decision's line with its word buttons above them and the cards
    chosen by clicking (those you may not play greyed, with the engine's reason)."""
    game = game_of(shared.key)
    state = state_of(shared)
    deciding = game.to_act(state) == seat
    step = shared.step
    r = room()
    if deciding:
        prompt = game.prompt(state)
        legal = game.legal_actions(state, limit=5000)
        words = [a for a in legal if game.action_cards(a) is None][:12]
        with st.container(horizontal=True, vertical_alignment="center", gap="small", key=f"{key}:decision"):
            st.markdown(_("**Your turn, {name}:** {prompt}").format(name=plain(names[seat]), prompt=plain(prompt.text)),
                        width="stretch")
            for i, action in enumerate(words):
                label = action_label(game, action)
                st.button(label, key=f"{key}:act:{i}:{step}", on_click=_send,
                          args=(game.action_text(action), label, step))
    else:
        prompt = None
        legal = []
        to_act = game.to_act(state)
        waiting = " · " + _("waiting for {name}").format(name=plain(names[to_act])) if to_act is not None else ""
        st.markdown(_("**{name}** (you)").format(name=plain(names[seat])) + waiting)
    cards = [c for c in game.view(state, seat).seats[seat].cards if c is not None]
    groups = game.hand_groups(state, cards)
    flat = [c for _label, members in groups for c in members]
    card_actions = [a for a in legal if game.action_cards(a) is not None]
    playable = {c for a in card_actions for c in (game.action_cards(a) or ())}
    reasons: dict[int, str] = {}
    if card_actions:
        why: dict[Card, str] = {}
        for i, card in enumerate(flat):
            if card not in playable:
                reasons[i] = why.setdefault(card, _why_not(game, state, card))
    draw.choose_cards(
        f"{key}:pick:{step}", groups, selectable=bool(card_actions), unusable=reasons,
        highlight=prompt.highlight if prompt else (), highlight_label=prompt.highlight_label if prompt else "",
        marked=prompt.marked if prompt else (), marked_label=prompt.marked_label if prompt else "",
        count=prompt.count if prompt else None, label=_("Your hand ({name})").format(name=names[seat]),
        action=_action_words(prompt.count if prompt else None),
        fit=True, on_play=lambda chosen: _play_cards(shared, step, chosen))
    if deciding and r.refused:
        st.error(_("You can't play {play}: {reason}").format(play=plain(r.refused[0]), reason=plain(r.refused[1])),
                 icon=":material/block:")


def seats_panel(info: TableInfo) -> None:
    """Who sits where, each free seat with its "Sit at …" button, under the name box (for someone without a
    seat)."""
    names = names_of(info.game)
    if any(s.kind is SeatKind.OPEN for s in info.game.seats):
        learner = current_learner()
        name_key = "room:name"
        if learner is not None and not st.session_state.get(name_key):
            st.session_state[name_key] = learner.name
        st.text_input(_("Your name at the table"), key=name_key, max_chars=40,
                      help=_("What the other players see beside your seat."))
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="room:seats"):
        for i, sitter in enumerate(info.game.seats):
            if sitter.kind is SeatKind.OPEN:
                st.button(_("Sit at {seat}").format(seat=names[i].split(" · ")[0]), key=f"room:sit:{i}", on_click=_sit,
                          args=(i, "room:name"), icon=":material/event_seat:")
            else:
                st.markdown(f":material/event_seat: {plain(names[i])}", width="content")


def room_link(code: str) -> str:
    """The address that opens this page at the table with ``code`` (absolute when the page's own is known), in
    the page's language."""
    try:
        here = urlsplit(st.context.url or "")
    except Exception:  # no request context (tests): a link from the site's root still works
        here = urlsplit("")
    site = f"{here.scheme}://{here.netloc}" if here.scheme and here.netloc else ""
    return with_language(f"{site}/{ROOM_PATH}?{urlencode({CODE_QUERY: code})}")


def host_panel(info: TableInfo) -> None:
    """The host's row: the code to sit down with (large, for a projector), free seats to bots, a new deal, and
    whether every hand is shown."""
    r = room()
    free = sum(1 for s in info.game.seats if s.kind is SeatKind.OPEN)
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="room:host"):
        st.markdown("### " + _("Table code: {code}").format(code=info.code), width="content")
        st.caption(_("Players open “{page}” and type this code to take a free seat.").format(
            page=_("One table, several players")), width="stretch")
        with st.popover(_("Link and QR code"), icon=":material/qr_code_2:",
                        help=_("The table's address with its code, to scan or type instead of the code.")):
            link = room_link(info.code)
            st.markdown(f"**{plain(link)}**")
            st.image(qr_svg(link), width=260, caption=_("Scan to open the table"))
        st.button(_("Give the free seats to bots"), key="room:bots", on_click=_host, args=("bots",),
                  disabled=not free, icon=":material/smart_toy:")
        st.button(_("Deal again"), key="room:again", on_click=_host, args=("again",), icon=":material/casino:")
        people = [i for i, s in enumerate(info.game.seats) if s.kind is SeatKind.PERSON]
        with st.popover(_("Free a seat"), icon=":material/person_remove:", disabled=not people,
                        help=_("For someone who went away: the seat waits for another player, or a bot.")):
            names = names_of(info.game)
            for i in people:
                st.button(_("Free {seat}").format(seat=names[i]), key=f"room:free:{i}", on_click=_host,
                          args=("free", i))
        st.toggle(_("Show every hand"), key="room:show-all", value=r.show_all,
                  help=_("Off: the table as every player may see it (no hidden card face up). On: every hand, "
                         "for a teacher explaining a decision."))
        st.toggle(_("Projector"), key="room:present", value=r.present,
                  help=_("The sidebar and the page's header out of the way, so that the table fills the screen."))
    r.show_all = bool(st.session_state.get("room:show-all"))
    r.present = bool(st.session_state.get("room:present"))


def table_view(info: TableInfo, seat: int | None) -> None:
    """The table: your seat's view when you sit at it (your hand to play from), else the projector's: no hidden
    card face up, or every hand when the host chose so."""
    shared = info.game
    game = game_of(shared.key)
    names = names_of(shared)
    state = state_of(shared)
    over = game.to_act(state) is None
    if over:
        outcome = game.outcome(state)
        draw.outcome(outcome, game.seat_letters(game.rules_of(state)))
    if seat is not None:
        view = named(seat_view(shared, seat), names)
        draw.play_table(view, names, me=seat, scale=1.0, key="room:view",
                        mine=lambda: own_hand(shared, seat, names, "room"))
        return
    shown = game.view(state, None) if room().show_all else public_view(shared)
    draw.table(named(shown, names), names, scale=1.0, me=None, present=True, key="room:view")


def follow(table_id: str, version: int) -> None:
    """Poll the store every :data:`POLL_SECONDS`; when the table changed (someone played, sat down or left), run
    the page again."""

    @st.fragment(run_every=POLL_SECONDS)
    def watch() -> None:
        opened = store()
        if opened is None:
            return
        try:
            now = opened.table_version(table_id)
        except StoreError:
            return
        if now != version:
            st.rerun()

    watch()


def start_panel() -> None:
    """No table yet: take a seat with a code, or open a table."""
    left, right = st.columns(2, gap="large")
    with left, st.container(border=True):
        st.markdown("#### " + _("Take a seat"))
        st.text_input(_("Table code"), key="room:code", max_chars=16, placeholder=_("6 letters and digits"),
                      help=_("The code the person who opened the table shows you."))
        st.button(_("Find the table"), key="room:find", on_click=_find, args=("room:code",), type="primary",
                  icon=":material/search:")
    with right, st.container(border=True):
        st.markdown("#### " + _("Open a table"))
        sidebar_game = st.session_state.get(GAME_KEY)
        if st.session_state.get("room:game") not in GAMES:
            st.session_state["room:game"] = sidebar_game if sidebar_game in GAMES else next(iter(GAMES))
        titles = {k: _(info.title) for k, info in GAMES.items()}
        key = st.selectbox(_("Game"), list(GAMES), key="room:game", format_func=titles.__getitem__)
        game = game_of(key)
        rules = game.rules(current_preset(key))
        letters = range(len(game.seat_letters(rules)))
        seats_key = f"room:people:{key}"
        st.pills(_("Seats for people (bots play the others)"), list(letters), selection_mode="multi",
                 default=list(letters), key=seats_key, format_func=lambda i: seat_words(seat_name(game, rules, i)))
        st.number_input(_("Deal number"), min_value=0, max_value=2**31 - 1, value=1, step=1, key="room:seed",
                        help=_("The same number always deals the same cards."))
        st.caption(_("Rules: {rules} — change them in the sidebar.").format(
            rules=_(game.presets[current_preset(key)].title)))
        with st.expander(_("Other rule options")):
            choice = next((o for o in game.option_specs() if o.choices and len(o.choices) > 1), None)
            example = (f'{{"{choice.name}": {json.dumps(choice.choices[1])}}}' if choice and choice.choices
                       else '{"option": value}')
            st.text_input(_("Options (JSON)"), key="room:options", placeholder=example,
                          help=_("Any of the game's rule options by name, as a Table record holds them; the "
                                 "Table page's Rules list names them."))
        st.button(_("Open the table"), key="room:open", on_click=_open,
                  args=("room:game", seats_key, "room:seed", "room:options"), type="primary",
                  icon=":material/table_restaurant:")


def render_room() -> None:
    """The whole page: the title and how to begin, or the table (its code and the host's row first, for the
    host)."""
    opened = store()
    if opened is None:
        st.error(plain(_no_store()))
        return
    read_link(opened)
    r = room()
    info: TableInfo | None = None
    if r.table_id:
        try:
            info = opened.table(r.table_id)
        except StoreError as error:
            _forget()
            _say(str(error))
            r = room()
    seat: int | None = None
    if info is not None and r.seat_key:
        try:
            seat = opened.seat_of(info.id, r.seat_key)
        except StoreError as error:
            r.seat_key = None
            _say(str(error) if isinstance(error, StaleSeat) else _(STALE_SEAT))
    write_link()
    if info is None:
        st.header(_("One table, several players"), divider="gray")
    elif r.host_key and st.session_state.get("room:present", r.present):
        draw.presenter_style()
    if r.problem:
        st.error(plain(r.problem), icon=":material/error:")
        r.problem = None
    if info is None:
        start_panel()
        return
    names = names_of(info.game)
    free = any(s.kind is SeatKind.OPEN for s in info.game.seats)
    if r.host_key:
        host_panel(info)
    if seat is not None:
        st.caption(_("Table {code} · you sit at {seat}; the others' plays show here by themselves.").format(
            code=info.code, seat=plain(names[seat])))
    elif not r.host_key:
        st.info(_(LOOKING if free else LOOKING_FULL), icon=":material/visibility:")
    if seat is None and free:
        seats_panel(info)
    table_view(info, seat)
    with st.container(horizontal=True, gap="small"):
        if seat is not None:
            st.button(_("Leave my seat"), key="room:leave", on_click=_leave, icon=":material/logout:",
                      help=_("Get up: your seat is free for someone else (the hand waits there)."))
        st.button(_("Leave this table"), key="room:forget", on_click=_forget, icon=":material/close:",
                  help=_("Back to opening or finding a table. A seat you hold stays yours until you or the host "
                         "free it; the host's buttons stay with this page's address only.") if r.host_key
                  else _("Back to opening or finding a table. A seat you hold stays yours until you or the host "
                         "free it."))
    follow(info.id, info.version)


__all__ = ["POLL_SECONDS", "Room", "follow", "names_of", "read_link", "render_room", "room", "write_link"]
