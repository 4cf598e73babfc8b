"""Dou Dizhu scoring explorer: the payment as bid × doublings, a calculator, and seeded simulations of whole hands
(how often deals hold bombs, the final stakes, the landlord's win rate by bid). It draws at once from a shipped
quick default; bigger runs go to the background on a Run button; the re-scoring switches never re-simulate."""

from typing import Literal

import streamlit as st

from engine.doudizhu import GAME, PRESETS, ScoreRequest, make_rules, score_command
from engine.doudizhu.bidding import BIDS
from engine.errors import CardTableError
from ui import doudizhu_scoring as ui
from ui import scoring
from ui.nav import current_preset
from ui.widgets import plain, show_error

KEY = "doudizhu:scoring:"
preset = current_preset(GAME.key)
rules = make_rules(preset)
four = make_rules("four_player")
spring_spec = next(s for s in GAME.option_specs() if s.name == "spring")

scoring.title(GAME.info, GAME.presets[preset])
st.markdown(
    f"The winning **bid** ({', '.join(map(str, BIDS[:-1]))} or {BIDS[-1]}) is the stake. Every **bomb** and the "
    "**rocket** played doubles it — with "
    f"four players only bombs of {four.doubling_bomb_sizes[0]} or more cards and the rocket do. If the landlord "
    "goes out first, each peasant pays the landlord the stake; if a peasant goes out first, the landlord pays each "
    "peasant."
)
st.plotly_chart(ui.payment_figure(), key=KEY + "payment-chart")


@st.fragment
def calculator() -> None:
    st.header("Payment calculator")
    quiet = tuple(n for n in rules.bomb_sizes if not rules.bomb_doubles(n))
    doubling = rules.doubling_bomb_sizes
    if quiet:
        bomb_controls = [
            scoring.Control(KEY + "small", "number_input", f"Bombs of {' or '.join(map(str, quiet))} cards played", 0,
                            low=0, high=26, help=f"With {rules.players} players these do not double the stake."),
            scoring.Control(KEY + "big", "number_input", f"Bombs of {doubling[0]} to {doubling[-1]} cards played", 0,
                            low=0, high=13)]
    else:
        bomb_controls = [scoring.Control(KEY + "bombs", "number_input", "Bombs played", 1, low=0, high=13)]
    columns = [
        [scoring.Control(KEY + "bid", "radio", "Winning bid", BIDS[1], choices=BIDS),
         scoring.Control(KEY + "winner", "radio", "Who went out first", "landlord", choices=("landlord", "peasants"),
                         words={"landlord": "the landlord", "peasants": "a peasant"})],
        [*bomb_controls,
         scoring.Control(KEY + "rockets", "radio", "Rocket played", 0, choices=(0, 1), words={0: "no", 1: "yes"})],
        [scoring.Control(KEY + "spring", "toggle", "A spring (house rule)", False, help=spring_spec.help)],
    ]
    values = scoring.draw_stacked(columns)
    bid, rockets, spring = int(values[KEY + "bid"]), int(values[KEY + "rockets"]), bool(values[KEY + "spring"])
    winner: Literal["landlord", "peasants"] = "peasants" if values[KEY + "winner"] == "peasants" else "landlord"
    small = int(values.get(KEY + "small", 0))
    big = int(values.get(KEY + "big", values.get(KEY + "bombs", 0)))
    bombs = (quiet[:1] * int(small)) + (doubling[:1] * int(big))
    try:
        answer = score_command(ScoreRequest(preset=preset, options={"spring": True} if spring else {}, bid=bid,
                                            bombs=bombs, rockets=rockets, winner=winner, spring=spring))
    except CardTableError as error:
        show_error(error)
        return
    how = "; ".join(answer.reasons) or "no doubling"
    names = dict(zip(rules.seat_letters, rules.seat_names, strict=True))
    st.markdown(f"Stake: bid **{bid}** · {plain(how)} → **{answer.stake}** (the landlord shown as South)")
    st.dataframe([{"Seat": names[s.seat], "Role": s.role, "Payment": s.payment} for s in answer.seats],
                 hide_index=True, key=KEY + "payments")


calculator()

st.header("From simulated hands")
st.markdown(
    "Whole seeded hands played by the bots — bidding, the kitty, play and payment — for both player counts. "
    "The same seed always gives the same hands."
)
values = scoring.draw_controls([
    scoring.Control(KEY + "games", "select_slider", "Hands per player count", ui.QUICK_GAMES, choices=ui.RUN_SIZES),
    scoring.seed_control(KEY + "seed", ui.QUICK_SEED),
    scoring.bots_control(KEY + "bots", GAME.bots, choices=ui.BOTS),
])
games, seed, bots = int(values[KEY + "games"]), int(values[KEY + "seed"]), str(values[KEY + "bots"])
wanted, quick = ui.sims(games, seed, bots), ui.sims()
shown_frames, waiting = scoring.frames_or_quick(list(wanted.values()), list(quick.values()))
frames = dict(zip(PRESETS, shown_frames, strict=True))
shown = (ui.QUICK_GAMES, ui.QUICK_SEED, ui.BOTS[0]) if waiting else (games, seed, bots)
if not waiting:
    st.caption(f"Showing {games:,} simulated hands per player count (seed {seed}, {bots} bots).")
else:
    st.info(f"The charts show the quick default ({ui.QUICK_GAMES} hands per player count, seed "
            f"{ui.QUICK_SEED}, heuristic bots) until you run these {games:,} hands.", icon=":material/info:")
    for column, (name, sim) in zip(st.columns(len(wanted)), wanted.items(), strict=True):
        with column:
            scoring.run_panel(f"{KEY}run:{name}:", [sim], "Run {titles} ({games} hands)", noun="hands")

deal_figure, win_figure = ui.hand_figures(*shown, frames)
st.plotly_chart(deal_figure, key=KEY + "deal-chart")
st.plotly_chart(win_figure, key=KEY + "win-chart")


@st.fragment
def stakes() -> None:
    st.subheader("The stakes, scored again")
    st.caption("These switches score the same hands again — the bots bid and play the same whatever the payment "
               "rules — so nothing is simulated again.")
    left, right = st.columns(2)
    spring = left.toggle(f"{spring_spec.label} (a house rule)", key=KEY + "rescore-spring", help=spring_spec.help)
    caps: list[int | str] = ["no cap", 8, 16, 32, 64]
    cap = right.select_slider("Cap the stake at", caps, value="no cap", key=KEY + "cap",
                              help="Some tables cap the stake; these rules do not.")
    limit = cap if isinstance(cap, int) else None
    scored = {name: ui.rescored(frame, spring, limit) for name, frame in frames.items()}
    springs = sum(int(f["spring"].sum()) for f in frames.values())
    hands = sum(len(f) for f in frames.values())
    st.plotly_chart(ui.stakes_chart(scored), key=KEY + "stakes-chart")
    means = " · ".join(f"{make_rules(name).players} players: {f['stake_now'].mean():.2f}"
                       for name, f in scored.items())
    st.markdown(f"Average stake — {means}. Springs: {springs} of {hands:,} hands.")


stakes()

with st.expander("The simulated hands (table)"):
    for name, frame in frames.items():
        st.markdown(f"**{PRESETS[name].title.capitalize()}**")
        st.dataframe(frame, hide_index=True, key=f"{KEY}frame:{name}")
st.caption("The app's command line plays the same hands for the same seed (the README says how).")
