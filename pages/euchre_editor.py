"""Euchre position editor: pose a trick (trump, your hand, the cards played so far) and see every legal card
with the reason; a complete trick and its winner; or a calling position and its legal calls."""

import streamlit as st

from engine.cards import Card, Suit, format_cards
from engine.errors import CardTableError
from engine.euchre import PRESETS, NeedsBennyError, Phase, PositionAnswer, trump_order
from ui import euchre_editor as ed
from ui.share import apply_url_position, share_panel, show_load_message
from ui.widgets import card_picker, show_cards, show_error

st.title("Euchre — Position editor")
ed.init_state()
apply_url_position(ed.KEY, ed.load)
show_load_message(ed.KEY)
k = ed.k
deck = ed.deck()
benny = ed.rules().benny
ed.fit_to_deck(deck)

with st.expander("Examples", icon=":material/lightbulb:"):
    cols = st.columns(3)
    for i, name in enumerate(ed.EXAMPLES):
        cols[i % 3].button(name, key=k(f"example:{i}"), on_click=ed.load_example, args=(name,), width="stretch")

mode = st.radio("What do you want to pose?", list(ed.MODES), format_func=ed.MODES.get, horizontal=True,
                key=k("mode"))
hand: tuple[Card, ...] = ()
call_hand: tuple[Card, ...] = ()

if mode == "trick":
    c1, c2, c3 = st.columns(3)
    c1.selectbox("Trump", ed.SUITS, key=k("trump"), format_func=ed.SUIT_NAMES.__getitem__)
    c2.selectbox("Who led the trick", [ed.NOBODY] + ed.SEATS, key=k("leader"),
                 format_func=lambda s: ed.SEAT_NAMES.get(s, "— (not given)"),
                 help="Optional: with the leader known the editor names who plays each card.")
    c3.multiselect("Sitting out (partner of a lone player)", ed.SEATS, key=k("out"), max_selections=2,
                   format_func=ed.SEAT_NAMES.__getitem__,
                   help="A player going alone makes their partner sit out: tricks then have 3 cards (2 if a "
                        "player of each side goes alone).")
    st.text_input("The trick so far, in the order played (the first card is the lead)", key=k("trick"),
                  placeholder="e.g. 9C JD — leave empty if you lead",
                  help="Cards such as 9C, JD, 10H (or 9♣ J♦ 10♥). With one card per active player the trick is "
                       "complete and the editor shows who wins it.")
    order = format_cards(trump_order(Suit.parse(st.session_state[k("trump")]), benny), symbols=True)
    st.caption(f"Trumps, high to low: **{order}**" + (" — RJ, the joker, is the best bower (preset benny)"
                                                      if benny else ""))
    hand = card_picker(k("hand"), deck, label="Your hand (up to 5 cards)",
                       help="Click cards to put them in your hand.")
else:
    c1, c2, c3, c4 = st.columns(4)
    c1.selectbox("Dealer", ed.SEATS, key=k("dealer"), format_func=ed.SEAT_NAMES.__getitem__, on_change=ed.follow_upcard)
    c2.selectbox("Upcard", ed.upcards(deck), key=k("upcard"), format_func=ed.card_label, on_change=ed.follow_upcard)
    blind = ed.calling_fixed_now() is not None
    c3.radio("Calling round", [1, 2], key=k("round"), horizontal=True, disabled=blind,
             help="Round 1: pass or order up the upcard. Round 2 (after four passes): name another suit or pass.")
    c4.selectbox("Player to call", ed.SEATS, key=k("seat"), format_func=ed.SEAT_NAMES.__getitem__, disabled=blind,
                 help="The players before them, from the dealer's left, have passed.")
    if blind:
        dealer = ed.SEAT_NAMES[st.session_state[k("dealer")]]
        st.info(f"The joker is turned up, so {dealer} (the dealer) decides at once — the rule of this preset: "
                f"{ed.rules().benny_upcard.description}. The dealer's hand plays no part in the choice.",
                icon=":material/playing_cards:")
    else:
        call_hand = card_picker(k("callhand"), deck, label="Their hand (optional: for the rule-of-thumb advice)")

pos = ed.position(hand, call_hand)
st.divider()
answer: PositionAnswer | None = None
try:
    answer = ed.answer(hand, call_hand)
except CardTableError as error:
    show_error(error)
    if isinstance(error, NeedsBennyError):
        st.caption(f"Choose the rule preset **{error.preset}** ({PRESETS[error.preset].title}) in the sidebar "
                   "to play with the joker.")

if answer is not None and answer.winner is not None:
    won = answer.winner
    st.subheader(f"{won.winner_name or 'The card ' + won.winner_card.symbol_text} wins the trick")
    show_cards(won.table, mark=[won.winner_index], overlap=0.1)
    if won.order:
        st.caption(f"Played by {won.order}")
    st.success(won.reason, icon=":material/emoji_events:")
elif answer is not None and answer.legal is not None:
    trick = answer.legal
    left, right = st.columns([2, 3])
    with left:
        st.markdown("**On the table**")
        show_cards(trick.table, overlap=0.1, scale=0.8)
        if trick.table and st.session_state[k("leader")] != ed.NOBODY:
            st.caption(f"led by {ed.SEAT_NAMES[st.session_state[k('leader')]]}")
        if not trick.table:
            st.caption("Nobody has played yet: you lead, so any card may be played.")
    with right:
        cards = trick.hand
        legal = set(trick.legal_cards)
        who = f" ({ed.SEAT_NAMES[answer.to_play]} to play)" if answer.to_play else ""
        st.markdown(f"**Your hand{who}** — legal cards raised, the others greyed")
        show_cards(cards, mark=[i for i, c in enumerate(cards) if c in legal],
                   dim=[i for i, c in enumerate(cards) if c not in legal], overlap=0.2)
        st.markdown(f"Legal: **{format_cards(trick.legal_cards, symbols=True)}**")
    st.markdown("\n".join(
        f"- {':green[✓]' if c in legal else ':red[✗]'} **{c.symbol_text}** — {trick.reasons[c.text]}"
        for c in cards))
elif answer is not None and answer.calls is not None:
    called = answer.calls
    who = ed.SEAT_NAMES[called.to_act]
    if called.phase == Phase.JOKER_UPCARD.value:
        st.subheader(f"{who}, the dealer, names a suit — legal: {', '.join(called.calls)}")
    else:
        st.subheader(f"{who} to call — legal: {', '.join(called.calls)}")
    st.markdown("\n".join(
        f"- {':green[✓]' if call in called.calls else ':red[✗]'} **{call}** — {why}"
        for call, why in called.reasons.items()))
    if called.advice is not None:
        st.info(f"Rule of thumb (3 trumps, or a bower and an ace): **{called.advice}** — "
                f"{called.advice_reason}", icon=":material/psychology:")

st.divider()
st.subheader("Save, load or share this position")
st.caption("The JSON is what `python -m engine position euchre '<json>'` reads on the command line.")
share_panel(pos, key=ed.KEY, on_load=ed.load, filename="euchre-position.json")
