"""Dou Dizhu scoring explorer: the payment as bid × doublings, a calculator, and seeded simulations of whole hands
(how often deals hold bombs, the final stakes, the landlord's win rate by bid). It draws at once from a shipped
quick default; bigger runs go to the background on a Run button; the re-scoring switches never re-simulate."""

from typing import Literal

import streamlit as st

from engine.doudizhu import GAME, PRESETS, ScoreRequest, make_rules, score_command
from engine.doudizhu.bidding import BIDS
from engine.doudizhu.score import scoring_summary
from engine.errors import CardTableError
from engine.i18n import digits, language, number
from engine.i18n import gettext as _
from engine.words import or_list
from ui import doudizhu_scoring as ui
from ui import scoring
from ui.nav import current_preset
from ui.widgets import plain, show_error

KEY = "doudizhu:scoring:"
BOT_WORDS = {"heuristic": _("heuristic bots"), "random": _("random bots")}
preset = current_preset(GAME.key)
rules = make_rules(preset)
spring_spec = next(s for s in GAME.option_specs() if s.name == "spring")

scoring.title(GAME.info, GAME.presets[preset])
st.markdown(scoring_summary())
st.plotly_chart(ui.payment_figure(language()), key=KEY + "payment-chart")


@st.fragment
def calculator() -> None:
    st.header(_("Payment calculator"))
    quiet = tuple(n for n in rules.bomb_sizes if not rules.bomb_doubles(n))
    doubling = rules.doubling_bomb_sizes
    if quiet:
        bomb_controls = [
            scoring.Control(KEY + "small", "number_input", _("Bombs of {sizes} cards played").format(
                sizes=or_list([number(n) for n in quiet])), 0, low=0, high=rules.most_bombs(quiet[0]),
                help=_("With {n} players these do not double the stake.").format(n=number(rules.players))),
            scoring.Control(KEY + "big", "number_input", _("Bombs of {low} to {high} cards played").format(
                low=number(doubling[0]), high=number(doubling[-1])), 0, low=0,
                high=rules.most_bombs(doubling[0]))]
    else:
        bomb_controls = [scoring.Control(KEY + "bombs", "number_input", _("Bombs played"), 1, low=0,
                                         high=rules.most_bombs(doubling[0]))]
    columns = [
        [scoring.Control(KEY + "bid", "radio", _("Winning bid"), BIDS[1], choices=BIDS,
                         words={b: number(b) for b in BIDS}),
         scoring.Control(KEY + "winner", "radio", _("Who went out first"), "landlord",
                         choices=("landlord", "peasants"),
                         words={"landlord": _("the landlord"), "peasants": _("a peasant")})],
        [*bomb_controls,
         scoring.Control(KEY + "rockets", "radio", _("Rocket played"), 0, choices=(0, 1),
                         words={0: _("no"), 1: _("yes")})],
        [scoring.Control(KEY + "spring", "toggle", _("A spring (house rule)"), False, help=_(spring_spec.help))],
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
    how = "; ".join(answer.reasons) or _("no doubling")
    names = dict(zip(rules.seat_letters, rules.seat_names, strict=True))
    st.markdown(_("Stake: bid **{bid}** · {how} → **{stake}** (the landlord shown as South)").format(
        bid=number(bid), how=plain(how), stake=number(answer.stake)))
    st.dataframe([{_("Seat"): _(names[s.seat]), _("Role"): _(s.role), _("Payment"): s.payment}
                  for s in answer.seats], hide_index=True, key=KEY + "payments")


calculator()

st.header(_("From simulated hands"))
st.markdown(_(
    "Whole seeded hands played by the bots — bidding, the kitty, play and payment — for both player counts. "
    "The same seed always gives the same hands."
))
values = scoring.draw_controls([
    scoring.Control(KEY + "games", "select_slider", _("Hands per player count"), ui.QUICK_GAMES,
                    choices=ui.RUN_SIZES, words={n: number(n) for n in ui.RUN_SIZES}),
    scoring.seed_control(KEY + "seed", ui.QUICK_SEED),
    scoring.bots_control(KEY + "bots", GAME.bots, choices=ui.BOTS),
])
games, seed, bots = int(values[KEY + "games"]), int(values[KEY + "seed"]), str(values[KEY + "bots"])
wanted, quick = ui.sims(games, seed, bots), ui.sims()
shown_frames, waiting = scoring.frames_or_quick(list(wanted.values()), list(quick.values()))
frames = dict(zip(PRESETS, shown_frames, strict=True))
shown = (ui.QUICK_GAMES, ui.QUICK_SEED, ui.BOTS[0]) if waiting else (games, seed, bots)
if not waiting:
    st.caption(_("Showing {games} simulated hands per player count (seed {seed}, {bots}).").format(
        games=number(games), seed=number(seed), bots=BOT_WORDS[bots]))
else:
    st.info(_("The charts show the quick default ({games} hands per player count, seed {seed}, heuristic bots) until "
              "you run these {run} hands.").format(games=number(ui.QUICK_GAMES), seed=number(ui.QUICK_SEED),
                                                  run=number(games)), icon=":material/info:")
    for column, (name, sim) in zip(st.columns(len(wanted)), wanted.items(), strict=True):
        with column:
            scoring.run_panel(f"{KEY}run:{name}:", [sim], _("Run {titles} ({games} hands)"), noun=_("hands"))

deal_figure, win_figure = ui.hand_figures(*shown, frames)
st.plotly_chart(deal_figure, key=KEY + "deal-chart")
st.plotly_chart(win_figure, key=KEY + "win-chart")


@st.fragment
def stakes() -> None:
    st.subheader(_("The stakes, scored again"))
    st.caption(_("These switches score the same hands again — the bots bid and play the same whatever the payment "
                 "rules — so nothing is simulated again."))
    left, right = st.columns(2)
    spring = left.toggle(_("{option} (a house rule)").format(option=_(spring_spec.label)), key=KEY + "rescore-spring",
                         help=_(spring_spec.help))
    caps: list[int | str] = ["no cap", 8, 16, 32, 64]
    cap = right.select_slider(_("Cap the stake at"), caps, value="no cap", key=KEY + "cap",
                              format_func=lambda c: _("no cap") if c == "no cap" else number(int(c)),
                              help=_("Some tables cap the stake; these rules do not."))
    limit = cap if isinstance(cap, int) else None
    scored = {name: ui.rescored(frame, spring, limit) for name, frame in frames.items()}
    springs = sum(int(f["spring"].sum()) for f in frames.values())
    hands = sum(len(f) for f in frames.values())
    st.plotly_chart(ui.stakes_chart(scored), key=KEY + "stakes-chart")
    means = " · ".join(_("{n} players: {mean}").format(n=number(make_rules(name).players),
                                                       mean=digits(f"{f['stake_now'].mean():.2f}"))
                       for name, f in scored.items())
    st.markdown(_("Average stake — {means}. Springs: {springs} of {hands} hands.").format(
        means=means, springs=number(springs), hands=number(hands)))


stakes()

with st.expander(_("The simulated hands (table)")):
    for name, frame in frames.items():
        title = _(PRESETS[name].title)
        st.markdown(f"**{title[:1].upper() + title[1:]}**")
        st.dataframe(frame, hide_index=True, key=f"{KEY}frame:{name}")
st.caption(_("The app's command line plays the same hands for the same seed (the README says how)."))
