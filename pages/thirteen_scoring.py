"""Thirteen scoring explorer: seeded simulations of whole games, charted with plotly."""

from typing import Any

import streamlit as st

from engine.errors import CardTableError
from engine.thirteen import BOTS, GAME, seat_frame
from ui import thirteen_ui as ui
from ui.nav import current_preset
from ui.widgets import show_error

K = "thirteen:scoring:"
preset = current_preset("thirteen")

st.title("Thirteen — Scoring explorer")
st.caption(f"Rules: **{GAME.presets[preset].title}** (sidebar). Every chart comes from seeded whole games played "
           "by the engine's bots: the same settings always give the same games.")

for key, value in {"games": 1000, "seed": 1, "players": 4, "match": 10, "scoring": "places", "hero": "heuristic",
                   "others": "random", "twos_rule": False}.items():
    if K + key not in st.session_state:
        st.session_state[K + key] = value

c = st.columns(4)
c[0].number_input("Games", min_value=20, max_value=5000, step=100, key=K + "games")
c[1].number_input("Seed", min_value=0, max_value=2**31 - 1, step=1, key=K + "seed")
c[2].selectbox("Players", [2, 3, 4], key=K + "players")
c[3].number_input("Games per match", min_value=1, max_value=50, step=1, key=K + "match",
                  help="Later games of a match are led by the previous winner.")
c = st.columns([1, 1, 1, 1])
c[0].selectbox("North's bot", list(BOTS), key=K + "hero",
               help="\n\n".join(f"**{name}**: {bot.description}" for name, bot in BOTS.items()))
c[1].selectbox("The other seats' bot", list(BOTS), key=K + "others")
c[2].selectbox("Match points", ["places", "cards"], key=K + "scoring",
               format_func={"places": "places: 3/2/1/0", "cards": "cards: losers pay per card left"}.get)
c[3].toggle("2s in double sequences", key=K + "twos_rule",
            help="House rule “2s in double sequences”: pairs of 2s may end a double sequence after the "
                 "aces, so … K K A A 2 2 is a double sequence of 3 pairs (a bomb).")

players = int(st.session_state[K + "players"])
options: dict[str, Any] = {
    "preset": preset,
    "players": players,
    "scoring": st.session_state[K + "scoring"],
    "match_games": int(st.session_state[K + "match"]),
    "twos_in_double_sequences": bool(st.session_state[K + "twos_rule"]),
    "bots": [st.session_state[K + "hero"]] + [st.session_state[K + "others"]] * (players - 1),
}
games, seed = int(st.session_state[K + "games"]), int(st.session_state[K + "seed"])


try:
    frame = ui.simulated_matches(games, seed, options, label="Simulating games…")
except CardTableError as error:
    show_error(error)
    st.stop()
seats = seat_frame(frame)

m = st.columns(4)
m[0].metric("Games", f"{len(frame):,}")
m[1].metric("Average length", f"{frame['actions'].mean():.0f} actions")
m[2].metric("2s chopped", f"{frame['chops'].sum():,}")
m[3].metric("North wins", f"{(frame['winner'] == 'N').mean() * 100:.0f}%")

st.header("What a 13-card hand holds")
a, b = st.columns(2)
a.plotly_chart(ui.bomb_frequency(seats), key=K + "bombs")
b.plotly_chart(ui.twos_frequency(seats), key=K + "twos")

st.header("2s, bombs and finishing place")
st.markdown("Do 2s and bombs help you go out early? Each bar is the average finishing place of the hands dealt "
            "that many 2s (or bombs), for each kind of bot: lower is better (1 = first out). Hover for the share of "
            "games won.")
a, b = st.columns(2)
a.plotly_chart(ui.place_by(seats, "twos", "2s held"), key=K + "place-twos")
b.plotly_chart(ui.place_by(seats, "bombs", "Bombs held"), key=K + "place-bombs")

st.header("Game length")
st.plotly_chart(ui.length_histogram(frame), key=K + "length")

st.header("Match points")
matches = int(frame["match"].max()) + 1 if len(frame) else 1
match = st.slider("Match", 1, max(matches, 2), 1, key=K + "which-match", disabled=matches < 2) - 1
st.plotly_chart(ui.match_lines(frame, match), key=K + "match-lines")
totals = seats.groupby(["seat", "bot"])["points"].agg(["mean", "sum"]).reset_index()
totals.columns = ["Seat", "Bot", "Points per game", "Total points"]
st.dataframe(totals, hide_index=True)

with st.expander("The simulated games (one row per game)"):
    st.dataframe(frame, hide_index=True, height=300)
    st.download_button("Download CSV", frame.to_csv(index=False), file_name="thirteen-games.csv", mime="text/csv",
                       key=K + "csv")
