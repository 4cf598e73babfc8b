"""Shengji position editor: pose a hand and a lead, see what must be played (the ladder), every distinct legal
play, the verdict on any play, whether a throw stands, and who wins a trick."""

import streamlit as st

from engine.errors import CardTableError
from ui import shengji_editor as ui
from ui.nav import current_preset
from ui.share import apply_url_position, share_panel
from ui.widgets import card_picker, plays_table, show_cards, show_error

preset = current_preset("shengji")
ui.init_editor()
apply_url_position(ui.SHARE, ui.load_position)

st.title("Shengji — Position editor")
st.caption(f"Rules: **{ui.GAME.presets[preset].title}** (change the preset in the sidebar). Pose your hand and "
           "the cards led to the trick; the engine says what you must play, lists the legal plays and judges any "
           "play.")

with st.container(border=True):
    top = st.columns([3, 2, 1.2, 3])
    top[0].selectbox("Start from an example", list(ui.EXAMPLES), key=ui.EXAMPLE, on_change=ui.choose_example)
    top[1].radio("Decks", [1, 2, 3, 4], key=ui.DECKS, horizontal=True, on_change=ui.decks_changed,
                 help="1 deck: singles only; 2: pairs and tractors; 3–4: triples too. Each deck has 54 cards.")
    top[2].selectbox("Trump rank", ui.rank_choices(), key=ui.RANK, help="The bankers' level.")
    top[3].radio("Trump suit", ui.SUITS, key=ui.SUIT, horizontal=True, format_func=ui.SUIT_LABELS.__getitem__,
                  help="No trump: a pair of jokers was declared.")
    low = st.columns([1, 2, 4], vertical_alignment="bottom")
    low[0].number_input("Seed", min_value=0, max_value=2**31 - 1, step=1, key=ui.SEED)
    low[1].button("Deal four hands from this seed", on_click=ui.deal_from_seed, args=(preset,),
                  icon=":material/casino:", key=ui.EDITOR + "deal",
                  help="You are N and lead; the other seats get the other hands (for judging throws). The draw "
                       "goes round in the turn order below.")
    options_button, options_now = low[2].columns([1, 2], vertical_alignment="center")
    options_now.caption(ui.options_summary())
    with options_button.popover("Rule options", icon=":material/tune:", width="stretch"):
        for name, (option_key, words) in ui.OPTIONS.items():
            label, help_text = ui.option_spec(name)
            st.radio(label, list(words), key=option_key, format_func=words.__getitem__, help=help_text)

hand_tab, lead_tab, others_tab = st.tabs(["Your hand", "The lead", "Other hands (optional)"])
with hand_tab:
    ui.notation_box(ui.HAND, "Type your hand")
    hand = ui.picker(ui.HAND, "…or pick its cards", "Each copy of a card is its own button (A♠ and A♠₂ with two "
                     "decks). Click again to remove.")
    st.button("Clear the hand", on_click=ui.clear, args=(ui.HAND,), key=ui.EDITOR + "clear-hand",
              icon=":material/backspace:")
with lead_tab:
    st.caption("The cards led to this trick, by the player before you. Leave it empty when **you** lead.")
    ui.notation_box(ui.LEAD, "Type the lead")
    lead = ui.picker(ui.LEAD, "…or pick its cards", "One suit, or all trumps.")
    st.button("Clear the lead (I lead)", on_click=ui.clear, args=(ui.LEAD,), key=ui.EDITOR + "clear-lead",
              icon=":material/backspace:")
with others_tab:
    st.caption(f"Only needed to judge a **throw** when you lead: you are N, and {ui.next_player()} plays next "
               f"({ui.next_player()} chooses the part you must lead when the throw fails in more than one way). "
               "Card notation, e.g. `KH 3H 5C`.")
    for seat, key in ui.others_in_turn_order():
        st.text_input(f"{seat}'s hand", key=key)

try:
    req = ui.request(preset, [], [])
    hand_sorted = ui.sort_for(hand, req)
    lead_sorted = ui.sort_for(lead, req)
    req = ui.request(preset, hand_sorted, lead_sorted)
except CardTableError as error:
    show_error(error)
    st.stop()

try:
    legal = ui.legal_plays(req)
except CardTableError as error:
    legal = None
    show_error(error)

playable = set(legal.playable) if legal else set()
dim = [i for i, c in enumerate(hand_sorted) if legal and c not in playable]
if lead_sorted:
    show_cards(lead_sorted, caption=f"The lead ({len(lead_sorted)} cards)", overlap=0.3, scale=0.8)
else:
    st.markdown("**You lead** (the lead is empty).")
show_cards(hand_sorted, overlap=0.45 if len(hand_sorted) <= 20 else 0.6, dim=dim,
           caption=f"Your hand ({len(hand_sorted)} cards), high to low in this round's order"
           + (" — greyed: cards that no legal play uses" if dim else ""))

chosen: tuple = ()
if legal is not None:
    st.header("What you must play")
    ui.draw_ladder(legal.detail)

    listed = len(legal.plays)
    count = f"{legal.count:,}" + ("" if legal.count_exact else "+")
    shown = "" if legal.complete else f", the first {listed:,} listed"
    st.header(f"Legal plays ({count}{shown})")
    st.caption("Distinct plays: identical cards of several decks are counted once. "
               + ("Leading lists every combination, then every throw you could try." if not lead_sorted else ""))
    plays_table(ui.play_rows(legal.plays), key=ui.EDITOR + "plays", height=min(38 + 35 * listed, 360))
    if not legal.complete and listed < ui.MOST_PLAYS:
        st.button(f"more… (list up to {min(ui.MOST_PLAYS, listed * 5):,})", on_click=ui.more,
                  key=ui.EDITOR + "more", icon=":material/expand_more:",
                  help="The list is capped; the engine counts every play but lists only as many as asked.")

    st.header("Check a play")
    choices = ui.play_texts(legal.plays)
    if choices:
        st.selectbox("Take one of the legal plays", ["", *choices], key=ui.TRY, on_change=ui.choose_play,
                     args=(choices, hand_sorted), format_func=lambda t: ui.symbols(choices[t]) if t else "—")
    ui.keep_play_in_hand(hand_sorted)
    chosen = card_picker(ui.PLAY, ui.deck(), label="…or pick cards from your hand", limit_to=hand_sorted)
    ui.remember(ui.PLAY, chosen)
    if chosen:
        chosen_sorted = ui.sort_for(chosen, req)
        show_cards(chosen_sorted, caption="Your play", scale=0.8)
        try:
            answer = ui.check_play(req, chosen_sorted)
            throwing = not lead_sorted and ui.is_throw(req, chosen_sorted)
        except CardTableError as error:
            show_error(error)
        else:
            if throwing:
                ui.draw_throw(req, chosen_sorted, answer)
            else:
                ui.verdict(answer.legal, answer.reason)
    else:
        st.caption("Choose cards to see the engine's verdict and its reason.")

st.header("Who wins a trick")
st.caption(f"Type the four plays in turn (the lead first; turn order {' → '.join(ui.seats())}); the trick uses "
           "the trump above. Partial tricks show who is winning so far.")
row = st.columns([1, 3], vertical_alignment="bottom")
row[0].selectbox("Leader", ui.seats(), key=ui.TRICK_LEADER)
row[1].button("Start the trick from this position", on_click=ui.copy_to_trick,
              args=(lead_sorted, ui.sort_for(chosen, req)),
              key=ui.EDITOR + "to-trick", icon=":material/content_copy:",
              help="The lead and your chosen play become the first plays of the trick.")
ui.draw_trick(req, ui.trick_inputs())

st.header("Save, load and share")
st.caption("The JSON is exactly what `python -m engine legal shengji '…'` reads.")
share_panel(ui.position_json(req), key=ui.SHARE, on_load=ui.load_position, filename="shengji-position.json")
