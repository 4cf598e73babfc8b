"""Thirteen scoring explorer: seeded games and matches played by the engine's bots, charted with plotly.

It draws at once from a small default (shipped, or computed once per server); bigger runs only on the Run button.
The match points choice and the match shown re-score the kept rows in a fragment, without simulating again.
"""

import json
from typing import Any

import streamlit as st

from engine.errors import CardTableError
from engine.i18n import digits, language, number
from engine.i18n import gettext as _
from engine.thirteen import GAME
from engine.thirteen.deal import HAND_SIZE
from engine.words import sentence
from ui import scoring
from ui import thirteen_scoring as sc
from ui.nav import current_preset
from ui.widgets import keep_values, show_error

K = "thirteen:scoring:"
preset = current_preset(GAME.key)

scoring.title(GAME.info, GAME.presets[preset])
st.caption(_("Every chart comes from seeded games played by the engine's bots: the same settings always give the "
             "same games."))

keep_values({K + key: value for key, value in {"scoring": "places", "match_games": sc.MATCH_GAMES,
                                              "which-match": 1}.items()})
twos = next(s for s in GAME.option_specs() if s.name == sc.TWOS)
values = scoring.draw_controls([
    scoring.Control(K + "players", "selectbox", _("Players"), 4, choices=(2, 3, 4), words={n: number(n) for n in
                                                                                           (2, 3, 4)}),
    scoring.bots_control(K + "hero", GAME.bots, label=_("North's bot"), kind="selectbox"),
    scoring.bots_control(K + "others", GAME.bots, label=_("The other seats' bot"), default="random",
                         kind="selectbox"),
    scoring.seed_control(K + "seed", sc.SEED),
])
values |= scoring.draw_controls([
    scoring.Control(K + "twos_rule", "toggle", _(twos.label), False, help=_(twos.help)),
    scoring.Control(K + "size", "selectbox", _("Games to simulate"), sc.QUICK_GAMES,
                    choices=(sc.QUICK_GAMES, *sc.BIGGER),
                    words={n: (_("{n} (at once)") if n == sc.QUICK_GAMES else _("{n} (Run)")).format(n=number(n))
                           for n in (sc.QUICK_GAMES, *sc.BIGGER)}),
], widths=(2, 1))

players = int(values[K + "players"])
bots = [str(values[K + "hero"])] + [str(values[K + "others"])] * (players - 1)
seed = int(values[K + "seed"])
options: dict[str, Any] = sc.game_options(preset, players, bots[0], bots[1], bool(values[K + "twos_rule"]))
size = int(values[K + "size"])

try:
    quick = scoring.Sim(sc.KEY, sc.QUICK_GAMES, seed, options)
    wanted = scoring.Sim(sc.KEY, size, seed, options)
    (games,), waiting = scoring.frames_or_quick([wanted], [quick])
    if waiting:
        scoring.run_panel(K + "run:", [wanted], _("Run the simulation ({games} games)"))
        st.caption(_("Showing the {n} quick games until the bigger run has finished.").format(
            n=number(sc.QUICK_GAMES)))
except CardTableError as error:
    show_error(error)
    st.stop()

seats = sc.seat_frame(games, preset, "places", bots)
m = st.columns(4)
m[0].metric(_("Games"), number(len(games)))
m[1].metric(_("Average length"), _("{n} actions").format(n=digits(f"{games['actions'].mean():.0f}")))
m[2].metric(_("Bombs on 2s or smaller bombs"), number(int(games["chops"].sum())))
m[3].metric(_("North wins"), digits(f"{(games['winner'] == 'N').mean() * 100:.0f}%"))



@st.cache_resource(max_entries=32, show_spinner=False)
def charts(_seats: Any, _games: Any, key: str) -> tuple[Any, ...]:
    """The five charts of the games above, built once per set of games (plotly's figures take ~0.3 s to build):
    the games are seeded, so ``key`` (rules, seed, options, how many games, the bots, the language) names them."""
    return (sc.bomb_frequency(_seats), sc.twos_frequency(_seats), sc.place_by(_seats, "twos", _("2s held")),
            sc.place_by(_seats, "bombs", _("Bombs held")), sc.length_histogram(_games))


bombs, twos, place_twos, place_bombs, length = charts(
    seats, games, json.dumps([preset, seed, options, len(games), bots, language()], sort_keys=True, default=str))
st.header(_("What a {n}-card hand holds").format(n=number(HAND_SIZE)))
a, b = st.columns(2)
a.plotly_chart(bombs, key=K + "bombs")
b.plotly_chart(twos, key=K + "twos")

st.header(_("2s, bombs and finishing place"))
st.markdown(_("Do 2s and bombs help you go out early? Each bar is the average finishing place of the hands dealt "
              "that many 2s (or bombs), for each kind of bot: lower is better (1 = first out). Hover for the share "
              "of games won."))
a, b = st.columns(2)
a.plotly_chart(place_twos, key=K + "place-twos")
b.plotly_chart(place_bombs, key=K + "place-bombs")

st.header(_("Game length"))
st.plotly_chart(length, key=K + "length")

st.header(_("Points and matches"))
specs = {s.name: s for s in GAME.option_specs()}
scoring.Control(K + "match_games", "number_input", _(specs["match_games"].label), sc.MATCH_GAMES, low=1, high=20,
                help=sentence(_(specs["match_games"].help))).draw()
try:
    matches = scoring.Sim(sc.KEY, sc.QUICK_MATCHES, seed,
                          sc.match_options(options, int(st.session_state[K + "match_games"]))).quick()
except CardTableError as error:
    show_error(error)
    st.stop()
seat_bots = dict(zip(GAME.seat_letters(GAME.rules(preset, {"players": players})),
                     [_(sc.BOT_WORDS.get(b, b)) for b in bots], strict=True))


@st.fragment
def points_section() -> None:
    """The points under the chosen scoring, and one match: re-scored from the kept rows, nothing simulated."""
    spec = specs["scoring"]
    chosen = str(scoring.Control(K + "scoring", "radio", _(spec.label), spec.default, choices=spec.choices or (),
                                 words={c: _(sc.SCORING_WORDS.get(c, str(c))) for c in spec.choices or ()},
                                 help=_(spec.help)).draw())
    scored = sc.seat_frame(games, preset, chosen, bots)
    totals = scored.groupby(["seat", "bot"], sort=False)["points"].agg(["mean", "sum"]).reset_index()
    per_game = _("Points per game")
    totals.columns = [_("Seat"), _("Bot"), per_game, _("Total points")]
    totals[per_game] = totals[per_game].round(2)
    totals[_("Bot")] = totals[_("Bot")].map(lambda b: _(sc.BOT_WORDS.get(str(b), str(b))))
    st.markdown(_("**Points per game** over the {n} games above:").format(n=number(len(games))))
    st.dataframe(totals, hide_index=True, width="stretch")
    points = sc.match_points(matches, preset, chosen)
    st.markdown(_("**{matches} matches** of {games} games each:").format(
        matches=number(len(matches)), games=number(int(st.session_state[K + "match_games"]))))
    st.dataframe(sc.match_results(points, seat_bots), hide_index=True, width="stretch")
    count = max(len(matches), 1)
    if int(st.session_state[K + "which-match"]) > count:
        st.session_state[K + "which-match"] = count
    if count > 1:
        st.slider(_("Match"), 1, count, key=K + "which-match")
    which = min(int(st.session_state[K + "which-match"]), count) - 1
    st.plotly_chart(sc.match_lines(points, which, seat_bots), key=K + "match-lines")


points_section()

with st.expander(_("The simulated games (one row per game)")):
    st.dataframe(games, hide_index=True, height=300)
    st.download_button(_("Download CSV"), games.to_csv(index=False), file_name="thirteen-games.csv", mime="text/csv",
                       key=K + "csv")
