"""Home: the four games at a glance, with links to their pages."""

import streamlit as st

from engine.cards import parse_cards
from engine.games import GAMES
from engine.i18n import gettext as _
from ui.language import language_query
from ui.nav import game_pages
from ui.widgets import show_cards

KEEP = language_query() or None  # the links keep the language

st.title(_("Card Table Classroom"))
st.markdown(_(
    "Learn four card games from around the world, one idea at a time. Every rule is shown on real hands "
    "dealt by the same engine that checks your plays — pose any position, see every legal play and the "
    "reason for each verdict, and explore how the scores come out."
))

columns = st.columns(2)
for i, (key, game) in enumerate(GAMES.items()):
    with columns[i % 2].container(border=True):
        st.subheader(_(game.title))
        if _(game.native) != _(game.title):  # not "ইউকাৰ" twice where the native name is the title
            st.caption(_(game.native))
        show_cards(parse_cards(game.sample), overlap=0.55, scale=0.7)
        facts = ((_("Kind:"), game.kind), (_("Players:"), game.players), (_("Deck:"), game.deck),
                 (_("Goal:"), game.goal))
        st.markdown("  \n".join(f"**{label}** {_(text)}" for label, text in facts))
        pages = game_pages(key)
        if pages:
            for kind, path in pages:
                # The title as the link, the blurb as its help: a long label is cut off on a phone.
                blurb = _(kind.blurb)
                st.page_link(str(path), label=_(kind.title), icon=kind.icon, help=blurb[:1].upper() + blurb[1:],
                             query_params=KEEP)
        else:
            st.caption(_("Lessons, the position editor and the scoring explorer for this game are on their way."))

st.divider()
st.page_link("pages/cards.py", label=_("Cards & notation"), icon=":material/style:",
             help=_("How to write cards, and dealing from a seed"), query_params=KEEP)
st.page_link("pages/glossary.py", label=_("Glossary"), icon=":material/translate:",
             help=_("Every game word, with its Chinese or Vietnamese, the pronunciation and the lesson that "
                    "teaches it"),
             query_params=KEEP)
