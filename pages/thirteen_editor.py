"""Thirteen position editor: pose your hand and the table, see every legal play grouped, check any play."""

import streamlit as st

from engine.errors import CardTableError
from engine.thirteen import DECK, GAME, Kind, check_command, game_sorted, legal_command
from ui import thirteen_ui as ui
from ui.nav import current_preset
from ui.share import apply_url_position, share_panel
from ui.widgets import card_picker, plays_table, show_cards, show_error

preset = current_preset("thirteen")
ui.init_editor()
apply_url_position(ui.SHARE, ui.load_position)
twos_option = next(o for o in GAME.option_specs() if o.name == ui.TWOS_OPTION)

st.title("Thirteen — Position editor")
st.caption(f"Rules: **{GAME.presets[preset].title}** (change them in the sidebar). Pose a position; the engine "
           "lists every legal play and explains the verdict on any play you choose.")

with st.container(border=True):
    c = st.columns([1, 2, 2, 1, 2])
    c[0].selectbox("Players", [2, 3, 4], key=ui.PLAYERS, help="13 cards each; with four all 52 cards are dealt")
    c[1].toggle("I passed (locked out)", key=ui.PASSED,
                help="You passed earlier in this round: locked out until the table clears.")
    c[2].toggle("First play of the game", key=ui.FIRST,
                help="The first play must contain the lowest card dealt: 3♠ with four players.")
    c[3].number_input("Seed", min_value=0, max_value=2**31 - 1, step=1, key=ui.SEED)
    c[4].button("Deal a hand from this seed", on_click=ui.deal_hand, args=(preset,), icon=":material/casino:",
                key=ui.EDITOR + "deal")
    c[4].button("Clear the table (I lead)", on_click=ui.clear_table, icon=":material/layers_clear:",
                key=ui.EDITOR + "clear")
    st.toggle("House rule: pairs of 2s may end a double sequence (… K K A A 2 2)", key=ui.TWOS,
              help=f"{twos_option.label}: {twos_option.help}. Off in both presets.")

hand = card_picker(ui.HAND, DECK, label="Your hand", help="Up to 13 cards; click a card again to remove it.")
table = card_picker(ui.TABLE, DECK, label="The combination on the table",
                    help="Leave empty when you lead (the table has just been cleared).")

pos = ui.request(preset, hand, table)
left, right = st.columns([3, 2])
with left:
    show_cards(game_sorted(hand), caption=f"Your hand ({len(hand)} cards)", overlap=0.35)
with right:
    show_cards(game_sorted(table), caption="On the table" if table else "The table is empty: you lead")

try:
    legal = legal_command(pos)
except CardTableError as error:
    show_error(error)
    legal = None

if legal is not None:
    st.header(f"Legal plays ({legal.count})")
    if legal.table is not None:
        st.markdown(f"To beat: **{legal.table.name}**. " + ("You may pass." if legal.can_pass else ""))
    else:
        must = f" It must contain **{legal.must_contain.symbol_text}**." if legal.must_contain else ""
        st.markdown(f"You lead, so you must play a combination (a leader cannot pass).{must}")
    if legal.note:
        st.info(legal.note)
    for kind in Kind:
        plays = [p for p in legal.plays if p.type == kind.key]
        if not plays:
            continue
        st.markdown(f"**{ui.KIND_TITLES[kind.key]}** · {len(plays)}")
        plays_table(ui.play_rows(plays), key=f"{ui.EDITOR}plays:{kind.key}", height=min(38 + 35 * len(plays), 320))
    if legal.bombs:
        st.caption("💣 marks bombs (four of a kind, double sequences); 'chops the table' marks a bomb that beats "
                   "2s or a smaller bomb.")

    st.header("Check a play")
    if legal.plays:
        st.selectbox("Try one of the legal plays", [None, *(p.cards for p in legal.plays)], key=ui.EDITOR + "try",
                     on_change=ui.choose_play,
                     format_func=lambda cards: " ".join(c.symbol_text for c in cards) if cards else "—")
    ui.keep_play_in_hand(hand)
    passing = st.toggle("I pass", key=ui.PASSING)
    chosen = () if passing else card_picker(ui.PLAY, DECK, label="Or pick cards from your hand",
                                            limit_to=game_sorted(hand))
    if passing or chosen:
        if chosen:
            show_cards(game_sorted(chosen), caption="Your play", scale=0.8)
        verdict = check_command(ui.check_request(pos, None if passing else tuple(chosen)))
        if verdict.legal:
            st.success(f"Legal: {verdict.reason}", icon=":material/check_circle:")
        else:
            st.error(f"Not legal: {verdict.reason}", icon=":material/block:")
    else:
        st.caption("Choose cards (or 'I pass') to see the engine's verdict and its reason.")

st.header("Save, load and share")
st.caption("The JSON is exactly what `python -m engine legal thirteen '…'` reads.")
share_panel(ui.position_json(pos), key=ui.SHARE, on_load=ui.load_position, filename="thirteen-position.json")
