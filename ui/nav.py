"""The app's navigation: which pages exist, the shared sidebar (game and rule preset)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from engine.games import GAMES, preset_texts
from engine.games import game as game_of
from engine.i18n import N_, use_language
from engine.i18n import gettext as _
from ui.fonts import use_bengali_font, use_cjk_font
from ui.language import (
    follow_session_language,
    language_picker,
    language_problem,
    language_query,
    read_language,
)
from ui.learner import REPORTED_KEY, current_learner, sidebar_status
from ui.widgets import REPORT_RERUN_KEY

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "pages"


@dataclass(frozen=True)
class PageKind:
    key: str
    title: str
    icon: str
    blurb: str


PAGE_KINDS: tuple[PageKind, ...] = (
    PageKind("lessons", N_("Lessons"), ":material/school:", N_("the rules one idea at a time, with exercises")),
    PageKind("editor", N_("Position editor"), ":material/edit_note:",
             N_("pose a position, see every legal play and why")),
    PageKind("scoring", N_("Scoring explorer"), ":material/bar_chart:", N_("charts of how scores come out")),
    PageKind("table", N_("Table"), ":material/playing_cards:", N_("watch or play a whole hand")),
    PageKind("practice", N_("Practice"), ":material/exercise:",
             N_("endless exercises that come back when you miss them")),
)
"""The kinds of a game's pages; their titles and blurbs are English msgids, translated where they are shown."""
GAME_KEY = "sidebar:game"
FOUR_COLOUR_KEY = "sidebar:four-colour"


def game_page_file(game: str, kind: str) -> Path:
    return PAGES / f"{game}_{kind}.py"


def game_pages(game: str) -> list[tuple[PageKind, Path]]:
    """The pages that exist for ``game``, in menu order."""
    return [(k, game_page_file(game, k.key)) for k in PAGE_KINDS if game_page_file(game, k.key).exists()]


def preset_titles(game: str) -> dict[str, str]:
    """Preset name → how learners call it ("the Chinese competition rules")."""
    titles = {name: _(p.title) for name, p in game_of(game).presets.items()}
    return {name: title[:1].upper() + title[1:] for name, title in titles.items()}


def presets(game: str) -> dict[str, str]:
    """Preset name → one-line description, from the game's engine (empty before it exists)."""
    return preset_texts(game)


def preset_key(game: str) -> str:
    return f"sidebar:preset:{game}"


def _pending_key(game: str) -> str:
    return f"{preset_key(game)}:pending"


def set_preset(game: str, preset: str) -> None:
    """Choose ``preset`` in the sidebar: at once from a callback; when the sidebar is already drawn (a link
    applied while the page runs), from a rerun that starts at once."""
    from streamlit.errors import StreamlitAPIException

    try:
        st.session_state[preset_key(game)] = preset
    except StreamlitAPIException:
        st.session_state[_pending_key(game)] = preset
        st.rerun()


def current_preset(game: str) -> str:
    """The rule preset chosen in the sidebar for ``game`` (its first preset by default)."""
    names = list(presets(game))
    chosen = st.session_state.get(preset_key(game))
    return chosen if chosen in names else (names[0] if names else "")


def _short(game: str) -> str:
    return _(GAMES[game].title).split(" (")[0]


# Streamlit puts every change of st.query_params into the browser's history as a new entry. When a page only
# adds parameters to its address (a lesson page writing ?lesson=1 on opening, a Table writing its deal and step),
# Back would land on the same page without them, which adds them again: the learner could not leave. This
# script, run once per browser tab, makes such a push (same path, every parameter already there kept as it is)
# replace the current entry instead; a change of page or of a parameter's value is still a new entry.
_HISTORY_SCRIPT = """<script>
(() => {
  const history = window.history;
  if (history.cardTableAddsInPlace) return;
  const push = history.pushState.bind(history);
  const onlyAdds = (url) => {
    let next;
    try { next = new URL(url, window.location.href); } catch (error) { return false; }
    const here = new URL(window.location.href);
    if (next.origin !== here.origin || next.pathname !== here.pathname || next.search === here.search) return false;
    for (const key of new Set(here.searchParams.keys())) {
      if (next.searchParams.getAll(key).join("\\n") !== here.searchParams.getAll(key).join("\\n")) return false;
    }
    return true;
  };
  history.pushState = (state, unused, url) =>
    url != null && onlyAdds(url) ? history.replaceState(state, unused, url) : push(state, unused, url);
  history.cardTableAddsInPlace = true;
})();
</script>"""


_REPORT_SEEN_KEY = "run:browser-report-seen"


def _note_browser_report() -> None:
    """Mark the run that the learner-id component's first report causes (see ``ui.widgets.flashes``)."""
    reported = REPORTED_KEY in st.session_state  # its callback runs before the script
    st.session_state[REPORT_RERUN_KEY] = reported and not st.session_state.get(_REPORT_SEEN_KEY, False)
    st.session_state[_REPORT_SEEN_KEY] = reported


def run_app() -> None:
    """Build the navigation and the sidebar, then run the chosen page (called by ``app.py``), all in the
    language the address or the sidebar chose."""
    _note_browser_report()
    st.set_page_config(page_title="Card Table Classroom", page_icon="🂡", layout="wide")
    follow_session_language()
    with use_language(read_language()):
        _run_app()


def _run_app() -> None:
    use_cjk_font()  # Chinese renders even on a machine without a CJK font
    use_bengali_font()  # and Bengali and Assamese
    home = st.Page(str(PAGES / "home.py"), title=_("Home"), icon=":material/home:", default=True)
    cards = st.Page(str(PAGES / "cards.py"), title=_("Cards & notation"), icon=":material/style:",
                    url_path="cards")
    glossary = st.Page(str(PAGES / "glossary.py"), title=_("Glossary"), icon=":material/translate:",
                       url_path="glossary")
    klass = st.Page(str(PAGES / "class.py"), title=_("Your class"), icon=":material/groups:", url_path="class")
    join = st.Page(str(PAGES / "join.py"), title=_("Join a class"), icon=":material/group_add:", url_path="join")
    room = st.Page(str(PAGES / "table_room.py"), title=_("One table, several players"),
                   icon=":material/groups_3:", url_path="table_room")
    by_game: dict[str, list[st.Page]] = {}
    owner: dict[str, str] = {}
    for game in GAMES:
        for kind, path in game_pages(game):
            page = st.Page(str(path), title=f"{_short(game)} · {_(kind.title)}", icon=kind.icon,
                           url_path=path.stem)
            by_game.setdefault(game, []).append(page)
            owner[page.url_path] = game
    # URL paths equal the file names (``/euchre_editor``): on a server's very first run Streamlit still
    # resolves the URL against the pages/ folder's file names and warns "Page not found" otherwise.
    every = [home, cards, glossary, klass, join, room] + [p for pages in by_game.values() for p in pages]
    current = st.navigation(every, position="hidden")
    if current.url_path in owner:
        st.session_state[GAME_KEY] = owner[current.url_path]
    # Less empty space above every page, so that a table fits a 1280×720 projector.
    st.html("<style>.block-container{padding-top:2.2rem !important;}</style>")
    keep = language_query() or None  # every link keeps the language
    with st.sidebar:
        st.markdown(f"### 🂡 {_('Card Table Classroom')}")
        language_picker()
        st.page_link(home, query_params=keep)
        st.page_link(cards, query_params=keep)
        st.page_link(glossary, query_params=keep)
        st.page_link(join, query_params=keep)
        st.page_link(room, query_params=keep)
        st.page_link(klass, label=_("Teachers: your class"), query_params=keep)
        titles = {k: _(info.title) for k, info in GAMES.items()}  # translated now, not when the widget is read
        game = st.selectbox(_("Game"), list(GAMES), format_func=titles.__getitem__, key=GAME_KEY)
        for page in by_game.get(game, []):
            st.page_link(page, label=page.title.split(" · ")[-1], query_params=keep)
        if not by_game.get(game):
            st.caption(_("The pages for this game are being written."))
        names = presets(game)
        pending = st.session_state.pop(_pending_key(game), None)
        if pending in names:
            st.session_state[preset_key(game)] = pending
        if names:
            rules = preset_titles(game)
            st.selectbox(_("Rules"), list(names), key=preset_key(game), format_func=lambda n: rules.get(n, n),
                         help="\n\n".join(f"**{rules.get(n, n)}** — {_(d)}" for n, d in names.items()))
        st.divider()
        sidebar_status(current_learner())
        st.toggle(_("Four-colour deck"), key=FOUR_COLOUR_KEY,
                  help=_("♦ blue and ♣ green: easier to tell apart on a projector and for colour-blind eyes."))
        st.html(_HISTORY_SCRIPT, unsafe_allow_javascript=True)
    language_problem(current.url_path)
    current.run()
