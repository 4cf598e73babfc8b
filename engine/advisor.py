"""The coach: what should a seat play, and why — for any game on the contract.

For the seat's decision it estimates the value of every legal option by **sampling the hidden cards**
consistently with everything the seat has seen (:meth:`~engine.contract.Game.determinize`), playing each sample
out with fast bots, and averaging the seat's :meth:`~engine.contract.Game.returns`. Every option is scored on the
same samples (common random numbers), so the differences between options are measured much more precisely than
the values themselves. It never looks at a card the seat cannot see: the real hidden cards are only ever replaced.

It is anytime: a budget in samples per option and/or seconds; values come with a 95 % interval and the sample
count, and options whose difference from the best is within noise are marked tied. Reasons in words come from
what distinguishes the options in the samples (:meth:`~engine.contract.Game.features`) and from the game's own
rules of thumb (:meth:`~engine.contract.Game.rule_of_thumb`).
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from engine.contract import Bot, BotFamily, Game, SomeGame
from engine.errors import InvalidRequestError, UnknownNameError
from engine.games import GAMES, register_bots
from engine.games import game as lookup
from engine.i18n import DEFAULT_LANGUAGE, N_, digits, language, use_language
from engine.i18n import gettext as _
from engine.match import game_seed, whole_game
from engine.replay import BOT_SEED_MIX
from engine.teaching import call_words
from engine.words import and_list, plural

if TYPE_CHECKING:
    from engine.workers import StartedPool
from engine.pools import pool_context

__all__ = [
    "DEFAULT_BUDGET",
    "can_advise",
    "Advice",
    "Option",
    "advise",
    "advisor_bot",
    "review",
]

R = TypeVar("R")
S = TypeVar("S")
A = TypeVar("A")

DEFAULT_BUDGET = 32
"""Samples per option by default."""
MAX_BUDGET = 2_000
MAX_OPTIONS = 24
"""The most options compared one by one (a long list is cut to the playout bot's choices and a spread of others)."""
Z95 = 1.96


@dataclass(frozen=True)
class Option:
    """One legal option and what the samples say of it (values in the game's own points for the seat)."""

    action: Any
    text: str
    value: float
    low: float
    high: float
    samples: int
    tied: bool = False
    """Within noise of the best option (the interval of the difference from the best includes 0)."""
    why: str = ""
    features: Mapping[str, float] = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Advice:
    """The options best first, for ``seat``."""

    seat: int
    options: tuple[Option, ...]
    samples: int
    seconds: float
    forced: bool = False
    """Only one option: nothing to sample."""
    considered: int = 0
    """How many legal options there were (when more than were compared)."""

    @property
    def best(self) -> Option:
        return self.options[0]

    def option(self, text: str) -> Option | None:
        return next((o for o in self.options if o.text == text), None)


# ------------------------------------------------------------------------------------------------ sampling


# ------------------------------------------------------------------------------------------------ evaluation


def _shortlist(game: SomeGame, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> list[Any]:
    """At most MAX_OPTIONS options: the playout bot's own choice first, then a spread of the others."""
    if len(legal) <= MAX_OPTIONS:
        return list(legal)
    bot = game.bot(game.playout_bot)
    picks: list[Any] = []
    texts: set[str] = set()
    for k in range(8):
        action = bot.choose(state, random.Random(k))
        text = game.action_text(action)
        if text not in texts:
            texts.add(text)
            picks.append(action)
    rest = [a for a in legal if game.action_text(a) not in texts]
    step = max(1, len(rest) // (MAX_OPTIONS - len(picks)))
    picks += rest[::step][: MAX_OPTIONS - len(picks)]
    return picks


def _registered(game: SomeGame) -> tuple[str, bool] | None:
    """(key, whole) naming ``game`` for a worker process, or None when a worker could not find it (a test game)."""
    base = game.base
    if base.key not in GAMES or lookup(base.key) is not base:
        return None
    return base.key, base is not game


def _evaluate(key: str, state: Any, seat: int, texts: Sequence[str], seeds: Sequence[int],
              game: SomeGame | None = None, whole: bool = False
              ) -> list[list[tuple[float, dict[str, float]]]]:
    """For every sample seed: one determinized world, every option played out in it → (value, features)."""
    if game is None:
        game = whole_game(lookup(key)) if whole else lookup(key)
    # Game.finish plays a world out (faster than the step loop where a game can); Game.exact_value solves a
    # small ending of a sampled world under perfect play (None when it cannot).
    actions = [game.parse_action(state, t) for t in texts]
    out: list[list[tuple[float, dict[str, float]]]] = []
    for seed in seeds:
        world = game.determinize(state, seat, random.Random(seed))
        row = []
        for action in actions:
            after = game.apply_unchecked(world, action)
            rng = random.Random(seed * 31 + 7)
            final = game.finish(after, game.playout_bot, rng)
            solved = game.exact_value(after, seat)
            value = float(game.returns(final)[seat]) if solved is None else float(solved)
            row.append((value, dict(game.features(final, seat))))
        out.append(row)
    return out


_POOL: StartedPool | None = None
_POOL_LOCK = threading.Lock()


def _pool(workers: int) -> StartedPool:
    """The coach's pool, kept between requests: started processes, since a server asks from many threads (a fork
    there can copy a lock another thread holds; see :mod:`engine.workers`)."""
    global _POOL
    from engine.workers import StartedPool  # the process pool: loaded only where one is made

    with _POOL_LOCK:
        if _POOL is None or _POOL.workers != workers:
            if _POOL is not None:
                _POOL.shutdown(wait=False, cancel_futures=True)
            _POOL = StartedPool(workers)
        return _POOL


def can_advise(game: Game[R, S, A]) -> bool:
    """Whether the coach can sample this game's hidden cards (its ``determinize`` is implemented)."""
    base = game.base
    return type(base).determinize is not Game.determinize


def advise(game: Game[R, S, A], state: S, *, seat: int | None = None, budget: int = DEFAULT_BUDGET,
           seconds: float | None = None, seed: int = 0, workers: int | None = None) -> Advice:
    """The options of the seat to act (``seat`` must be it when given), best first.

    ``budget``: samples per option (at most :data:`MAX_BUDGET`); ``seconds``: stop sampling after about that long
    (at least 4 samples). ``workers``: processes (default: one per core when the work is large enough).
    """
    to_act = game.to_act(state)
    if to_act is None:
        raise InvalidRequestError(_("the game is over: there is no decision to advise on"))
    if not can_advise(game):
        raise InvalidRequestError(_("the coach cannot sample the hidden cards of {game} yet").format(
            game=game.key))
    if seat is not None and seat != to_act:
        raise InvalidRequestError(_("the coach advises the seat whose turn it is"))
    if not 1 <= budget <= MAX_BUDGET:
        raise InvalidRequestError(_("the budget is 1 to {most} samples per option, not {budget}").format(
            most=MAX_BUDGET, budget=budget))
    started = time.perf_counter()
    rng = random.Random(seed)
    legal = list(game.legal_actions(state, limit=5000))
    if len(legal) == 1:
        only = legal[0]
        return Advice(to_act, (Option(only, game.action_text(only), 0.0, 0.0, 0.0, 0, False,
                                      _("it is the only legal choice"), {}),), 0, 0.0, forced=True, considered=1)
    options = _shortlist(game, state, to_act, legal, rng)
    texts = [game.action_text(a) for a in options]
    seeds = [rng.randrange(2**31) for _ in range(budget)]
    cores = os.cpu_count() or 1
    name = _registered(game)
    if name is None:
        workers = 1
    elif workers is None:
        workers = cores if budget * len(options) >= 64 and cores > 1 else 1
    # Every option is played out on the first seeds; the options then clearly worse than the best (the interval
    # of their difference from it below 0) stop there, and the others go on with the rest of the budget.
    first = budget if budget < 2 * PRUNE_AFTER else PRUNE_AFTER
    results: list[list[Sample]] = [[] for _ in options]

    def run(indices: Sequence[int], part: Sequence[int]) -> None:
        batch = max(2, min(16, len(part) // max(workers or 1, 1) or 1))
        chunks = [part[i:i + batch] for i in range(0, len(part), batch)]
        names = [texts[i] for i in indices]
        done = 0
        if workers is not None and workers > 1 and len(chunks) > 1:
            pool = _pool(workers)
            assert name is not None
            futures = [pool.submit(_evaluate, name[0], state, to_act, names, chunk, None, name[1]) for chunk in chunks]
            for future in futures:
                if seconds is not None and done >= 4 and time.perf_counter() - started > seconds:
                    future.cancel()
                    continue
                rows = future.result()
                done += len(rows)
                for row in rows:
                    for i, sample in zip(indices, row, strict=True):
                        results[i].append(sample)
        else:
            for chunk in chunks:
                if seconds is not None and done >= 4 and time.perf_counter() - started > seconds:
                    break
                rows = _evaluate(game.key, state, to_act, names, chunk, game)
                done += len(rows)
                for row in rows:
                    for i, sample in zip(indices, row, strict=True):
                        results[i].append(sample)

    run(range(len(options)), seeds[:first])
    if first < budget and not (seconds is not None and time.perf_counter() - started > seconds):
        survivors = _survivors(results)
        run(survivors, seeds[first:])
    return _summarise(game, state, to_act, options, texts, results, time.perf_counter() - started, len(legal))


Sample = tuple[float, dict[str, float]]
PRUNE_AFTER = 8
"""Samples every option gets before the clearly worse ones stop (budgets of at least twice this)."""


def _spread(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = sum(values) / len(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def _behind(best: Sequence[Sample], other: Sequence[Sample]) -> tuple[float, float]:
    """The mean difference best − other over the samples both have (the same sampled worlds), and its 95 % half
    width."""
    n = min(len(best), len(other))
    if n < 2:
        return 0.0, math.inf
    diffs = [best[k][0] - other[k][0] for k in range(n)]
    return sum(diffs) / n, Z95 * _spread(diffs) / math.sqrt(n)


def _survivors(results: Sequence[Sequence[Sample]]) -> list[int]:
    """The options not clearly worse than the best so far (the best included), in their order."""
    means = [sum(v for v, _ in r) / len(r) if r else -math.inf for r in results]
    best = max(range(len(results)), key=lambda i: means[i])
    keep = []
    for i, r in enumerate(results):
        mean, half = _behind(results[best], r)
        if i == best or mean - half <= 0:
            keep.append(i)
    return keep


def _summarise(game: SomeGame, state: Any, seat: int, options: Sequence[Any], texts: Sequence[str],
               results: Sequence[Sequence[Sample]], elapsed: float, considered: int) -> Advice:
    """Options best first, from each option's samples (options stopped early have fewer). Among the options with
    the most samples the best mean is best; the options stopped early rank below them."""
    most = max(len(r) for r in results)
    means = [sum(v for v, _ in r) / len(r) for r in results]
    order = sorted(range(len(options)), key=lambda i: (len(results[i]) < most, -means[i]))
    best = order[0]
    feats = []
    for r in results:
        keys = {k for _, f in r for k in f}
        feats.append({k: sum(f.get(k, 0.0) for _, f in r) / len(r) for k in keys})
    out = []
    for i in order:
        values = [v for v, _ in results[i]]
        n = len(values)
        half = Z95 * _spread(values) / math.sqrt(n) if n > 1 else 0.0
        if i == best:
            tied = True
        else:
            mean, gap = _behind(results[best], results[i])
            tied = mean - gap <= 0
        if i == best and len(order) > 1:
            runner = order[1]
            why = explain_best(game, state, options[i], feats[i], feats[runner], means[i] - means[runner],
                               label(game, options[runner]))
        else:
            why = explain(game, state, options[i], feats[i], feats[best], means[i] - means[best], i == best,
                          label(game, options[i]), label(game, options[best]))
        out.append(Option(options[i], texts[i], means[i], means[i] - half, means[i] + half, n, tied, why, feats[i]))
    return Advice(seat, tuple(out), most, elapsed, considered=considered)


def _feature_phrase(game: SomeGame, name: str, delta: float) -> str:
    singular, plural_form = game.feature_words.get(name, (name.replace("_", " "), name.replace("_", " ")))
    amount = abs(delta)
    shown = f"{amount:.1f}".rstrip("0").rstrip(".") if amount < 10 else f"{amount:.0f}"
    word = plural(1 if shown == "1" else 2, singular, plural_form)
    phrase = _("{amount} more {things}") if delta > 0 else _("{amount} fewer {things}")
    return phrase.format(amount=digits(shown), things=word)


def _in_units(game: SomeGame, state: Any, value: float) -> str:
    """``value`` (its size) with two decimals and the game's unit in ``state``: "0.45 levels", "1.00 point"."""
    singular, plural_form = game.value_words(state)
    shown = f"{abs(value):.2f}"
    word = plural(1 if shown == "1.00" else 2, singular, plural_form)
    return f"{shown} {word}" if language() == DEFAULT_LANGUAGE else f"{digits(shown)} {word}"


def label(game: Game[R, S, A], action: A) -> str:
    """An option for people: card symbols for a play of cards (``K♥ K♥``), else its text (``pass``; in Bengali and
    Assamese the call in words: পাস, বিড ২)."""
    cards = game.action_cards(action)
    if cards:
        return " ".join(c.symbol_text for c in cards)
    text = game.action_text(action)
    return text if language() == DEFAULT_LANGUAGE else call_words(text)


CAUTIONS = ("spends", "give away", "given away", "gives away", "breaks up", "overtakes", "does not beat",
            "costs less", "beats your partner", "locks you out", "may let them", "leaves the trump suit")
"""Words that mark a rule of thumb as a warning against the option it describes: never the reason to play it."""


def argues_against(thumb: str) -> bool:
    """Whether the rule of thumb ``thumb`` (in English) warns against its option (a cost, not a gain)."""
    return any(word in thumb for word in CAUTIONS)


def _thumb_against(game: Game[R, S, A], state: S, action: A, thumb: str) -> bool:
    """Whether the game's rule of thumb on ``action`` (``thumb``, in the current language) warns against it: the
    warning words are English, so the English rule of thumb is asked."""
    if language() == DEFAULT_LANGUAGE:
        return argues_against(thumb)
    with use_language(DEFAULT_LANGUAGE):
        return argues_against(game.rule_of_thumb(state, action) or "")


def _gain_words(game: SomeGame, state: Any, mine: Mapping[str, float], other: Mapping[str, float],
                gain: float, other_text: str) -> str:
    """What the samples show an option gains over ``other_text`` in words ("on average it gives you 0.4 more
    tricks than 9♠")."""
    diffs = sorted(((k, mine.get(k, 0.0) - other.get(k, 0.0)) for k in set(mine) | set(other)),
                   key=lambda kv: -abs(kv[1]))
    notable = [(k, d) for k, d in diffs if abs(d) >= 0.15][:2]
    if notable:
        return _("on average it gives you {gains} than {other}").format(
            gains=and_list(_feature_phrase(game, k, d) for k, d in notable), other=other_text)
    if gain >= 0.005:
        return _("it scores {amount} more on average than {other}").format(amount=_in_units(game, state, gain),
                                                                           other=other_text)
    return _("it came out level with {other} in the sampled deals: either is as good").format(other=other_text)


def explain_best(game: Game[R, S, A], state: S, action: A, mine: Mapping[str, float],
                 runner: Mapping[str, float], gain: float, runner_text: str) -> str:
    """Words for the recommended option: a rule of thumb only when it speaks for the option, then what it gains
    over the next best option in the sampled deals."""
    thumb = game.rule_of_thumb(state, action)
    sample = _gain_words(game, state, mine, runner, gain, runner_text)
    return f"{thumb}; {sample}" if thumb and not _thumb_against(game, state, action, thumb) else sample


def explain(game: Game[R, S, A], state: S, action: A, mine: Mapping[str, float],
            best: Mapping[str, float], loss: float, is_best: bool, text: str, best_text: str) -> str:
    """Words for one option: the game's rule of thumb, and what the samples show against the best option."""
    thumb = game.rule_of_thumb(state, action)
    if is_best:
        return thumb or _("the best on average in the sampled deals")
    diffs = sorted(((k, best.get(k, 0.0) - mine.get(k, 0.0)) for k in set(best) | set(mine)),
                   key=lambda kv: -abs(kv[1]))
    notable = [(k, d) for k, d in diffs if abs(d) >= 0.15][:2]
    if notable:
        said = and_list(_feature_phrase(game, k, d) for k, d in notable)
        sample = _("on average {best} gives you {gains} than {option}").format(best=best_text, gains=said,
                                                                              option=text)
    elif abs(loss) < 0.005:
        sample = _("it did as well as {best} in the sampled deals").format(best=best_text)
    else:
        sample = _("it scores {amount} less on average than {best}").format(amount=_in_units(game, state, loss),
                                                                           best=best_text)
    return f"{thumb}; {sample}" if thumb else sample


# ------------------------------------------------------------------------------------------------ bot, review


def advisor_bot(game: Game[R, S, A], budget: int = 16) -> Bot[S, A]:
    """A bot that plays the coach's best option (``budget`` samples per option, one process)."""

    def choose(state: Any, rng: random.Random) -> Any:
        return advise(game, state, budget=budget, seed=rng.randrange(2**31), workers=1).best.action

    return Bot("advisor", _("the coach's choice ({count} sampled deals per option)").format(count=budget), choose)


ADVISOR = "advisor"
MAX_BOT_BUDGET = 256


def _named_advisor(game: SomeGame, name: str) -> Bot[Any, Any]:
    """The bot ``advisor`` (16 samples per option) or ``advisor:N`` (N samples, 1 to 256)."""
    budget = name.partition(":")[2]
    if budget and not (budget.isdigit() and 1 <= int(budget) <= MAX_BOT_BUDGET):
        raise UnknownNameError(f"{game.key} bot", name,
                               [*game.bots, ADVISOR, f"{ADVISOR}:N (N = 1 to {MAX_BOT_BUDGET})"])
    return advisor_bot(game, int(budget) if budget else 16)


register_bots(BotFamily(ADVISOR, N_("the coach's choice: samples the hidden cards and plays each option out"),
                        _named_advisor))


@dataclass(frozen=True)
class Review:
    """One of the learner's decisions in a finished game, judged."""

    step: int
    """The 0-based index of the action in the record."""
    played: str
    best: str
    loss: float
    verdict: str
    """``fine``, ``inaccuracy`` or ``mistake``."""
    why: str
    expected: float = 0.0
    """What the coach's best option was worth on average at this decision (in the game's units)."""
    gap: float = 0.0
    """The sampled mean of the best option less the played one's, before close calls count as none (0 when the
    played option was the best)."""
    forced: bool = False
    """Only one legal option: nothing was sampled, and ``expected`` says nothing."""


def review(game: Game[R, S, A], states: Sequence[S], actions: Sequence[str], seat: int, *,
           budget: int = 16, seed: int = 0) -> list[Review]:
    """Every decision ``seat`` took in a recorded game, marked by the expected value it lost."""
    low, high = game.review_thresholds
    out = []
    for index, text in enumerate(actions):
        state = states[index]
        if game.to_act(state) != seat:
            continue
        advice = advise(game, state, budget=budget, seed=seed + index)
        chosen = advice.option(text)
        if chosen is None:  # an option outside the shortlist: judge it on its own samples
            chosen_value = _single_value(game, state, seat, text, budget, seed + index)
            loss = gap = max(0.0, advice.best.value - chosen_value)
            why = _("{best} scores {amount} more on average").format(best=advice.best.text,
                                                                     amount=_in_units(game, state, loss))
        else:
            gap = max(0.0, advice.best.value - chosen.value)
            loss = 0.0 if chosen.tied else gap
            why = chosen.why
        verdict = "fine" if loss < low else "inaccuracy" if loss < high else "mistake"
        out.append(Review(index, text, advice.best.text, loss, verdict, why if verdict != "fine" else "",
                          advice.best.value, gap, advice.forced))
    return out


def _single_value(game: SomeGame, state: Any, seat: int, text: str, budget: int, seed: int) -> float:
    rng = random.Random(seed)
    seeds = [rng.randrange(2**31) for _ in range(budget)]
    rows = _evaluate(game.key, state, seat, [text], seeds, game)
    return sum(r[0][0] for r in rows) / len(rows)


def options_json(advice: Advice) -> list[dict[str, Any]]:
    """The options as JSON: ``cards``/``action``, ``value``, ``low``, ``high``, ``samples``, ``tied``, ``why``."""
    return [{"action": o.text, "value": round(o.value, 4), "low": round(o.low, 4), "high": round(o.high, 4),
             "samples": o.samples, "tied": o.tied, "why": o.why} for o in advice.options]


# ------------------------------------------------------------------------------------------------ duel


@dataclass(frozen=True)
class Duel:
    """The advisor against the heuristic bots on the same deals: every side of every deal played once by the
    advisor (the other seats heuristic) and once by the heuristic bots (the all-heuristic game), so each deal
    compares the same cards in the same seats."""

    game: str
    games: int
    budget: int
    advisor: float
    """The advisor's side's mean score per deal and side."""
    heuristic: float
    """The heuristic bots' mean score in the same seats of the same deals."""
    margin: float
    ci95: tuple[float, float]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.games, "budget": self.budget,
                "advisor": round(self.advisor, 4), "heuristic": round(self.heuristic, 4),
                "margin": round(self.margin, 4), "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
                "seconds": round(self.seconds, 1)}


def _duel_deal(key: str, preset: str | None, options: Mapping[str, Any], seed: int, budget: int,
               game: SomeGame | None = None) -> list[tuple[float, float]]:
    if game is None:
        game = lookup(key)
    rules = game.rules(preset, options)
    heuristic = game.bot("heuristic") if "heuristic" in game.bots else game.bot(next(iter(game.bots)))
    coach = advisor_bot(game, budget)

    def run(seats: frozenset[int]) -> tuple[float, ...]:
        state = game.new_game(rules, seed)
        rng = random.Random(seed ^ BOT_SEED_MIX)
        for _try in range(game.max_actions):
            seat = game.to_act(state)
            if seat is None:
                return game.returns(state)
            bot = coach if seat in seats else heuristic
            state = game.apply_unchecked(state, bot.choose(state, rng))
        raise RuntimeError(f"a {key} duel game did not end")

    base = run(frozenset())
    out = []
    for side in game.sides(rules):
        scores = run(frozenset(side))
        out.append((sum(scores[i] for i in side), sum(base[i] for i in side)))
    return out


def duel(game: SomeGame, games: int, seed: int = 0, budget: int = 32, *, preset: str | None = None,
         options: Mapping[str, Any] | None = None, workers: int | None = None,
         progress: Callable[[int, int], None] | None = None) -> Duel:
    """Play ``games`` seeded deals in duplicate, the advisor (``budget`` samples per option) against the heuristic
    bots; the margin is the advisor's mean gain per deal and side, with its 95 % interval."""
    if not 1 <= games <= 100_000:
        raise InvalidRequestError(f"a duel plays 1 to 100,000 deals, not {games}")
    if not 1 <= budget <= 256:
        raise InvalidRequestError(f"the duel's budget is 1 to 256 samples per option, not {budget}")
    game.rules(preset, options)  # refuse bad rules before any work
    started = time.perf_counter()
    seeds = [game_seed(seed, i) for i in range(games)]
    workers = workers or min(os.cpu_count() or 1, 8)
    results: list[list[tuple[float, float]]] = []
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context()) as pool:
            futures = [pool.submit(_duel_deal, game.key, preset, dict(options or {}), s, budget) for s in seeds]
            for done, future in enumerate(futures, start=1):
                results.append(future.result())
                if progress is not None:
                    progress(done, games)
    else:
        for done, s in enumerate(seeds, start=1):
            results.append(_duel_deal(game.key, preset, dict(options or {}), s, budget, game))
            if progress is not None:
                progress(done, games)
    per_deal = [sum(a - b for a, b in deal) / len(deal) for deal in results]
    advisor_mean = sum(a for deal in results for a, _ in deal) / sum(len(d) for d in results)
    heuristic_mean = sum(b for deal in results for _, b in deal) / sum(len(d) for d in results)
    margin = sum(per_deal) / len(per_deal)
    sd = math.sqrt(sum((m - margin) ** 2 for m in per_deal) / (len(per_deal) - 1)) if len(per_deal) > 1 else 0.0
    half = Z95 * sd / math.sqrt(len(per_deal))
    return Duel(game.key, games, budget, advisor_mean, heuristic_mean, margin, (margin - half, margin + half),
                time.perf_counter() - started)
