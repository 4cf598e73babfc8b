"""Dou Dizhu scoring explorer: the payment as bid × doublings, a calculator, and seeded simulations of whole
hands (how often deals hold bombs, the final stakes, the landlord's win rate by bid)."""

from typing import Literal

import streamlit as st

from engine.doudizhu import PRESETS, ScoreRequest, make_rules, score_command
from engine.errors import CardTableError
from ui import doudizhu_ui as ui
from ui.nav import current_preset
from ui.widgets import show_error

KEY = "doudizhu:scoring:"
preset = current_preset("doudizhu")
rules = make_rules(preset)
four = make_rules("four_player")

st.title("Dou Dizhu — Scoring explorer")
st.markdown(
    "The winning **bid** (1, 2 or 3) is the stake. Every **bomb** and the **rocket** played doubles it — with "
    f"four players only bombs of {four.doubling_bomb_sizes[0]} or more cards and the rocket do. If the landlord "
    "goes out first, each peasant pays the landlord the stake; if a peasant goes out first, the landlord pays each "
    "peasant."
)

st.plotly_chart(ui.payment_chart(ui.payment_frame()), key=KEY + "payment-chart")

st.header("Payment calculator")
st.caption(f"Rules: **{PRESETS[preset].title}** ({rules.players} players) — change the preset in the sidebar.")
c1, c2, c3 = st.columns(3)
bid = c1.radio("Winning bid", [1, 2, 3], horizontal=True, key=KEY + "bid", index=1)
WINNERS: list[Literal["landlord", "peasants"]] = ["landlord", "peasants"]
winner = c1.radio("Who went out first", WINNERS, horizontal=True, key=KEY + "winner",
                  format_func=lambda w: "the landlord" if w == "landlord" else "a peasant") or "landlord"
quiet, doubling = ui.bomb_inputs(rules)
small = 0
if quiet:
    small = c2.number_input(f"Bombs of {ui.sizes_text(quiet)} cards played", 0, 26, 0, key=KEY + "small",
                            help=f"With {rules.players} players these do not double the stake.")
    big = c2.number_input(f"Bombs of {ui.sizes_text(doubling)} cards played", 0, 13, 0, key=KEY + "big")
else:
    big = c2.number_input("Bombs played", 0, 13, 1, key=KEY + "bombs")
rockets = c2.radio("Rocket played", [0, 1], horizontal=True, key=KEY + "rockets",
                   format_func=lambda r: "yes" if r else "no")
spring = c3.toggle("Spring", key=KEY + "spring",
                   help="One side never played after the opening lead (the peasants never played, or the "
                        "landlord played only the opening lead).")
spring_rule = c3.toggle(f"{ui.option_label('spring')} (a house rule)", key=KEY + "spring-rule",
                        help=ui.option_help("spring"))
bombs = (quiet[:1] * int(small)) + (doubling[:1] * int(big))
try:
    answer = score_command(ScoreRequest(preset=preset, options={"spring": True} if spring_rule else {}, bid=bid,
                                        bombs=bombs, rockets=rockets, winner=winner, spring=spring))
except CardTableError as error:
    show_error(error)
else:
    how = ", ".join(answer.reasons) or "no doubling"
    names = dict(zip(rules.seat_letters, rules.seat_names, strict=True))
    st.markdown(f"Stake: bid **{bid}** · {how} → **{answer.stake}** (landlord shown as South)")
    st.dataframe([{"Seat": names[s.seat], "Role": s.role, "Payment": s.payment} for s in answer.seats],
                 hide_index=True, key=KEY + "payments")

st.header("From simulated hands")
st.markdown(
    "Whole seeded hands played by the bots — bidding, the kitty, play and payment — for both player counts. "
    "The same seed always gives the same hands."
)
c1, c2, c3 = st.columns(3)
games = c1.select_slider("Hands per player count", [100, 200, 500, 1000, 2000], value=200, key=KEY + "games")
seed = c2.number_input("Seed", 0, 2**31 - 1, 1, key=KEY + "seed")
bots = c3.radio("Bots", ["heuristic", "random"], horizontal=True, key=KEY + "bots",
                help="heuristic: bids by strength, plays its lowest fitting combination, keeps bombs")
frames = ui.simulate_presets(int(games), int(seed), bots, st.progress(0.0, text="Simulating…"))
st.plotly_chart(ui.deal_chart(frames), key=KEY + "deal-chart")
st.plotly_chart(ui.stakes_chart(frames), key=KEY + "stakes-chart")
st.plotly_chart(ui.win_rate_chart(frames), key=KEY + "win-chart")
with st.expander("The simulated hands (table)"):
    for name, frame in frames.items():
        st.markdown(f"**{PRESETS[name].title.capitalize()}**")
        st.dataframe(frame, hide_index=True, key=f"{KEY}frame:{name}")
st.caption("The same hands on the command line: `python -m engine simulate doudizhu --games N --seed S "
           "--options '{\"preset\": \"four_player\"}'`.")
