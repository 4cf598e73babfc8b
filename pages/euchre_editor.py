"""Euchre position editor: pose a trick (trump, your hand, the cards played so far) and see every legal card
with the reason; a complete trick and its winner; or a calling position and its legal calls."""

import streamlit as st

from engine.cards import Suit, format_cards
from engine.euchre.cli import COMMANDS
from engine.euchre.trumps import DECK, trump_order
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
hand: tuple = ()
call_hand: tuple = ()

if mode == "trick":
    c1, c2, c3 = st.columns(3)
    c1.selectbox("Trump", ed.SUITS, key=k("trump"), format_func=ed.SUIT_NAMES.get)
    c2.selectbox("Who led the trick", [ed.NOBODY] + ed.SEATS, key=k("leader"),
                 format_func=lambda s: ed.SEAT_NAMES.get(s, "— (not given)"),
                 help="Optional: with the leader known the editor names who plays each card.")
    c3.multiselect("Sitting out (partner of a lone player)", ed.SEATS, key=k("out"), max_selections=2,
                   format_func=ed.SEAT_NAMES.get,
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
    c1.selectbox("Dealer", ed.SEATS, key=k("dealer"), format_func=ed.SEAT_NAMES.get, on_change=ed.follow_joker)
    c2.selectbox("Upcard", ed.upcards(deck), key=k("upcard"), format_func=ed.card_label, on_change=ed.follow_joker)
    blind = ed.joker_named_now()
    c3.radio("Calling round", [1, 2], key=k("round"), horizontal=True, disabled=blind,
             help="Round 1: pass or order up the upcard. Round 2 (after four passes): name another suit or pass.")
    c4.selectbox("Player to call", ed.SEATS, key=k("seat"), format_func=ed.SEAT_NAMES.get, disabled=blind,
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
try:
    answer = COMMANDS["position"](pos)
except ValueError as error:
    show_error(error)
    if "turn on the benny option" in str(error):
        st.caption("Choose the preset **benny** in the sidebar to play with the joker.")
    answer = None

if answer is not None and answer["kind"] == "complete trick":
    cards = DECK.parse(answer["trick"])
    st.subheader(f"{answer.get('winner_name', 'The card ' + answer['winner_card'])} wins the trick")
    show_cards(cards, mark=[answer["winner_index"]], overlap=0.1)
    if "order" in answer:
        st.caption(f"Played by {answer['order']}")
    st.success(answer["reason"], icon=":material/emoji_events:")
elif answer is not None and answer["kind"] == "trick":
    trick = DECK.parse(answer["trick"])
    left, right = st.columns([2, 3])
    with left:
        st.markdown("**On the table**")
        show_cards(trick, overlap=0.1, scale=0.8)
        if trick and st.session_state[k("leader")] != ed.NOBODY:
            st.caption(f"led by {ed.SEAT_NAMES[st.session_state[k('leader')]]}")
        if not trick:
            st.caption("Nobody has played yet: you lead, so any card may be played.")
    with right:
        cards = DECK.parse(answer["hand"])
        legal = set(answer["legal"])
        who = f" ({ed.SEAT_NAMES[answer['to_play']]} to play)" if "to_play" in answer else ""
        st.markdown(f"**Your hand{who}** — legal cards raised, the others greyed")
        show_cards(cards, mark=[i for i, c in enumerate(cards) if c.text in legal],
                   dim=[i for i, c in enumerate(cards) if c.text not in legal], overlap=0.2)
        st.markdown(f"Legal: **{format_cards(DECK.parse(' '.join(answer['legal'])), symbols=True)}**")
    st.markdown("\n".join(
        f"- {':green[✓]' if c.text in legal else ':red[✗]'} **{c.symbol_text}** — {answer['reasons'][c.text]}"
        for c in cards))
elif answer is not None:
    who = ed.SEAT_NAMES[answer["to_act"]]
    if answer["phase"] == "joker upcard":
        st.subheader(f"{who}, the dealer, names a suit — legal: {', '.join(answer['calls'])}")
    else:
        st.subheader(f"{who} to call — legal: {', '.join(answer['calls'])}")
    st.markdown("\n".join(
        f"- {':green[✓]' if call in answer['calls'] else ':red[✗]'} **{call}** — {why}"
        for call, why in answer["reasons"].items()))
    if "advice" in answer:
        st.info(f"Rule of thumb (3 trumps, or a bower and an ace): **{answer['advice']}** — "
                f"{answer['advice_reason']}", icon=":material/psychology:")

st.divider()
st.subheader("Save, load or share this position")
st.caption("The JSON is what `python -m engine position euchre '<json>'` reads on the command line.")
share_panel(pos, key=ed.KEY, on_load=ed.load, filename="euchre-position.json")
