"""Shengji scoring explorer: the kitty bonus, the level table for 1–4 decks with your own threshold and band width,
and seeded bot simulations re-scored as the sliders move.

It draws at once from the shipped default rounds; any other simulation runs only from its Run button, in the
background, with a progress bar and Cancel. The threshold and band sliders rerun only their fragment (your table and
the re-scored rounds), the kitty slider only its chart; every figure is kept per parameters.
"""

import pandas as pd
import streamlit as st

from engine.i18n import gettext as _
from engine.i18n import number
from engine.shengji import GAME, PRESETS
from engine.shengji.score import scoring_summary
from ui import scoring
from ui import shengji_scoring as ui
from ui.nav import current_preset

preset = current_preset(GAME.key)
ui.init_scoring(preset)

scoring.title(GAME.info, GAME.presets[preset])
st.markdown(scoring_summary())


@st.fragment
def kitty() -> None:
    """The kitty slider and its chart."""
    st.header(_("The kitty bonus"))
    scoring.Control(ui.KITTY_POINTS, "slider", _("Points buried in the kitty"), 20, low=0, high=ui.MAX_POINTS,
                    step=ui.POINT_UNIT).draw()
    st.plotly_chart(ui.kitty_chart(int(st.session_state[ui.KITTY_POINTS])), key=ui.KEY + "kitty")
    st.caption(ui.kitty_text())
    ui.remember()


kitty()

st.header(_("The level table"))
st.caption(_("Both rule sets use the same table, scaled with the decks: {table}. They differ in the kitty bonus, "
             "above.").format(table=ui.table_text()))
scoring.Control(ui.DECKS, "radio", _("Decks"), 2, choices=ui.DECK_COUNTS, on_change=ui.reset_table, args=(preset,),
                words={n: number(n) for n in ui.DECK_COUNTS},
                help=_("Changing the decks sets the threshold and band width to the rule set's own for that many "
                       "decks. Nothing is simulated: the rounds below come from the defaults, or from your Run.")
                ).draw()


@st.fragment
def explore() -> None:
    """The threshold and band sliders, your table, and the simulated rounds re-scored with it."""
    decks = int(st.session_state[ui.DECKS])
    total = ui.total_points(decks)
    c = st.columns([3, 3, 1.4], vertical_alignment="bottom")
    unit = ui.POINT_UNIT
    c[0].slider(_("Threshold (attackers' points to take the bank)"), unit, total, step=unit, key=ui.THRESHOLD)
    c[1].slider(_("Band width (points per level)"), unit, max(unit, total // 2), step=unit, key=ui.BAND)
    c[2].button(_("Reset"), on_click=ui.reset_table, args=(preset,), key=ui.KEY + "reset",
                icon=":material/restart_alt:", help=_("The rule set's own threshold and band width for these decks."))
    table = ui.explored()
    st.caption(_("Move the threshold and the band width; the charts below re-score the simulated rounds with your "
                 "table."))
    st.plotly_chart(ui.level_chart(preset, table), key=ui.KEY + "level")
    with st.expander(_("Your table, band by band, and who banks next"), expanded=False):
        st.dataframe(ui.band_rows(table.rules(preset)), hide_index=True, width="stretch", key=ui.KEY + "bands")
    simulated(table)
    ui.remember()


def simulated(table: "ui.Table") -> None:
    st.header(_("From simulated rounds"))
    st.markdown(_("Whole seeded rounds played by the bots — the draw with declarations, the kitty, the tricks and "
                  "the score — under both rule sets, with the decks chosen above. The same seed always gives the "
                  "same rounds; moving a slider re-scores them without playing them again."))
    values = scoring.draw_controls([
        scoring.Control(ui.ROUNDS, "select_slider", _("Rounds per rule set"), ui.QUICK_ROUNDS,
                        choices=ui.ROUND_CHOICES, words={n: number(n) for n in ui.ROUND_CHOICES},
                        help=_("Up to {rounds} rounds of seed {seed} are drawn at once; more, or another seed, on the "
                               "Run button.").format(rounds=number(ui.QUICK_ROUNDS), seed=number(ui.QUICK_SEED))),
        scoring.seed_control(ui.SEED, ui.QUICK_SEED),
        scoring.bots_control(ui.BOTS, GAME.bots, choices=tuple(ui.BOT_LABELS), default="random"),
    ])
    games, seed, bots = int(values[ui.ROUNDS]), int(values[ui.SEED]), str(values[ui.BOTS])
    shown, waiting = [], []
    for name in PRESETS:
        rounds = ui.rounds_for(name, games, seed, bots, table.decks)
        if rounds is None:
            waiting.append(name)
            rounds = ui.stand_in(name, bots, table.decks)
        if rounds is not None:
            shown.append(rounds)
    if waiting:
        ui.run_buttons(waiting, games, seed, bots, table.decks)
    if not shown:
        st.info(_("Run the simulation above to see the rounds."), icon=":material/play_circle:")
        return
    st.caption(ui.shown_text(shown, waiting))

    st.table(pd.DataFrame(ui.summary_rows(shown, table)).set_index("measure").rename_axis(_("measure")))
    st.subheader(_("Attackers' points, coloured by outcome"))
    st.plotly_chart(ui.distribution_chart(shown, table), key=ui.KEY + "distribution")
    st.subheader(_("How often the bankers keep the bank as the threshold moves"))
    st.plotly_chart(ui.keep_chart(shown, table), key=ui.KEY + "keep")
    st.subheader(_("How the kitty bonus shifts the results"))
    figure, effect = ui.kitty_effect_chart(shown, table)
    st.markdown(_("Each bar re-scores the same rounds under one kitty rule: no bonus, × 2, × 2 × cards, × 2^k. "
                  "Rules that give exactly the same results in these rounds share one bar, their names joined by "
                  "“=”: they differ only when the attackers win a last trick of two or more cards each with points "
                  "in the kitty."))
    st.plotly_chart(figure, key=ui.KEY + "kitty-effect")
    if (effect.groupby("rule set")["kitty rule"].nunique() == 1).all():
        st.caption(_("Here every kitty rule gives the same results: in these rounds the attackers never won the last "
                     "trick with points in the kitty (the heuristic bots bury no points). Choose the random bots to "
                     "see the rules differ."))
    with st.expander(_("The simulated rounds (table)")):
        for rounds in shown:
            st.markdown(f"**{ui.short_title(rounds.preset)}**")
            st.dataframe(ui.arrow_table(rounds.key, rounds.frame), hide_index=True,
                         key=f"{ui.KEY}frame:{rounds.preset}")


explore()
ui.remember()
