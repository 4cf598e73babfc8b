"""Euchre scoring explorer: the points table as a chart, and what seeded bot simulations say about euchres,
lone hands, the chance to win from each score and the length of a game.

Everything is drawn at once from a small quick default (shipped, or computed once per server); a bigger or other
simulation runs only on its Run button, in the background, with a progress bar and Cancel. The points-to-win
slider re-scores the kept hands without simulating again.
"""

import pandas as pd
import streamlit as st

from engine.euchre import GAME
from ui import euchre_scoring as charts
from ui import scoring
from ui.nav import current_preset

KEY = "euchre:scoring"
preset = current_preset(GAME.key)
rules = GAME.rules(preset)
scoring.title(GAME.info, GAME.presets[preset])

st.header("The points table")
st.markdown("Points of one hand by the tricks the makers win. Bars above zero go to the makers, below zero "
            "to the defenders (they score when the makers are *euchred*)."
            + ("" if rules.defender_may_go_alone else " Under these rules no defender may go alone, so a lone "
               "defender never scores."))
st.plotly_chart(charts.points_chart(rules.defender_may_go_alone), key=f"{KEY}:table")

st.header("From simulated hands")
values = scoring.draw_controls([
    scoring.Control(f"{KEY}:hands", "select_slider", "Hands to simulate", charts.HAND_CHOICES[0],
                    choices=charts.HAND_CHOICES),
    scoring.seed_control(f"{KEY}:seed", charts.QUICK_SEED),
    scoring.bots_control(f"{KEY}:bots", GAME.bots, label="Players", choices=charts.BOTS,
                         words={"heuristic": "heuristic bots", "random": "random bots"}),
])
hands_n, seed, bots = int(values[f"{KEY}:hands"]), int(values[f"{KEY}:seed"]), str(values[f"{KEY}:bots"])
wanted = charts.hand_sim(preset, bots, hands_n, seed)
quick = charts.hand_sim(preset, bots)
(hands,), waiting = scoring.frames_or_quick([wanted], [quick])
shown = quick if waiting else wanted
hands_key = charts.key_of({**shown.options, "games": shown.games, "seed": shown.seed})
said = (f"{hands_n:,} hands, seed {seed}" if shown != quick else
        f"the quick default: {charts.QUICK_HANDS:,} hands, seed {charts.QUICK_SEED}")
st.caption(f"{bots.capitalize()} bots; showing {said}. The same seed always gives the same hands.")
if waiting:
    scoring.run_panel(f"{KEY}:run-hands:", [wanted], "Simulate ({games} hands)", noun="hands")

played = hands[~hands["thrown_in"]]
m1, m2, m3, m4 = st.columns(4)
m1.metric("Hands thrown in", f"{hands['thrown_in'].mean():.1%}", help="All four passed twice: no points.")
m2.metric("Makers euchred", f"{played['euchred'].mean():.1%}")
m3.metric("Marches", f"{played['march'].mean():.1%}")
m4.metric("Lone makers", f"{played['maker_alone'].mean():.1%}")

euchre_fig, alone_fig, alone = charts.hand_figures(hands_key, hands)
left, right = st.columns(2)
with left:
    st.subheader("How often the makers are euchred")
    st.caption("By the number of trumps the maker held once trump was made (after the dealer's pick-up).")
    st.plotly_chart(euchre_fig, key=f"{KEY}:euchre")
with right:
    st.subheader("Points per hand: alone or with a partner")
    st.caption("Average points of the makers per hand, and net of what the defenders score "
               f"({', '.join(f'{r.maker}: {r.hands:,} hands' for r in alone.itertuples())}).")
    st.plotly_chart(alone_fig, key=f"{KEY}:alone")

outcomes = charts.frozen_outcomes(hands)


@st.fragment
def win_chances() -> None:
    """The chance to win from each score: the slider re-scores the hands above (no new simulation)."""
    st.header("The chance to win the game from each score")
    target = int(scoring.draw_controls([scoring.Control(
        f"{KEY}:target", "slider", "Points to win", rules.target, low=5, high=15,
        help="Re-scores the simulated hands above for another target: nothing is simulated again.")])[f"{KEY}:target"])
    by_two = next(s for s in GAME.option_specs() if s.name == "win_by_two")
    st.markdown("From the simulated hands' points (each hand independent, either side dealing), the chance that "
                f"North-South win the game from every score — to {target} points **ahead by 2** and **first to "
                f"{target}** (these rules play {'ahead by 2' if rules.win_by_two else 'first to the target'}: the "
                f"option “{by_two.label}”). Look at the corner near {target}: "
                f"ahead by 2, {target}-{target - 1} is not yet a win.")
    h1, h2 = st.columns(2)
    with h1:
        st.plotly_chart(charts.heatmap_for(outcomes, target, True), key=f"{KEY}:win2")
    with h2:
        st.plotly_chart(charts.heatmap_for(outcomes, target, False), key=f"{KEY}:first")


win_chances()


@st.fragment
def lengths() -> None:
    """How long a whole game lasts, under both rules: whole games simulated by engine.sim."""
    st.header("How long a game lasts")
    games_n = int(scoring.draw_controls([scoring.Control(
        f"{KEY}:games", "select_slider", "Whole games to simulate (for each rule)", charts.GAME_CHOICES[0],
        choices=charts.GAME_CHOICES)])[f"{KEY}:games"])
    frames, keys, waiting = [], [], []
    for label, by_two in (("ahead by 2", True), (f"first to {rules.target}", False)):
        wanted = charts.game_sim(preset, bots, by_two, games_n, seed)
        quick = charts.game_sim(preset, bots, by_two)
        (games,), wait = scoring.frames_or_quick([wanted], [quick])
        shown = quick if wait else wanted
        if wait:
            waiting.append(scoring.Sim(wanted.game, wanted.games, wanted.seed, wanted.options, label))
        keys.append(charts.key_of({**shown.options, "games": shown.games, "seed": shown.seed}))
        frames.append(games.assign(rule=label))
    st.plotly_chart(charts.length_figure(" ".join(keys), pd.concat(frames)), key=f"{KEY}:length")
    st.caption(" · ".join(f"{f['rule'].iloc[0]}: {f['hands'].mean():.1f} hands on average, longest "
                          f"{f['hands'].max()} ({len(f):,} games)" for f in frames) +
               f". Whole games to {rules.target}, {bots} bots.")
    if waiting:
        scoring.run_panel(f"{KEY}:run-games:", waiting, "Simulate games ({titles}) ({games} games)", noun="games")


lengths()
