"""Shengji scoring explorer: the level table for 1–4 decks, your own threshold and band width, the kitty bonus,
and seeded bot simulations re-scored as the sliders move."""

import streamlit as st

from engine.shengji import Rules, make_rules
from ui import shengji_scoring as ui
from ui.nav import current_preset

preset = current_preset("shengji")
ui.init_scoring()

st.title("Shengji — Scoring explorer")
st.markdown(
    "Only the **attackers' points** count: the points in the tricks they won, plus the **kitty bonus** when they "
    "win the last trick. The **level table** turns them into a result: below the threshold the bankers keep the "
    "bank and go up; from the threshold on, the attackers take the bank, and go up one level per further band."
)

st.header("The level table")
st.plotly_chart(ui.level_chart_all_decks(), key=ui.KEY + "all-decks")
st.caption("Both presets use the same table; the bands scale with the decks (threshold 40 per deck, bands half "
           "of it). They differ in the kitty bonus, below.")

st.header("Exploring scoring thresholds")
st.caption(f"Rules: **{preset}** (sidebar). Move the threshold and the band width; the charts below re-score the "
           "simulated rounds with your table.")
c = st.columns([2, 3, 3, 1.4], vertical_alignment="bottom")
c[0].radio("Decks", [1, 2, 3, 4], key=ui.DECKS, horizontal=True, on_change=ui.reset_table)
total = 100 * int(st.session_state[ui.DECKS])
c[1].slider("Threshold (attackers' points to take the bank)", 5, total, step=5, key=ui.THRESHOLD)
c[2].slider("Band width (points per level)", 5, max(5, total // 2), step=5, key=ui.BAND)
c[3].button("Reset", on_click=ui.reset_table, key=ui.KEY + "reset", icon=":material/restart_alt:",
            help="The preset's own threshold and band width for these decks.")
mine = ui.explored_rules(preset)
st.plotly_chart(ui.explored_chart(preset), key=ui.KEY + "explored")
with st.expander("Your table, band by band, and who banks next", expanded=False):
    st.dataframe(ui.band_rows(mine), hide_index=True, width="stretch", key=ui.KEY + "bands")

st.header("The kitty bonus")
st.slider("Points buried in the kitty", 0, 100, step=5, key=ui.KITTY_POINTS)
st.plotly_chart(ui.kitty_chart(int(st.session_state[ui.KITTY_POINTS])), key=ui.KEY + "kitty")
st.caption("The bonus counts only when the attackers win the last trick. Competition: × 2. Tractor: × 2 for a "
           "last trick of single cards, × 2 × cards otherwise. A common variant (an option, compared in the "
           "simulation below) multiplies by 2^k, k the size of the largest combination led to the last trick.")

st.header("From simulated rounds")
st.markdown("Whole seeded rounds played by the bots — the draw with declarations, the kitty, 25 tricks (two decks) "
            "and the score — under both presets, with the decks chosen above. The same seed always gives the same "
            "rounds; moving a slider re-scores them without playing them again.")
s = st.columns(3)
s[0].select_slider("Rounds per preset", [20, 50, 100, 200, 500, 1000], key=ui.ROUNDS)
s[1].number_input("Seed", 0, 2**31 - 1, step=1, key=ui.SEED)
s[2].radio("Bots", ["random", "heuristic"], key=ui.BOTS, horizontal=True,
           help="random: random legal plays and burials. heuristic: declares with strong trumps, buries low cards "
                "without points, leads winners, follows low, trumps point-rich tricks.")
frames = ui.simulate_presets(int(st.session_state[ui.ROUNDS]), int(st.session_state[ui.SEED]),
                             str(st.session_state[ui.BOTS]), mine.decks)


def rules_of(name: str) -> Rules:
    return make_rules(name, {"decks": mine.decks, "threshold": mine.attack_threshold, "band": mine.band_width})


st.dataframe(ui.summary_rows(frames, rules_of), hide_index=True, width="stretch", key=ui.KEY + "summary")
st.subheader("Attackers' points, coloured by outcome")
st.plotly_chart(ui.distribution_chart(frames, rules_of), key=ui.KEY + "distribution")
st.subheader("How often the bankers keep the bank as the threshold moves")
st.plotly_chart(ui.keep_chart(frames, rules_of), key=ui.KEY + "keep")
st.subheader("How the kitty bonus shifts the results")
effect = ui.kitty_effect(frames, rules_of)
st.plotly_chart(ui.kitty_effect_chart(effect), key=ui.KEY + "kitty-effect")
if all(float(f["kitty_points"].sum()) == 0 for f in frames.values()):
    st.info("In these rounds the bankers never buried a point card (the heuristic bots never do), so the kitty "
            "rule changes nothing. Choose the random bots to see its effect.", icon=":material/info:")
st.caption("Each bar re-scores the same rounds under one kitty rule; the rules differ only when the attackers win "
           "a last trick of two or more cards each (see the table above). The same rounds on the command line: "
           "`python -m engine simulate shengji --rounds N --seed S --options "
           "'{\"preset\": \"tractor\", \"bots\": \"random\"}'`.")
with st.expander("The simulated rounds (table)"):
    for name, frame in frames.items():
        st.markdown(f"**{name}**")
        st.dataframe(frame, hide_index=True, key=f"{ui.KEY}frame:{name}")
