"""Euchre scoring explorer: the points table as a chart, and what seeded bot simulations say about euchres,
lone hands, the chance to win from each score and the length of a game.

Everything is drawn at once from a small quick default (shipped, or computed once per server); a bigger or other
simulation runs only on its Run button, in the background, with a progress bar and Cancel. The points-to-win
slider re-scores the kept hands without simulating again.
"""

import pandas as pd
import streamlit as st

from engine.euchre import GAME
from engine.i18n import digits, language, number
from engine.i18n import gettext as _
from engine.words import option_named
from ui import euchre_scoring as charts
from ui import scoring
from ui.nav import current_preset

KEY = "euchre:scoring"
preset = current_preset(GAME.key)
rules = GAME.rules(preset)
scoring.title(GAME.info, GAME.presets[preset])

LANG = language()


def percent(share: float) -> str:
    """A share as a percentage with one decimal, in the language's digits."""
    return digits(f"{share:.1%}")


st.header(_("The points table"))
st.markdown(_("Points of one hand by the tricks the makers win. Bars above zero go to the makers, below zero "
              "to the defenders (they score when the makers are *euchred*).")
            + ("" if rules.defender_may_go_alone else " " + _("Under these rules no defender may go alone, so a "
                                                              "lone defender never scores.")))
st.plotly_chart(charts.points_chart(rules.defender_may_go_alone, LANG), key=f"{KEY}:table")

st.header(_("From simulated hands"))
values = scoring.draw_controls([
    scoring.Control(f"{KEY}:hands", "select_slider", _("Hands to simulate"), charts.HAND_CHOICES[0],
                    choices=charts.HAND_CHOICES, words={n: number(n) for n in charts.HAND_CHOICES}),
    scoring.seed_control(f"{KEY}:seed", charts.QUICK_SEED),
    scoring.bots_control(f"{KEY}:bots", GAME.bots, label=_("Players"), choices=charts.BOTS,
                         words={"heuristic": _("heuristic bots"), "random": _("random bots")}),
])
hands_n, seed, bots = int(values[f"{KEY}:hands"]), int(values[f"{KEY}:seed"]), str(values[f"{KEY}:bots"])
wanted = charts.hand_sim(preset, bots, hands_n, seed)
quick = charts.hand_sim(preset, bots)
(hands,), waiting = scoring.frames_or_quick([wanted], [quick])
shown = quick if waiting else wanted
hands_key = charts.key_of({**shown.options, "games": shown.games, "seed": shown.seed})
said = (_("{hands} hands, seed {seed}").format(hands=number(hands_n), seed=number(seed)) if shown != quick else
        _("the quick default: {hands} hands, seed {seed}").format(hands=number(charts.QUICK_HANDS),
                                                                  seed=number(charts.QUICK_SEED)))
st.caption(_("{bots}; showing {said}. The same seed always gives the same hands.").format(
    bots=_("Heuristic bots") if bots == "heuristic" else _("Random bots"), said=said))
if waiting:
    scoring.run_panel(f"{KEY}:run-hands:", [wanted], _("Simulate ({games} hands)"), noun=_("hands"))

played = hands[~hands["thrown_in"]]
m1, m2, m3, m4 = st.columns(4)
m1.metric(_("Hands thrown in"), percent(hands["thrown_in"].mean()), help=_("All four passed twice: no points."))
m2.metric(_("Makers euchred"), percent(played["euchred"].mean()))
m3.metric(_("Marches"), percent(played["march"].mean()))
m4.metric(_("Lone makers"), percent(played["maker_alone"].mean()))

euchre_fig, alone_fig, alone = charts.hand_figures(hands_key, LANG, hands)
left, right = st.columns(2)
with left:
    st.subheader(_("How often the makers are euchred"))
    st.caption(_("By the number of trumps the maker held once trump was made (after the dealer's pick-up)."))
    st.plotly_chart(euchre_fig, key=f"{KEY}:euchre")
with right:
    st.subheader(_("Points per hand: alone or with a partner"))
    st.caption(_("Average points of the makers per hand, and net of what the defenders score ({counts}).").format(
        counts=", ".join(_("{maker}: {hands} hands").format(maker=_(r.maker), hands=number(int(r.hands)))
                         for r in alone.itertuples())))
    st.plotly_chart(alone_fig, key=f"{KEY}:alone")

outcomes = charts.frozen_outcomes(hands)


@st.fragment
def win_chances() -> None:
    """The chance to win from each score: the slider re-scores the hands above (no new simulation)."""
    st.header(_("The chance to win the game from each score"))
    target = int(scoring.draw_controls([scoring.Control(
        f"{KEY}:target", "slider", _("Points to win"), rules.target, low=5, high=15,
        help=_("Re-scores the simulated hands above for another target: nothing is simulated again."))]
    )[f"{KEY}:target"])
    by_two = next(s for s in GAME.option_specs() if s.name == "win_by_two")
    st.markdown(_("From the simulated hands' points (each hand independent, either side dealing), the chance that "
                  "North-South win the game from every score — to {target} points **ahead by 2** and **first to "
                  "{target}** (these rules play {rule}: {option}). Look at the corner near {target}: ahead by 2, "
                  "{score} is not yet a win.").format(
        target=number(target), rule=_("ahead by 2") if rules.win_by_two else _("first to the target"),
        option=option_named(by_two.label), score=f"{number(target)}-{number(target - 1)}"))
    h1, h2 = st.columns(2)
    with h1:
        st.plotly_chart(charts.heatmap_for(outcomes, target, True, LANG), key=f"{KEY}:win2")
    with h2:
        st.plotly_chart(charts.heatmap_for(outcomes, target, False, LANG), key=f"{KEY}:first")


win_chances()


@st.fragment
def lengths() -> None:
    """How long a whole game lasts, under both rules: whole games simulated by engine.sim."""
    st.header(_("How long a game lasts"))
    games_n = int(scoring.draw_controls([scoring.Control(
        f"{KEY}:games", "select_slider", _("Whole games to simulate (for each rule)"), charts.GAME_CHOICES[0],
        choices=charts.GAME_CHOICES, words={n: number(n) for n in charts.GAME_CHOICES})])[f"{KEY}:games"])
    frames, keys, waiting = [], [], []
    for label, by_two in ((_("ahead by 2"), True), (_("first to {target}").format(target=number(rules.target)),
                                                    False)):
        wanted = charts.game_sim(preset, bots, by_two, games_n, seed)
        quick = charts.game_sim(preset, bots, by_two)
        (games,), wait = scoring.frames_or_quick([wanted], [quick])
        shown = quick if wait else wanted
        if wait:
            waiting.append(scoring.Sim(wanted.game, wanted.games, wanted.seed, wanted.options, label))
        keys.append(charts.key_of({**shown.options, "games": shown.games, "seed": shown.seed}))
        frames.append(games.assign(rule=label))
    st.plotly_chart(charts.length_figure(" ".join(keys), LANG, pd.concat(frames)), key=f"{KEY}:length")
    st.caption(_("{lengths}. Whole games to {target}, {bots}.").format(
        lengths=" · ".join(_("{rule}: {mean} hands on average, longest {longest} ({games} games)").format(
            rule=f["rule"].iloc[0], mean=digits(f"{f['hands'].mean():.1f}"), longest=number(int(f["hands"].max())),
            games=number(len(f))) for f in frames),
        target=number(rules.target), bots=_("heuristic bots") if bots == "heuristic" else _("random bots")))
    if waiting:
        scoring.run_panel(f"{KEY}:run-games:", waiting, _("Simulate games ({titles}) ({games} games)"),
                          noun=_("games"))


lengths()
