"""Euchre scoring explorer: the points table as a chart, and what seeded bot simulations say about euchres,
lone hands, the chance to win from each score and the length of a game."""

import pandas as pd
import streamlit as st

from engine.euchre import GAME
from ui import euchre_charts as charts
from ui.nav import current_preset

KEY = "euchre:scoring"
st.title("Euchre — Scoring explorer")
preset = current_preset("euchre")

st.header("The points table")
st.markdown("Points of one hand by the tricks the makers win. Bars above zero go to the makers, below zero "
            "to the defenders (they score when the makers are *euchred*: fewer than 3 tricks).")
table = charts.points_table()
st.plotly_chart(charts.points_chart(table), key=f"{KEY}:table")

st.header("From simulated hands")
c1, c2, c3 = st.columns(3)
if f"{KEY}:hands" not in st.session_state:
    st.session_state[f"{KEY}:hands"] = 2000
    st.session_state[f"{KEY}:seed"] = 1
    st.session_state[f"{KEY}:bots"] = "heuristic"
hands_n = c1.select_slider("Hands to simulate", [500, 1000, 2000, 5000, 10000], key=f"{KEY}:hands")
seed = c2.number_input("Seed", min_value=0, max_value=2**31 - 1, step=1, key=f"{KEY}:seed")
bots = c3.radio("Players", ["heuristic", "random"], key=f"{KEY}:bots", horizontal=True,
                format_func={"heuristic": "heuristic bots", "random": "random bots"}.get,
                help="Heuristic: calls with 3 trumps or a bower and an ace, goes alone with 4 trumps and the "
                     "right bower, wins tricks it can win. Random: any legal action.")
st.caption(f"Rules: **{GAME.presets[preset].title}** (the rule preset {preset}; change it in the sidebar). "
           "The same seed always gives the same hands.")
hands = charts.run_with_progress("Simulating hands…", int(hands_n), int(seed), {"preset": preset, "bots": bots})
played = hands[~hands["thrown_in"]]
m1, m2, m3, m4 = st.columns(4)
m1.metric("Hands thrown in", f"{hands['thrown_in'].mean():.1%}", help="All four passed twice: no points.")
m2.metric("Makers euchred", f"{played['euchred'].mean():.1%}")
m3.metric("Marches", f"{played['march'].mean():.1%}")
m4.metric("Lone makers", f"{played['maker_alone'].mean():.1%}")

left, right = st.columns(2)
with left:
    st.subheader("How often the makers are euchred")
    st.caption("By the number of trumps the maker held once trump was made (after the dealer's pick-up).")
    st.plotly_chart(charts.euchre_chart(charts.euchre_by_trumps(hands)), key=f"{KEY}:euchre")
with right:
    st.subheader("Points per hand: alone or with a partner")
    alone = charts.points_alone_vs_partner(hands)
    st.caption("Average points of the makers per hand, and net of what the defenders score "
               f"({', '.join(f'{r.maker}: {r.hands} hands' for r in alone.itertuples())}).")
    st.plotly_chart(charts.alone_chart(alone), key=f"{KEY}:alone")

st.header("The chance to win the game from each score")
st.markdown("From the simulated hands' points (each hand independent, either side dealing), the chance that "
            "North-South win the game from every score — under the online game's **win by 2** and under the common "
            "**first to 10**. Look at the corner near 10: with win-by-2, 10-9 is not yet a win.")
h1, h2 = st.columns(2)
with h1:
    grid = charts.win_chance_grid(hands, GAME.rules(preset, {"win_by_two": True}))
    st.plotly_chart(charts.heatmap(grid, "10 points, ahead by 2"), key=f"{KEY}:win2")
with h2:
    grid = charts.win_chance_grid(hands, GAME.rules(preset, {"win_by_two": False}))
    st.plotly_chart(charts.heatmap(grid, "First to 10"), key=f"{KEY}:first")

st.header("How long a game lasts")
games_n = max(100, int(hands_n) // 10)
frames = []
for label, win_by_two in (("ahead by 2", True), ("first to 10", False)):
    games = charts.run_matches(f"Simulating games ({label})…", games_n, int(seed),
                               {"preset": preset, "bots": bots, "win_by_two": win_by_two})
    frames.append(games.assign(rule=label))
lengths = pd.concat(frames)
st.plotly_chart(charts.length_chart(lengths), key=f"{KEY}:length")
st.caption(" · ".join(f"{f['rule'].iloc[0]}: {f['hands'].mean():.1f} hands on average, longest {f['hands'].max()}"
                      for f in frames) + f" ({games_n} seeded games each).")
