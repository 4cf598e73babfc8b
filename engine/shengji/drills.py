"""Shengji's rule drills: the levels and the goal, the deal and the kitty, declaring and overriding, throws, and the
two rule sets side by side. Each question is posed from a seeded deal (or seeded levels) and answered by this
package's own functions: :func:`~engine.shengji.score.climb`, the rules' sizes, :func:`~engine.shengji.bidding.
check_declaration`, :func:`~engine.shengji.trick.judge_throw` and :func:`~engine.shengji.play.check` under both
presets.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from engine.base import Verdict
from engine.cards import BLACK_JOKER, RED_JOKER, Card, Rank, Suit
from engine.contract import Game
from engine.errors import CardTableError
from engine.i18n import N_, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.shengji.bidding import Declaration, check_declaration
from engine.shengji.combos import Holding, classify, decompose
from engine.shengji.deal import deal
from engine.shengji.order import Group, Trump, plain_sort, trump_for
from engine.shengji.play import Position, check, legal_plays
from engine.shengji.rules import RANKS, Rules
from engine.shengji.score import climb, team_words
from engine.shengji.state import Action, State
from engine.shengji.trick import judge_throw
from engine.teaching import (
    CardRow,
    Choice,
    Exercise,
    Make,
    PracticeRule,
    cards_words,
    practice_rule,
    retried,
)
from engine.words import count, seat_name, sentence

__all__ = ["CLIMB_TITLE", "DEAL_TITLE", "DECLARE_TITLE", "PRESETS_TITLE", "THROW_TITLE", "drill_rules"]

ShengjiGame: TypeAlias = Game[Rules, State, Action]

CLIMB_TITLE: Final = N_("Where does the climb end?")
DEAL_TITLE: Final = N_("How big is the deal?")
DECLARE_TITLE: Final = N_("Which declaration overrides?")
THROW_TITLE: Final = N_("Does the throw stand?")
PRESETS_TITLE: Final = N_("Which rule set allows it?")
_SEEDS: Final = 2**31
_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_COMPETITION: Final = "competition"
_TRACTOR: Final = "tractor"


def drill_rules(g: ShengjiGame) -> tuple[PracticeRule, ...]:
    """The drills, in the order the practice page lists them."""
    return (
        practice_rule(g, "climb", N_("the levels 2 to A, and winning by going past the last one"), _climb(g),
                      ("01-goal",), heading=CLIMB_TITLE),
        practice_rule(g, "deal", N_("decks, hands, the kitty and the threshold"), _deal(g), ("02-deal",),
                      heading=DEAL_TITLE),
        practice_rule(g, "declare", N_("showing trump-rank cards, and which declaration overrides which"),
                      _declare(g), ("05-declaring",), heading=DECLARE_TITLE),
        practice_rule(g, "throw", N_("a throw stands only if nobody can beat a part of it; a failed throw"),
                      _throw(g), ("08-throws",), heading=THROW_TITLE),
        practice_rule(g, "presets", N_("the competition and the Tractor rules: the same position, different duties"),
                      _presets(g), ("13-presets",), heading=PRESETS_TITLE),
    )


def suit_words(suit: Suit) -> str:
    """A suit by its symbol and name, in the current language: "♥ hearts"."""
    names = {Suit.SPADES: pgettext("suit", "spades"), Suit.HEARTS: pgettext("suit", "hearts"),
             Suit.DIAMONDS: pgettext("suit", "diamonds"), Suit.CLUBS: pgettext("suit", "clubs")}
    return f"{suit.symbol} {names[suit]}"


def _distinct(right: str, others: Sequence[str], rng: random.Random, n: int = 4) -> list[str]:
    """``right`` and up to ``n - 1`` of ``others`` (no repeats), in a stable order."""
    pool = list(dict.fromkeys(o for o in others if o != right))
    rng.shuffle(pool)
    return [right, *pool[:n - 1]]


# ------------------------------------------------------------------------------------------ the levels


def _level_words(level: Rank, won: bool, rules: Rules) -> str:
    return (_("Past {rank}: they win the game").format(rank=rules.game_end_rank.text) if won else
            _("At level {rank}").format(rank=level.text))


def _climb(g: ShengjiGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        end = RANKS.index(rules.game_end_rank)
        start = RANKS[rng.randrange(max(0, end - 5), end + 1)] if rng.random() < 0.7 else rng.choice(RANKS[:end + 1])
        steps = rng.choice((1, 1, 2, 2, 3))
        bankers = rng.randrange(2)
        level, won = climb(start, steps, rules)
        path: list[str] = []
        here = start
        for _step in range(steps):
            nxt, past = climb(here, 1, rules)
            path.append(_("past {rank}").format(rank=rules.game_end_rank.text) if past else nxt.text)
            if past or (nxt in rules.stop_ranks):
                break
            here = nxt
        stop = ("; " + _("{rank} must be played, so the climb stops there").format(rank=level.text)
                if not won and level in rules.stop_ranks and len(path) < steps else "")
        team = team_words(bankers)
        end_text = rules.game_end_rank.text
        why = (_("{team} go up {levels} from {rank}: {path}").format(
            team=team, levels=count(steps, "level"), rank=start.text, path=" → ".join(path)) + stop + ". "
            + (_("Going past {rank} wins the game.") if won else
               _("The game is won only by going past {rank}.")).format(rank=end_text))
        right = _level_words(level, won, rules)
        near = [RANKS[i] for i in range(max(0, RANKS.index(start)), min(end + 1, RANKS.index(start) + steps + 3))]
        options = {_level_words(r, False, rules): (False, RANKS.index(r)) for r in near}
        options[_level_words(level, True, rules)] = (True, len(RANKS))
        options.setdefault(right, (won, RANKS.index(level)))
        texts = _distinct(right, list(options), rng)
        choices = tuple(Choice(t, t == right, why if t == right else _("count the levels again, one step each"))
                        for t in sorted(texts, key=options.__getitem__))
        return Exercise(
            game=g.key, rule=f"{g.key}:climb", seed=0, preset=preset, title=_(CLIMB_TITLE),
            prompt=_("{team} are the bankers at level {rank} and keep the bank, going up {levels}. Where are they "
                     "after this round?").format(team=team, rank=start.text, levels=count(steps, "level")),
            facts=((_("Levels"), _("2 up to {rank}, then past it to win").format(rank=end_text)),
                   (_("Levels that must be played"), ", ".join(r.text for r in rules.stop_ranks) or _("none"))),
            choices=choices, hint=_("Climb one level at a time: 2, 3, … 10, J, Q, K, A; the game is won by going "
                                    "past {rank}, not by reaching it.").format(rank=end_text),
            explanation=sentence(why), per_choice_hint=False,
        )

    return make




# ------------------------------------------------------------------------------------------ the deal


_DEAL_QUESTIONS: Final[tuple[tuple[str, str, Callable[[Rules], int]], ...]] = (
    (N_("How many cards does each player draw?"), "cards each", lambda r: r.hand_size),
    (N_("How many cards stay face down in the kitty?"), "in the kitty", lambda r: r.kitty),
    (N_("How many points must the attackers take to win the bank?"), "the attackers need",
     lambda r: r.attack_threshold),
    (N_("How many points are there in all the cards?"), "points in play", lambda r: r.total_points),
)


def _deal(g: ShengjiGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        base = g.rules(preset)
        decks = rng.choice((1, 2, 2, 3, 4))
        sized = [dataclasses.replace(base, decks=d, kitty_size=None, threshold=None, band=None) for d in (1, 2, 3, 4)]
        rules = sized[decks - 1]
        question, _key, value = rng.choice(_DEAL_QUESTIONS)
        dealt = deal(rules, rng.randrange(_SEEDS))
        right = value(rules)
        n = local_number
        why = _("{decks}: {cards} cards; each player draws {hand}, {kitty} stay in the kitty; {points} points in "
                "play, and the attackers need {threshold} (40 for every deck)").format(
            decks=count(decks, "deck"), cards=n(54 * decks), hand=n(rules.hand_size), kitty=n(rules.kitty),
            points=n(rules.total_points), threshold=n(rules.attack_threshold))
        values = sorted(set(_distinct(str(right), [str(value(r)) for r in sized] +
                                      [str(right + d) for d in (-2, 2, 4)], rng)), key=int)
        choices = tuple(Choice(n(int(v)), v == str(right), why if v == str(right) else _("not with this many decks"))
                        for v in values)
        return Exercise(
            game=g.key, rule=f"{g.key}:deal", seed=0, preset=preset, title=_(DEAL_TITLE),
            prompt=_("This deal uses {decks} of 54 cards. {question}").format(decks=count(decks, "deck"),
                                                                              question=_(question)),
            facts=((_("Decks"), n(decks)),), rows=(CardRow(_("The kitty of this deal (face down)"),
                                                           (("", tuple(plain_sort(dealt.kitty))),)),),
            choices=choices, hint=_("Each deck is 54 cards (with its two jokers); the four players draw equal hands "
                                    "and the rest is the kitty; every deck adds 100 points and 40 to the threshold."),
            explanation=sentence(why), per_choice_hint=False,
        )

    return make


# ------------------------------------------------------------------------------------------ declaring


def _declare(g: ShengjiGame) -> Make:
    return retried(lambda rng, preset: _declare_from(g, g.rules(preset), rng, preset), "declaration question")


def _shows(rank: Rank, rules: Rules) -> list[tuple[Card, int]]:
    """Every show worth asking about: rank cards (1 to the decks' copies), joker pairs, a lone joker, a wrong rank."""
    out: list[tuple[Card, int]] = []
    for suit in _SUITS:
        out += [(Card(rank, suit), n) for n in range(1, rules.decks + 1)]
    out += [(j, n) for j in (BLACK_JOKER, RED_JOKER) for n in range(1, rules.decks + 1)]
    other = RANKS[(RANKS.index(rank) + 3) % len(RANKS)]
    out.append((Card(other, rng_free_suit(rank)), 2 if rules.decks > 1 else 1))
    return out


def rng_free_suit(rank: Rank) -> Suit:
    """A suit for the wrong-rank show (fixed by the rank, so the candidate list needs no random draw)."""
    return _SUITS[RANKS.index(rank) % 4]


def _declare_from(g: ShengjiGame, rules: Rules, rng: random.Random, preset: str) -> Exercise | None:
    rank = rng.choice(RANKS)
    names = rules.seats
    current_seat = rng.randrange(4)
    shows = _shows(rank, rules)
    standing = [(c, n) for c, n in shows if check_declaration((c,) * n, current_seat, rank, None, rules).legal]
    if not standing:
        return None
    card, n = rng.choice(standing)
    current = Declaration(current_seat, card, n)
    seat = (current_seat + rng.randrange(1, 4)) % 4 if rng.random() < 0.85 else current_seat
    seats = tuple(seat_name(s) for s in names)  # the seats by name in the reasons
    judged = [(c, k, check_declaration((c,) * k, seat, rank, current, rules, seats=seats)) for c, k in shows
              if (c, k) != (card, n) or seat == current_seat]
    legal = [j for j in judged if j[2].legal]
    illegal = [j for j in judged if not j[2].legal]
    if not legal or len(illegal) < 3:
        return None
    picked = [rng.choice(legal), *rng.sample(illegal, 3)]
    rng.shuffle(picked)
    choices = tuple(Choice(cards_words((c,) * k), v.legal, v.reason, (c,) * k, legal=v.legal) for c, k, v in picked)
    who = seat_name(names[seat])
    prompt = (_("The trump rank is {rank}. {seat} has declared {cards}. Now it is {who}'s turn (their own "
                "declaration: they may only reinforce it). Which one of these may {who} show to override it?")
              if seat == current_seat else
              _("The trump rank is {rank}. {seat} has declared {cards}. Now it is {who}'s turn. Which one of these "
                "may {who} show to override it?"))
    return Exercise(
        game=g.key, rule=f"{g.key}:declare", seed=0, preset=preset, title=_(DECLARE_TITLE),
        prompt=prompt.format(rank=rank.text, seat=seat_name(names[current_seat]), cards=current.symbols, who=who),
        facts=((_("Trump rank"), rank.text), (_("Declaration strength"), rules.declare_order.label)),
        rows=(CardRow(_("The declaration standing"), ((seat_name(names[current_seat]), current.cards),)),),
        choices=choices,
    )


# ------------------------------------------------------------------------------------------ throws


def _throw(g: ShengjiGame) -> Make:
    return retried(lambda rng, preset: _throw_from(g, g.rules(preset), rng, preset), "throw")


_STANDS: Final = N_("It stands: nobody can beat any part of it")


def _must_lead(cards: Sequence[Card], trump: Trump) -> str:
    return _("It fails: {seat} must lead {cards}").format(seat=seat_name("N"),
                                                          cards=" ".join(c.symbol_text for c in trump.sort(cards)))


def _chooses(seat: str) -> str:
    return _("It fails: {chooser} chooses which part {seat} must lead").format(chooser=seat, seat=seat_name("N"))


def _throw_from(g: ShengjiGame, rules: Rules, rng: random.Random, preset: str) -> Exercise | None:
    if rules.max_width < 2:
        return None
    rank = rng.choice(RANKS)
    trump = trump_for(rules, rank, rng.choice(_SUITS))
    hands = deal(rules, rng.randrange(_SEEDS)).hands
    hand = hands[0]
    groups = [gr for gr in Group if gr is not Group.TRUMP and len(Holding.of(hand, trump, gr).expanded()) >= 4]
    if not groups:
        return None
    group = rng.choice(groups)
    mine = Holding.of(hand, trump, group)
    pairs = mine.units((2, 1))
    if not pairs:
        return None
    pair = rng.choice(pairs[: max(1, len(pairs) // 2 + 1)])
    rest = [c for c in mine.cards_desc() if c not in pair]
    if not rest:
        return None
    singles = rest[: rng.choice((1, 1, 2))]
    throw = tuple(trump.sort((*singles, pair[0], pair[0])))
    if classify(throw, trump, rules) is not None:
        return None
    others = [(seat_name(rules.seats[i]), tuple(trump.sort(c for c in hands[i] if trump.group(c) is group)))
              for i in (1, 2, 3)]
    judged = judge_throw(throw, others, trump, rules, thrower="North")
    if judged.stands:
        right = _(_STANDS)
    elif judged.forced is not None:
        right = _must_lead(judged.forced, trump)
    else:
        right = _chooses(judged.chooser or "")
    texts = [_(_STANDS), *(_must_lead(p.cards, trump) for p in decompose(throw, trump, rules)),
             _chooses(others[0][0])]
    texts = list(dict.fromkeys(texts))
    if right not in texts:
        texts.append(right)
    choices = tuple(Choice(t, t == right, judged.reason if t == right else _("not with these hands")) for t in texts)
    north = seat_name("N")
    return Exercise(
        game=g.key, rule=f"{g.key}:throw", seed=0, preset=preset, title=_(THROW_TITLE),
        prompt=_("{seat} leads {cards}: {throw}. The other hands' cards of {suit} are shown. Does the throw stand — "
                 "and if not, what happens?").format(seat=north, cards=" ".join(c.symbol_text for c in throw),
                                                     throw=group.of(_("a throw")), suit=group.label),
        facts=((_("Trump rank"), rank.text), (_("Trump suit"), suit_words(trump.suit) if trump.suit else _("none")),
               (_("A failed throw"), rules.failed_throw_part.label)),
        rows=(CardRow(_("{seat}'s throw").format(seat=north), ((north, throw),)),
              CardRow(_("The others' cards of {suit}").format(suit=group.label), tuple((s, c) for s, c in others))),
        choices=choices,
        hint=_("Each part of a throw (its single cards, its pair) must be unbeatable: look for a higher single than "
               "its lowest single, or a higher pair than its pair, in the others' cards."),
        explanation=sentence(judged.reason), per_choice_hint=False,
    )


# ------------------------------------------------------------------------------------------ the two rule sets


_BOTH: Final = N_("Both rule sets allow it")
_ONLY_COMPETITION: Final = N_("Only the Chinese competition rules")
_ONLY_TRACTOR: Final = N_("Only the Tractor house rules")
_NEITHER: Final = N_("Neither rule set allows it")
_VERDICT_TEXTS: Final = {(True, True): _BOTH, (True, False): _ONLY_COMPETITION, (False, True): _ONLY_TRACTOR,
                         (False, False): _NEITHER}


def _presets(g: ShengjiGame) -> Make:
    return retried(lambda rng, preset: _presets_from(g, rng, preset), "position for the two rule sets")


def _presets_from(g: ShengjiGame, rng: random.Random, preset: str) -> Exercise | None:
    comp, trac = g.rules(_COMPETITION), g.rules(_TRACTOR)
    rank = rng.choice(RANKS)
    suit = rng.choice(_SUITS)
    t_comp, t_trac = trump_for(comp, rank, suit), trump_for(trac, rank, suit)
    group = rng.choice([gr for gr in Group if gr is not Group.TRUMP and gr.suit is not suit])
    tiers = [tier[0] for tier in t_comp.tiers(group)]
    if len(tiers) < 9:
        return None
    lead_i, trac_i, pair_i = rng.sample(range(len(tiers) - 1), 3)
    if len({lead_i, lead_i + 1, trac_i, trac_i + 1, pair_i}) < 5 or abs(pair_i - trac_i) <= 2:
        return None
    lead = (tiers[lead_i],) * 2 + (tiers[lead_i + 1],) * 2
    held = (tiers[pair_i],) * 2 + (tiers[trac_i],) * 2 + (tiers[trac_i + 1],) * 2
    spare = [c for c in tiers if c not in set(lead) | set(held)]
    rest = [c for s in _SUITS if s is not group.suit for c in (Card(r, s) for r in RANKS)
            if t_comp.group(c) is not group]
    hand = tuple(t_comp.sort([*held, *rng.sample(spare, 2), *rng.sample(rest, 6)]))
    try:
        pos_c = Position.build(hand=hand, table=lead, rules=comp, trump=t_comp)
        pos_t = Position.build(hand=hand, table=lead, rules=trac, trump=t_trac)
    except CardTableError:
        return None
    candidates = {tuple(t_comp.sort(p)) for pos in (pos_c, pos_t) for p in legal_plays(pos, 200).plays}
    suited = [c for c in hand if t_comp.group(c) is group]
    for _draw in range(6):
        candidates.add(tuple(t_comp.sort(rng.sample(suited, 4))))
    by_answer: dict[tuple[bool, bool], list[tuple[Card, ...]]] = {}
    verdicts: dict[tuple[Card, ...], tuple[Verdict, Verdict]] = {}
    for play in sorted(candidates, key=cards_words):
        vc, vt = check(pos_c, play), check(pos_t, play)
        verdicts[play] = (vc, vt)
        by_answer.setdefault((vc.legal, vt.legal), []).append(play)
    key = rng.choice(sorted(by_answer))
    play = rng.choice(by_answer[key])
    vc, vt = verdicts[play]
    right = _(_VERDICT_TEXTS[key])
    why = {(True, True): _("{cards}: both rule sets allow it"),
           (True, False): _("{cards} is only the Chinese competition rules"),
           (False, True): _("{cards} is only the Tractor house rules"),
           (False, False): _("{cards}: neither rule set allows it")}[key].format(cards=cards_words(play))
    why += ". " + _("Under the Chinese competition rules, {competition}; under the Tractor house rules, "
                    "{tractor}").format(competition=vc.reason, tractor=vt.reason)
    choices = tuple(Choice(t, t == right, why if t == right else _("not for this play"))
                    for t in (_(_BOTH), _(_ONLY_COMPETITION), _(_ONLY_TRACTOR), _(_NEITHER)))
    north = seat_name("N")
    return Exercise(
        game=g.key, rule=f"{g.key}:presets", seed=0, preset=preset, title=_(PRESETS_TITLE),
        prompt=_("{seat} leads {tractor}. You answer with {cards}. Which rule set allows that play?").format(
            seat=north, tractor=group.of(_("a tractor")), cards=cards_words(play)),
        facts=((_("Trump rank"), rank.text), (_("Trump suit"), suit_words(suit))),
        rows=(CardRow(_("{seat} led").format(seat=north), ((north, lead),)), CardRow(_("Your hand"), (("", hand),)),
              CardRow(_("Your play"), (("", play),))),
        choices=choices,
        hint=_("The competition rules make you follow a tractor with a tractor of the suit when you hold one; the "
               "Tractor house rules ask only for as many pairs of the suit as you can."),
        explanation=sentence(why), per_choice_hint=False,
    )
