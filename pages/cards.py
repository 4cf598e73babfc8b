"""Cards & notation: type cards and see them drawn; deal a seeded hand."""

import streamlit as st

from engine.cards import DECK_SETUPS, deck_setup, display_key, format_cards
from engine.i18n import N_, number
from engine.i18n import gettext as _
from ui.card_hand import Action, deck_picker
from ui.widgets import keep_values, notation_input, show_cards

SETUP_WORDS = {
    "52": N_("one 52-card deck, no jokers"),
    "54": N_("one 54-card deck (with two jokers)"),
    "2x54": N_("two 54-card decks (108 cards)"),
    "3x54": N_("three 54-card decks (162 cards)"),
    "4x54": N_("four 54-card decks (216 cards)"),
}  # the engine's deck set-ups (engine.cards.DECK_SETUPS) as this page names them, marked for the catalogs

setups = {name: _(SETUP_WORDS.get(name, words)) for name, words in DECK_SETUPS.items()}

st.title(_("Cards & notation"))
st.markdown(_(
    "Every page writes cards the same way: a **rank** (`2`–`10`, `J`, `Q`, `K`, `A`; `T` also means 10) "
    "followed by a **suit** (`S` `H` `D` `C`, or `♠` `♥` `♦` `♣`), in upper or lower case, separated by "
    "spaces or commas. The jokers are `BJ` (black, small) and `RJ` (red, big). In Dou Dizhu suits do not "
    "matter, so bare ranks such as `3 3 4` or even `33344` are accepted."
))

st.header(_("Type a hand"))
left, right = st.columns([3, 2])
with right:
    setup = st.selectbox(_("Deck set-up"), list(DECK_SETUPS), index=2, format_func=setups.__getitem__,
                         key="cards:setup",
                         help=_("With several decks a hand may hold identical cards, but never more copies "
                                "than the decks contain."))
    suitless = st.toggle(_("Suits do not matter (bare ranks)"), key="cards:suitless")
deck = deck_setup(setup)
if suitless:
    deck = deck.stripped()
with left:
    if "cards:text" not in st.session_state:
        st.session_state["cards:text"] = "as kh 10d 5c tc bj rj"
    typed = notation_input("cards:text", deck, label=_("Cards in notation"), where=_("in this hand"),
                           placeholder=_("e.g. 10S QH TC BJ"))
if typed is not None:
    show_cards(typed, overlap=0.3)
    st.markdown(_("Canonical form: `{cards}` · {count} cards").format(
        cards=format_cards(typed) or _("(no cards)"), count=number(len(typed))))

st.header(_("Deal a hand from a seed"))
st.markdown(_("The same seed always deals the same cards — a teacher can bring a deal to class by its number."))
c1, c2, c3 = st.columns(3)
with c1:
    deal_setup = st.selectbox(_("Deck"), list(DECK_SETUPS), index=1, format_func=setups.__getitem__,
                              key="cards:deal-setup")
deal_deck = deck_setup(deal_setup)
with c2:
    keep_values({"cards:seed": 1})
    seed = st.number_input(_("Seed"), min_value=0, max_value=2**31 - 1, step=1, key="cards:seed")
with c3:
    size = st.slider(_("Cards in the hand"), 1, min(26, deal_deck.size), min(13, deal_deck.size), key="cards:size")


def _next_seed() -> None:
    st.session_state["cards:seed"] = int(st.session_state["cards:seed"]) + 1


st.button(_("Deal another"), icon=":material/casino:", on_click=_next_seed, key="cards:again")
hand = deal_deck.deal(int(seed), 1, size).hands[0]
show_cards(hand, caption=_("As dealt"))
ordered = sorted(hand, key=lambda c: display_key(c))
show_cards(ordered, caption=_("Sorted"))
st.code(format_cards(ordered))

st.header(_("Pick cards"))
st.markdown(_("Click a card to add it to your hand, **−** to take one back. With two decks there are two copies of "
              "each card: the badge counts how many you hold."))
pick_setup = st.radio(_("Deck"), ["54", "2x54"], format_func=setups.__getitem__, horizontal=True,
                      key="cards:pick-setup")
event = deck_picker(f"cards:picker:{pick_setup}", deck_setup(pick_setup), label=_("The deck"),
                    actions=(Action("set", _("Use these cards"), primary=True),),
                    chosen=st.session_state.get("cards:picked", ()))
if event is not None:
    st.session_state["cards:picked"] = tuple(c for c in event.cards if c is not None)
picked = st.session_state.get("cards:picked", ())
show_cards(picked, overlap=0.3)
st.markdown(_("Notation: `{cards}`").format(cards=format_cards(picked) or _("(none yet)")))
