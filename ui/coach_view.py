"""The coach in words and in a chart: why it ranks each option where it does, the bar chart of the options, and
the position editor's Coach panel. The values, reasons and rules of thumb all come from the engine
(:func:`engine.advisor.advise`, :meth:`engine.contract.Game.rule_of_thumb`); this module only says them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go
import streamlit as st

from engine.advisor import advise
from engine.cards import Card
from engine.contract import SomeGame
from engine.errors import CardTableError
from engine.i18n import DEFAULT_LANGUAGE, digits, language, ngettext
from engine.i18n import gettext as _
from engine.words import and_list, capitalise
from ui.cards import symbol_words
from ui.share import signature
from ui.widgets import plain

if TYPE_CHECKING:
    from ui.editor import PositionEditor

__all__ = ["COACH_SHOWN", "PASS_ACTION", "amount", "best_reason", "coach_chart", "coach_panel", "full_stop",
           "option_label", "option_reason", "same_play", "sentence", "stopped_clause", "symbols", "value_words"]

COACH_SHOWN = 12
"""The most options the coach's chart shows (the learner's play is always among them)."""
PASS_ACTION = "pass"

_BEST = "#15803d"
_TIED = "#65a30d"
_OTHER = "#94a3b8"
_YOURS = "#1d4ed8"


def symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol_text for c in cards) or "—"


_VERDICT_WORD = re.compile(r"^\s*(?:not legal|illegal|legal)\s*[:.—-]\s*", re.IGNORECASE)


def sentence(reason: str) -> str:
    """An engine's reason as a sentence after the editor's own "legal"/"not legal": a leading "Legal:" that some
    games write is dropped, the first letter is a capital and the sentence ends with a full stop."""
    text = _VERDICT_WORD.sub("", reason.strip(), count=1) or reason.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?)\u0964" else text + full_stop()


def full_stop() -> str:
    """The full stop of the current language ("." in English, "।" in Bengali and Assamese)."""
    return "." if language() == DEFAULT_LANGUAGE else "\u0964"


def stopped_clause(text: str) -> str:
    """A reason after a dash: as it is (no capital), with a full stop."""
    text = text.strip()
    return text if not text or text[-1] in ".!?\u0964" else text + full_stop()


# ------------------------------------------------------------------------------------------------ the coach's chart


def option_label(game: SomeGame, action: Any, text: str) -> str:
    """An option for people: its cards with suit symbols, or its words with any card in them so too (``declare
    2♦``, never ``declare 2D``)."""
    cards = game.action_cards(action)
    if cards:
        return symbols(cards)
    return symbol_words(text)


def same_play(game: SomeGame, action: Any, text: str, play: tuple[Card, ...] | None) -> bool:
    cards = game.action_cards(action)
    if play is None:
        return cards is None and text.strip().lower() == PASS_ACTION
    return cards is not None and Counter(cards) == Counter(play)


DEFAULT_VALUE_WORDS = ("point", "points")


def value_words(game: SomeGame, state: Any) -> tuple[str, str]:
    """What the coach's values count in ``state``, singular and plural ("level", "levels" in Shengji)."""
    singular, plural = game.value_words(state)
    return str(singular), str(plural)


def amount(value: float, words: tuple[str, str]) -> str:
    """A value with its unit: ``0.45 levels``, ``1 point``."""
    shown = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    return f"{digits(shown)} {_unit(words, 1 if shown == '1' else 2)}"


def _unit(words: tuple[str, str], n: int) -> str:
    """The coach's unit for ``n`` ("point" or "points"), in the current language."""
    return ngettext(words[0], words[1], n)


def option_reason(game: SomeGame, state: Any, advice: Any, option: Any) -> str:
    """Why the coach ranks ``option`` where it does, in words: the game's rule of thumb for it (a reason for, or a
    caution), then what the samples show — for the best, how much more it scores than the runner-up and what else
    differs ("it scores 0.6 points more on average than Q♣; it gives you 0.4 more tricks for your side"); for
    another option, the same from the best's side; for a tied one, that the samples cannot tell it from the best.
    Never a bare number."""
    if advice.forced:
        return _("it is your only legal choice")
    thumb = game.rule_of_thumb(state, option.action)
    best = advice.best
    name = _label(game, best)
    if option is best:
        if len(advice.options) < 2:
            samples = _("it is the only option the coach compared")
        elif advice.options[1].tied:
            samples = _("it did best in the sampled deals, but {other} did about as well (the samples cannot tell "
                        "them apart)").format(other=_label(game, advice.options[1]))
        else:
            samples = _("in the sampled deals it did best: {comparison}").format(
                comparison=_versus(game, state, best, advice.options[1], None))
    elif option.tied:
        samples = _("the samples cannot tell it apart from {best}, the coach's choice").format(best=name)
    else:
        samples = _versus(game, state, best, option, name)
    return f"{thumb}{full_stop()} {capitalise(samples)}" if thumb else samples


def best_reason(game: SomeGame, state: Any, advice: Any) -> str:
    """Why the coach prefers its best option (:func:`option_reason` of it)."""
    return option_reason(game, state, advice, advice.best)


def _label(game: SomeGame, option: Any) -> str:
    return option_label(game, option.action, option.text)


def _versus(game: SomeGame, state: Any, better: Any, worse: Any, subject: str | None) -> str:
    """What the samples show between two options, from the better one's side (``subject`` names it; None: "it")."""
    mine, theirs = dict(better.features or {}), dict(worse.features or {})
    diffs = sorted(((k, mine.get(k, 0.0) - theirs.get(k, 0.0)) for k in set(mine) | set(theirs)),
                   key=lambda kv: -abs(kv[1]))
    notable = [(k, d) for k, d in diffs if abs(d) >= 0.15][:2]
    other = _label(game, worse)
    gap = amount(better.value - worse.value, value_words(game, state))
    # the value first, as it is what ranks them; then what else differs, which may go either way (passing a call
    # gives your side fewer tricks, and the best call can still be a pass)
    said = (_("it scores {gap} more on average than {other}").format(gap=gap, other=other) if subject is None else
            _("{option} scores {gap} more on average than {other}").format(option=subject, gap=gap, other=other))
    if notable:
        said += "; " + _("it gives you {differences}").format(
            differences=and_list(_feature_words(game, k, d) for k, d in notable))
    return said


def _feature_words(game: SomeGame, name: str, delta: float) -> str:
    singular, plural = game.feature_words.get(name, (name.replace("_", " "), name.replace("_", " ")))
    shown = f"{abs(delta):.1f}".rstrip("0").rstrip(".") if abs(delta) < 10 else f"{abs(delta):.0f}"
    things = ngettext(singular, plural, 1 if shown == "1" else 2)
    text = _("{amount} more {things}") if delta > 0 else _("{amount} fewer {things}")
    return text.format(amount=digits(shown), things=things)


def coach_chart(game: SomeGame, advice: Any, play: tuple[Card, ...] | None | bool = False,
                words: tuple[str, str] = DEFAULT_VALUE_WORDS) -> go.Figure:
    """The coach's options as horizontal bars, best at the top: the average value for the seat over the sampled
    deals with its 95 % interval; the best and the options tied with it in green, the learner's play (``play``:
    cards, None for a pass, False for none) outlined in blue. At most :data:`COACH_SHOWN` options (the learner's
    play always among them)."""
    options = list(advice.options)
    shown = options[:COACH_SHOWN]
    if play is not False:
        mine = next((o for o in options if same_play(game, o.action, o.text, play)), None)  # type: ignore[arg-type]
        if mine is not None and mine not in shown:
            shown = shown[:-1] + [mine]
    labels, colours, lines, notes = [], [], [], []
    for i, o in enumerate(shown):
        yours = play is not False and same_play(game, o.action, o.text, play)  # type: ignore[arg-type]
        label = option_label(game, o.action, o.text) + (" " + _("(your play)") if yours else "")
        labels.append(label)
        colours.append(_BEST if i == 0 else _TIED if o.tied else _OTHER)
        lines.append(3 if yours else 0)
        notes.append(_("best") if i == 0 else _("tied with the best") if o.tied else "")
    values = [o.value for o in shown]
    fig = go.Figure(go.Bar(
        x=values, y=labels, orientation="h",
        marker={"color": colours, "line": {"color": _YOURS, "width": lines}},
        error_x={"type": "data", "symmetric": False, "array": [o.high - o.value for o in shown],
                 "arrayminus": [o.value - o.low for o in shown], "color": "#334155", "thickness": 1.5},
        # The values are written in a column right of the plot (annotations), where no interval line crosses them.
        text=[digits(f"{v:+.2f}") + (f" · {n}" if n else "") for v, n in zip(values, notes, strict=True)],
        textposition="none",
        customdata=[[o.low, o.high, o.samples] for o in shown],
        hovertemplate=_("%{y}: %{x:.2f} (95 %% interval %{customdata[0]:.2f} to %{customdata[1]:.2f}, "
                        "%{customdata[2]} sampled deals)") + "<extra></extra>",
    ))
    units = _unit(words, 2)
    fig.update_layout(
        title={"text": _("Your average {units}, best first").format(units=units), "font": {"size": 14}},
        xaxis_title=_("average {units} for you").format(units=units),
        # Category axis: option names such as "9 9 9 3" must not be read as numbers.
        yaxis={"autorange": "reversed", "automargin": True, "type": "category"},
        height=110 + 34 * len(shown), margin={"l": 10, "r": 96, "t": 50, "b": 40}, showlegend=False,
        annotations=[{"xref": "paper", "x": 1.0, "xshift": 8, "xanchor": "left", "yref": "y", "y": label,
                      "text": digits(f"{v:+.2f}") + _annotation(i, o, advice.samples),
                      "showarrow": False, "font": {"size": 12, "color": "#334155"}}
                     for i, (label, v, o) in enumerate(zip(labels, values, shown, strict=True))],
    )
    return fig


def _annotation(i: int, option: Any, samples: int) -> str:
    """What the chart writes after an option's value: best, tied, or the deals it was played on when fewer."""
    if i == 0:
        return " · " + _("best")
    if option.tied:
        return " · " + _("tied")
    if option.samples < samples:
        return " · " + ngettext("{count} deal", "{count} deals", option.samples).format(
            count=digits(str(option.samples)))
    return ""


# ------------------------------------------------------------------------------------------------ the panel


def coach_panel(editor: PositionEditor[Any], data: Mapping[str, Any], request: Any,
                play: tuple[Card, ...] | None | bool) -> None:
    """The editor's Coach panel: what should I play? (on a button; the advice takes up to a few seconds)."""
    with st.container(border=True):
        question = editor.coach_question(request)
        st.subheader(_("Coach: {question}").format(question=question[:1].lower() + question[1:]))
        wanted = editor.coach_request(request)
        if wanted is None:
            st.info(_(editor.coach_none), icon=":material/school:")
            return
        if not editor.game.poses_positions():
            st.info(_("The coach cannot advise on posed {game} positions yet. It will as soon as the engine can build "
                      "a game from a posed position.").format(game=_(editor.game.info.title)), icon=":material/school:")
            return
        sig = signature(data)
        st.caption(_("The coach deals the cards you cannot see at random, up to {count} times, plays every option out "
                     "with the bots, and compares how each does for you on average (an option clearly worse than the "
                     "best after a few deals stops there). It takes a few seconds.").format(
                         count=digits(str(editor.budget))))
        if st.button(question, key=editor.k("coach:run"), icon=":material/psychology:", type="primary"):
            with st.spinner(_("The coach is playing the options out…")):
                st.session_state[editor.k("coach")] = (sig, _advise(editor, wanted))
        stored = st.session_state.get(editor.k("coach"))
        if not stored or stored[0] != sig:
            return
        if isinstance(stored[1], str):
            st.error(plain(stored[1]), icon=":material/error:")
            return
        _advice(editor, stored[1], play, editor.coach_pick_hint(request))

def _advise(editor: PositionEditor[Any], wanted: Any) -> Any:
    """The coach's advice on the posed position and the state it advised on, or the message saying why there is
    none."""
    try:
        state = editor.game.position_state(wanted)
        return advise(editor.game, state, budget=editor.budget), state
    except CardTableError as error:
        return _("The coach cannot advise on this position: {problem}. Change the position, or press Reset.").format(
            problem=error)

def _advice(editor: PositionEditor[Any], found: tuple[Any, Any], play: tuple[Card, ...] | None | bool,
            pick_hint: str) -> None:
    advice, state = found
    game = editor.game
    best = advice.best
    best_label = option_label(game, best.action, best.text)
    if advice.forced:
        st.info(_("**{play}** is the only legal play: there is nothing to compare.").format(play=plain(best_label)),
                icon=":material/check_circle:")
        return
    words = value_words(game, state)
    st.plotly_chart(coach_chart(game, advice, play, words), key=editor.k("coach:chart"), width="stretch",
                    config={"displayModeBar": False})
    tied = [o for o in advice.options[1:] if o.tied]
    stopped = [o for o in advice.options if o.samples < advice.samples]
    numbers = {"count": digits(str(len(advice.options))), "legal": digits(str(advice.considered)),
               "samples": digits(str(advice.samples)), "seconds": digits(f"{advice.seconds:.1f}")}
    compared = (_("{count} options compared of the {legal} legal options on up to {samples} sampled deals in "
                  "{seconds} s.") if advice.considered > len(advice.options) else
                _("{count} options compared on up to {samples} sampled deals in {seconds} s.")).format(**numbers)
    early = (" " + _("An option marked “{deals}” was clearly worse than the best after that many deals and was not "
                     "played further: it ranks below the others.").format(
                         deals=ngettext("{count} deal", "{count} deals", stopped[0].samples).format(
                             count=digits(str(stopped[0].samples)))) if stopped else "")
    st.caption(compared + " " + _("Green: the best, and those the samples cannot tell apart from it (tied); the thin "
                                  "line across a bar's end is its 95 % interval.") + early)
    lead = "**" + _("Best: {play}").format(play=plain(best_label)) + "**"
    if tied:
        lead += " " + _("(tied with {plays})").format(
            plays=plain(", ".join(option_label(game, o.action, o.text) for o in tied[:4])))
    st.markdown(f"{lead} — {plain(stopped_clause(best_reason(game, state, advice)))}")
    mine = None if play is False else next(
        (o for o in advice.options if same_play(game, o.action, o.text, play)), None)  # type: ignore[arg-type]
    if play is False:
        if pick_hint:
            st.caption(pick_hint)
    else:
        shown = _("a pass") if play is None else symbols(play)  # type: ignore[arg-type]
        yours = "**" + _("Your play: {play}").format(play=plain(shown)) + "** — "
        if mine is None:
            st.markdown(yours + _("the coach did not rate it: it is not one of the legal options it compared."))
        elif mine is best:
            st.markdown(yours + _("the coach's choice too."))
        elif mine.tied:
            st.markdown(yours + _("tied with the best.") + " "
                        + plain(sentence(option_reason(game, state, advice, mine))))
        else:
            st.markdown(yours + _("{amount} less than {best} on average.").format(
                amount=amount(best.value - mine.value, words), best=plain(best_label))
                + f" {plain(sentence(option_reason(game, state, advice, mine)))}")
    with st.expander(_("What the coach says of every option")):
        rows = [{_("Option"): option_label(game, o.action, o.text),
                 _("Average {units}").format(units=_unit(words, 2)): round(o.value, 2),
                 _("95 % interval"): _("{low} to {high}").format(low=digits(f"{o.low:+.2f}"),
                                                                 high=digits(f"{o.high:+.2f}")),
                 _("Sampled deals"): o.samples,
                 _("Why"): sentence(option_reason(game, state, advice, o))}
                for o in advice.options]
        st.dataframe(rows, hide_index=True, width="stretch", key=editor.k("coach:rows"))
