"""Glossary: the words of all four games — English, Chinese characters or Vietnamese, pinyin or a pronunciation
hint, the meaning, and a link to the lesson that teaches each (lessons/glossary.toml).

Links in: ``/glossary#<key>`` scrolls to a term; ``/glossary?term=<key or word>`` opens the list searched for it
(a key puts that term first); ``?game=<game>`` narrows it to one game. The search box and the game filter keep
the URL in step, so a filtered list can be shared.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from engine.games import GAMES
from engine.glossary import Term, load_glossary, local_names, search_terms, term_by_key
from engine.i18n import gettext as _
from engine.i18n import language, number
from engine.lessons import load_lessons
from ui.fonts import use_cjk_font
from ui.language import language_query
from ui.widgets import plain

PAGES = Path(__file__).resolve().parent
SEARCH = "glossary:search"
GAMES_KEY = "glossary:games"
LINKED = "glossary:linked"


@st.cache_data(show_spinner=False)
def _terms() -> tuple[Term, ...]:
    return load_glossary()


@st.cache_data(show_spinner=False)
def _lesson_titles(game: str, lang: str) -> dict[str, str]:
    """Lesson file stem → "Lesson 6: The kitty exchange" (in the language ``lang``, the current one)."""
    return {lesson.slug: _("Lesson {n}: {title}").format(n=number(i), title=lesson.title)
            for i, lesson in enumerate(load_lessons(game, lang=lang), start=1)}


def _short(game: str) -> str:
    return _(GAMES[game].title).split(" (")[0]


def _name(game: str) -> str:
    """The game's one-word name, for the filter: "Shengji", "Thirteen", "Euchre", "Dou Dizhu"."""
    return _short(game).split(" / ")[0]


def _start_from_link(terms: tuple[Term, ...]) -> None:
    """On the first run of a visit, set the search and the game filter from ``?term=`` and ``?game=``."""
    if SEARCH in st.session_state:
        return
    wanted = st.query_params.get("term", "").strip()
    linked = term_by_key(terms, wanted)
    st.session_state[LINKED] = linked.key if linked else ""
    st.session_state[SEARCH] = linked.english if linked else wanted[:80]
    games = [g for g in st.query_params.get_all("game") if g in GAMES]
    st.session_state[GAMES_KEY] = games


def _to_url() -> None:
    """Keep ``?term=`` and ``?game=`` in step with the search box and the game filter."""
    st.session_state[LINKED] = ""
    text = st.session_state.get(SEARCH, "").strip()
    if text:
        st.query_params["term"] = text
    else:
        st.query_params.pop("term", None)
    games = st.session_state.get(GAMES_KEY) or []
    if games:
        st.query_params["game"] = list(games)
    else:
        st.query_params.pop("game", None)


def _lesson_link(term: Term) -> None:
    label = _lesson_titles(term.lesson_game, language()).get(term.lesson_stem, term.lesson_stem)
    label = f"{_short(term.lesson_game)} · {label}"
    page = PAGES / f"{term.lesson_game}_lessons.py"
    try:
        st.page_link(str(page), label=label, icon=":material/school:",
                     query_params={"lesson": term.lesson_stem, **language_query()})
    except StreamlitPageNotFoundError:
        # This page run on its own, outside the app's navigation: a plain link to the same place.
        st.markdown(f":material/school: [{label}]({page.stem}?lesson={term.lesson_stem}"
                    + "".join(f"&{k}={v}" for k, v in language_query().items()) + ")")


@st.cache_data(show_spinner=False)
def _local_names(lang: str) -> dict[str, str]:
    """Glossary key → the term in ``lang`` (the seeds' words, locale/terms.toml; none in English)."""
    return local_names(lang)


def _entry(term: Term, linked: bool) -> None:
    with st.container(border=True):
        local = _local_names(language()).get(term.key)
        english = f"{local} ({term.english})" if local else term.english
        heading = f"{english} · {term.native}" if term.native else english
        st.subheader(heading, anchor=term.key)
        facts = []
        if term.reading:
            facts.append(f"*{term.reading_in()}*")
        if term.literally:
            facts.append(_("literally “{words}”").format(words=term.literally_in()))
        facts.append(" · ".join(_(GAMES[g].title) for g in term.games))
        st.caption(" — ".join(facts))
        if linked:
            st.caption(":material/link: " + _("The term you followed a link to."))
        st.markdown(term.meaning_in())
        _lesson_link(term)


use_cjk_font()
terms = _terms()
_start_from_link(terms)

st.title(_("Glossary"))
st.markdown(_(
    "Every word the lessons use for the four games — the English term, the Chinese characters or the Vietnamese "
    "word, how to say it (pinyin with its tone marks for Chinese), what it means, and the lesson that teaches it."
))
st.text_input(_("Search"), key=SEARCH, on_change=_to_url,
              placeholder=_("English, Chinese, Vietnamese or pinyin: kitty, 底牌, dipai, chặt …"),
              help=_("Case, accents and tone marks do not matter: “tien len” finds Tiến lên."))
st.pills(_("Games"), list(GAMES), key=GAMES_KEY, selection_mode="multi", format_func=_name, on_change=_to_url,
         help=_("Show the terms of these games only (none chosen: all four)."))

query = st.session_state.get(SEARCH, "")
found = search_terms(terms, query, st.session_state.get(GAMES_KEY) or ())
linked_key = st.session_state.get(LINKED, "")
found.sort(key=lambda t: t.key != linked_key)
if found:
    st.caption(_("{found} of {terms} terms.").format(found=number(len(found)), terms=number(len(terms))))
else:
    st.info(_("No term matches “{query}”. Try fewer letters, or another game.").format(query=plain(query.strip())))
for term in found:
    _entry(term, term.key == linked_key)
