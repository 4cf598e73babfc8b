"""Seeded teaching positions for the lessons, and the small judgements their exercises ask for.

Every example is reproducible from ``(kind, seed, preset)`` and answered as an :class:`Example`: cards come
high to low in the round's trump order (the lesson page draws them and passes them back to a command); text
fields are sentences for learners. The generators build positions that can occur (never more copies of a card
than the decks hold) and that make the exercise worth doing (a lead you can follow, a void you can trump, a
throw that may or may not stand).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import BLACK_JOKER, RED_JOKER, Card, Rank, Suit
from engine.commands import arg
from engine.errors import InvalidRequestError
from engine.i18n import DEFAULT_LANGUAGE, language, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji.bidding import check_bury
from engine.shengji.combos import Holding, Kind, classify, group_of, shape_name
from engine.shengji.deal import deal, deck_of
from engine.shengji.order import Group, Trump, plain_sort, points, seat_words, trump_for
from engine.shengji.play import Duty, Position, check, requirement
from engine.shengji.rules import RANKS, TEAMS, KittyMultiplier, Rules, make_rules
from engine.shengji.score import climb, team_words
from engine.shengji.trick import trick_winner
from engine.words import and_list, count, number

__all__ = ["DEALT", "SEED_000_TRACTORS", "Example", "bury_answer", "climb_answer", "compare_presets",
           "example_rng", "sorted_cards", "tractor_reason", "trump_fields", "trumps_answer",
           "try_play"]

Cards = tuple[Card, ...]


@dataclass(frozen=True, kw_only=True)
class Example:
    """A teaching position: ``kind`` and ``seed``, and the fields that kind fills in (the others stay null)."""

    kind: str = arg(help="the kind of example")
    seed: int = arg(help="its seed")
    summary: str | None = arg(None, help="the position in words")
    trump: str | None = arg(None, help="the round's trump in words")
    trump_rank: str | None = arg(None, help="the trump rank, 2 to A")
    trump_suit: Suit | None = arg(None, help="the trump suit (null: no trump)")
    hand: Cards | None = arg(None, help="your hand (or the starter's)")
    lead: Cards | None = arg(None, help="the cards led")
    play: Cards | None = arg(None, help="the cards played, thrown or shown")
    cards: Cards | None = arg(None, help="the cards in question")
    kitty: Cards | None = arg(None, help="the kitty")
    hands: tuple[Cards, ...] | None = arg(None, help="every hand: N, W, S, E")
    plays: tuple[Cards, ...] | None = arg(None, help="a trick's plays in turn order")
    earlier: tuple[Cards, ...] | None = arg(None, help="the plays after the lead and before yours")
    second: Cards | None = arg(None, help="the second play of the trick")
    others: Mapping[str, Cards] | None = arg(None, help="the other hands' cards of the suit, by seat")
    suits: tuple[Cards, ...] | None = arg(None, help="each plain suit high to low")
    trumps: Cards | None = arg(None, help="every trump high to low")
    order_text: str | None = arg(None, help="the trump order in words")
    suit: str | None = arg(None, help="the suit in question")
    levels: str | None = arg(None, help="each team's level in words")
    roles: str | None = arg(None, help="who banks and who attacks, in words")
    trump_rank_text: str | None = arg(None, help="the trump rank in words")
    banker_level: str | None = arg(None, help="the bankers' level, 2 to A")
    bankers: str | None = arg(None, help="the bankers' team")
    starter: str | None = arg(None, help="the starter's seat")
    decks: int | None = arg(None, help="the number of decks")
    situation: str | None = arg(None, help="the declaration standing, in words")
    proposal: str | None = arg(None, help="the new declaration, in words")
    current: Cards | None = arg(None, help="the declaration standing")
    current_seat: str | None = arg(None, help="who made it")
    seat: str | None = arg(None, help="who shows the new declaration")
    size: int | None = arg(None, help="the kitty's size")
    source: str | None = arg(None, help="where the example comes from")
    tractor: bool | None = arg(None, help="whether the cards are a tractor")
    reason: str | None = arg(None, help="why, in words")
    last: str | None = arg(None, help="the last trick in words")
    kitty_text: str | None = arg(None, help="the kitty in words")
    trick_points: int | None = arg(None, help="the attackers' points from tricks (and throws)")
    kitty_points: int | None = arg(None, help="the points in the kitty")
    last_trick_cards: int | None = arg(None, help="the cards each player played to the last trick")
    largest_combo: int | None = arg(None, help="the cards in the last lead's largest combination")
    attackers_won_last: bool | None = arg(None, help="whether the attackers won the last trick")
    competition_rule: str | None = arg(None, help="the duty under the competition rules")
    tractor_rule: str | None = arg(None, help="the duty under the tractor rules")


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

# The eleven worked examples of seed 000 (trump rank 10, ♠ trump): eight tractors, then three that are not.
SEED_000_TRACTORS: tuple[str, ...] = (
    "2H 2H 3H 3H", "9H 9H JH JH", "2S 2S 3S 3S", "9S 9S JS JS", "AS AS 10D 10D", "10C 10C 10S 10S",
    "10S 10S BJ BJ", "BJ BJ RJ RJ", "9H 9H 10H 10H", "10S 10S JS JS", "10D 10D 10C 10C",
)


def sorted_cards(cards: Iterable[Card], trump: Trump | None = None) -> Cards:
    """``cards`` in ``trump``'s order (as given without a trump)."""
    return tuple(trump.sort(cards) if trump else cards)


def _symbols(cards: Iterable[Card], trump: Trump | None = None) -> str:
    return " ".join(c.symbol_text for c in (trump.sort(cards) if trump else cards))


def example_rng(kind: str, seed: int) -> random.Random:
    """The random source of example ``kind`` dealt with ``seed`` (the same seed: the same example)."""
    return random.Random(f"shengji-example:{kind}:{seed}")


def trump_fields(trump: Trump, rank: Rank) -> dict[str, Any]:
    """The trump fields of an example's answer."""
    return {"trump": trump.label, "trump_rank": rank.text, "trump_suit": trump.suit}


def _random_trump(rng: random.Random, rules: Rules, no_trump: float = 0.0) -> tuple[Trump, Rank]:
    rank = rng.choice(RANKS)
    suit = None if rng.random() < no_trump else rng.choice(SUITS)
    return trump_for(rules, rank, suit), rank


def _in_group(cards: Iterable[Card], trump: Trump, group: Group) -> list[Card]:
    return [c for c in cards if trump.group(c) is group]


def _english() -> bool:
    return language() == DEFAULT_LANGUAGE


def _where(group: Group) -> str:
    return pgettext("group", "trumps") if group is Group.TRUMP else group.label


# ---------------------------------------------------------------------------------------------------
# tractor or not, with a reason a learner can follow
# ---------------------------------------------------------------------------------------------------


def _tier_text(trump: Trump, group: Group, level: int) -> str:
    tiers = trump.tiers(group)
    tier = tiers[len(tiers) - 1 - level]
    return " = ".join(c.symbol_text for c in tier)


def tractor_reason(cards: Sequence[Card], trump: Trump, rules: Rules) -> tuple[bool, str]:
    """Whether ``cards`` are a tractor, and why (naming the cards that break it) — a reason clause."""
    combo = classify(cards, trump, rules)
    if combo is not None and combo.kind is Kind.TRACTOR:
        rows = [combo.cards[i] for i in range(0, len(combo.cards), combo.width)]
        natural = [r for r in rows if not r.is_joker]
        note = ""
        if (group_of(cards, trump) is not Group.TRUMP and trump.rank is not None and len(natural) >= 2
                and any(abs(a.rank.value - b.rank.value) == 2 for a, b in zip(natural, natural[1:], strict=False))):
            note = " — " + _("the {rank}s are trumps, so they left the suit and closed the gap").format(
                rank=trump.rank.text)
        steps = and_list(c.symbol_text for c in rows)
        where = combo.group.noun
        return True, _("{tractor}: {cards} are adjacent in the order of {suit}").format(
            tractor=combo.group.of(shape_name(combo.shape)), cards=steps, suit=where) + note
    tally = Counter(cards)
    widest = max(tally.values())
    if len(tally) < 2:
        if widest > rules.max_width:
            return False, _("{cards} is {what}, not a tractor: a tractor needs two or more pairs at adjacent "
                            "levels").format(cards=_symbols(cards, trump), what=_identical(widest))
        return False, _("{cards} is {what}, not a tractor: a tractor needs two or more pairs at adjacent "
                        "levels").format(cards=_symbols(cards, trump), what=shape_name((widest, 1)))
    lone = [c for c, n in tally.items() if n == 1]
    if lone:
        return False, (_("{card} is a single card: a tractor is made of pairs (or triples) only")
                       if rules.max_width >= 3 else
                       _("{card} is a single card: a tractor is made of pairs only")).format(card=lone[0].symbol_text)
    too_wide = [c for c, n in tally.items() if n > rules.max_width]
    if too_wide:
        card = too_wide[0]
        return False, _("{count} {card} are more than a {set}: a tractor's rows are {sets} or narrower sets of one "
                        "width").format(count=_identical(tally[card]), card=card.symbol_text,
                                        set=shape_name((rules.max_width, 1), article=False),
                                        sets=shape_name((rules.max_width, 1), plural=True))
    widths = sorted(set(tally.values()), reverse=True)
    if len(widths) > 1:
        shown = and_list(f"{_symbols([c] * n, trump)} {shape_name((n, 1), article=False)}"
                         for c, n in sorted(tally.items(), key=lambda cn: -trump.key(cn[0])[1]))
        return False, _("the sets are of different widths ({sets}): a tractor is all pairs or all triples, of "
                        "adjacent levels").format(sets=shown)
    width = widths[0]
    groups = {trump.group(c) for c in tally}
    if len(groups) > 1:
        parts = [_("{cards} are {suit}").format(cards=_symbols([c] * n, trump), suit=_where(trump.group(c)))
                 for c, n in tally.items()]
        tail = " (" + _("the {rank}s are trumps").format(rank=trump.rank.text) + ")" if trump.rank else ""
        return False, _("the pairs are not of one suit: {parts} — a tractor is one suit or all trumps").format(
            parts=and_list(parts)) + tail
    (group,) = groups
    levels = sorted({trump.level(c) for c in tally}, reverse=True)
    by_level: dict[int, list[Card]] = {}
    for c in tally:
        by_level.setdefault(trump.level(c), []).append(c)
    for same in by_level.values():
        if len(same) > 1:
            sets = [_symbols([c] * width, trump) for c in same]
            shown = " and ".join(sets) if language() == DEFAULT_LANGUAGE else and_list(sets)
            return False, _("{cards} rank equal (rank cards of the other suits are equal to each other): equal "
                            "pairs are not adjacent").format(cards=shown)
    for hi, lo in zip(levels, levels[1:], strict=False):
        if hi - lo > 1:
            between = ", ".join(_tier_text(trump, group, lv) for lv in range(hi - 1, lo, -1))
            a, b = by_level[hi][0], by_level[lo][0]
            return False, _("{first} and {second} are not adjacent in the order of {suit}: between them come "
                            "{between}").format(first=a.symbol_text, second=b.symbol_text, suit=_where(group),
                                                between=between)
    return False, _("not a tractor")


def _identical(n: int) -> str:
    """``n`` identical cards, counted: "four identical cards" (৪টি হুবহু এক কার্ড)."""
    return _("{count} identical cards").format(count=number(n)) if n != 1 else count(n, "identical card")


def _fresh_tractor_candidate(rng: random.Random, rules: Rules) -> tuple[tuple[Card, ...], Trump, Rank]:
    """Two (sometimes three) pairs chosen to be a close call: adjacent, near-adjacent, equal or split."""
    trump, rank = _random_trump(rng, rules, no_trump=0.15)
    style = rng.choice(["adjacent", "adjacent", "natural", "natural", "gap", "equal", "joker"])
    if style == "joker":
        options = [BLACK_JOKER, RED_JOKER]
        if trump.rank is not None:
            options += [Card(trump.rank, s) for s in SUITS]
        a, b = rng.sample(options, 2)
        return (a, a, b, b), trump, rank
    if style == "equal" and trump.rank is not None:
        off = [Card(trump.rank, s) for s in SUITS if s is not trump.suit]
        a, b = rng.sample(off, 2)
        return (a, a, b, b), trump, rank
    if style == "natural":
        suit = rng.choice(SUITS)
        low = rng.randrange(2, 14)
        a, b = Card(Rank(low), suit), Card(Rank(low + 1), suit)
        if trump.rank is not None and rng.random() < 0.6:
            # put the trump rank right next to it: the classic trap (9♥ 9♥ 10♥ 10♥ with 10 trump)
            r = trump.rank.value
            low = r - 1 if r > 2 else r
            a, b = Card(Rank(low), suit), Card(Rank(low + 1), suit)
        return (a, a, b, b), trump, rank
    group = rng.choice([Group.TRUMP] + [Group.of_suit(s) for s in SUITS if Group.of_suit(s) in _groups(trump)])
    tiers = trump.tiers(group)
    length = 3 if rng.random() < 0.2 else 2
    gap = 1 if style == "adjacent" else 2
    span = gap * (length - 1)
    if len(tiers) <= span:
        group, tiers = Group.TRUMP, trump.tiers(Group.TRUMP)
    start = rng.randrange(0, len(tiers) - span)
    rows = [rng.choice(tiers[start + gap * i]) for i in range(length)]
    return tuple(c for r in rows for c in (r, r)), trump, rank


def _groups(trump: Trump) -> set[Group]:
    return {g for g in Group if trump.tiers(g)}


def example_tractor(seed: int, rules: Rules) -> dict[str, Any]:
    """Seeds 1–11: seed 000's eleven worked examples in turn; other seeds: a fresh close call."""
    if 1 <= seed <= len(SEED_000_TRACTORS):
        rank = Rank.TEN
        trump = trump_for(rules, rank, Suit.SPADES)
        shown = tuple(Card.parse(t) for t in SEED_000_TRACTORS[seed - 1].split())
        source = _("Worked example {number} of {total} from the Chinese competition rules (trump rank 10, ♠ "
                   "trump).").format(number=n_(seed), total=n_(len(SEED_000_TRACTORS)))
    else:
        rng = example_rng("tractor", seed)
        shown, trump, rank = _fresh_tractor_candidate(rng, rules)
        source = _("A fresh example ({trump}).").format(trump=trump.label)
    tractor, reason = tractor_reason(shown, trump, rules)
    return {**trump_fields(trump, rank), "cards": sorted_cards(shown), "source": source, "tractor": tractor,
            "reason": reason}


# ---------------------------------------------------------------------------------------------------
# the examples of each lesson
# ---------------------------------------------------------------------------------------------------


def example_teams(seed: int, rules: Rules) -> dict[str, Any]:
    rng = example_rng("teams", seed)
    ns, we = rng.sample(RANKS, 2)
    bankers = rng.randrange(2)
    starter = bankers + 2 * rng.randrange(2)
    level = (ns, we)[bankers]
    trump = trump_for(rules, level, rng.choice(SUITS))
    hand = deal(rules, seed).hands[starter]
    return {
        "levels": _("{first} are at level {first_level}, {second} at level {second_level}.").format(
            first=team_words(0), first_level=ns.text, second=team_words(1), second_level=we.text),
        "roles": _("{bankers} are the bankers ({seat} is the starter); {attackers} attack.").format(
            bankers=team_words(bankers), seat=seat_words(rules.seats[starter]), attackers=team_words(1 - bankers)),
        "trump_rank_text": _("This round's trump rank is {rank}, the bankers' level ({trump}).").format(
            rank=level.text, trump=trump.label),
        "banker_level": level.text,
        "bankers": TEAMS[bankers],
        "starter": rules.seats[starter],
        "hand": sorted_cards(hand, trump),
        **trump_fields(trump, level),
    }


def climb_answer(level: Rank, rules: Rules) -> dict[str, Any]:
    """How many levels a team at ``level`` still climbs to win (go past the end rank)."""
    steps, lv, won = 0, level, False
    path = [level.text]
    while not won:
        lv, won = climb(lv, 1, rules)
        steps += 1
        path.append(_("past {rank}").format(rank=rules.game_end_rank.text) if won else lv.text)
    reason = _("from {rank} the team climbs {path}: {levels}; the game is won by going past {end}, not by reaching "
               "it").format(rank=level.text, path=" → ".join(path[1:]), levels=count(steps, "level"),
                            end=rules.game_end_rank.text)
    return {"to_win": steps, "path": " → ".join(path), "reason": reason}


def example_deal(seed: int, rules: Rules) -> dict[str, Any]:
    """The deal with 1–4 decks in turn (seed 1: two decks, the standard game)."""
    decks = (1, 2, 3, 4)[seed % 4]
    r = make_rules("competition", {"decks": decks}) if rules.decks != decks else rules
    d = deal(r, seed)
    sort = plain_sort
    return {
        "decks": decks,
        "summary": _("{decks}: {cards} cards; each player draws {hand}, {kitty} stay in the kitty; {points} points "
                     "in play.").format(decks=f"{decks} deck{'s' if decks > 1 else ''}" if _english() else
                                        count(decks, "deck"), cards=n_(54 * decks), hand=n_(r.hand_size),
                                        kitty=n_(r.kitty), points=n_(r.total_points)),
        "hands": tuple(sorted_cards(sort(h)) for h in d.hands),
        "kitty": sorted_cards(sort(d.kitty)),
    }


def example_order(seed: int, rules: Rules) -> dict[str, Any]:
    rng = example_rng("order", seed)
    trump, rank = _random_trump(rng, rules, no_trump=0.12)
    tiers = trump.tiers(Group.TRUMP)
    hand = deal(rules, seed).hands[0][:13]
    return {
        **trump_fields(trump, rank),
        "order_text": " > ".join(" = ".join(c.symbol_text for c in tier) for tier in tiers),
        "trumps": sorted_cards(c for tier in tiers for c in tier),
        "suits": tuple(sorted_cards(c for tier in trump.tiers(Group.of_suit(s)) for c in tier) for s in SUITS
                       if trump.tiers(Group.of_suit(s))),
        "hand": sorted_cards(hand, trump),
    }


def trumps_answer(hand: Sequence[Card], picked: Sequence[Card], trump: Trump) -> dict[str, Any]:
    """Are ``picked`` exactly the trumps of ``hand``? With what was missed or wrongly picked."""
    trumps = [c for c in hand if trump.is_trump(c)]
    want, got = Counter(trumps), Counter(picked)
    missed = list((want - got).elements())
    extra = list((got - want).elements())
    listed = _symbols(trumps, trump) or _("none")
    if not missed and not extra:
        reason = _("your trumps are {cards}").format(cards=listed)
    else:
        bits = []
        if extra:
            bits.append((_("{cards} is not trump") if len(extra) == 1 else _("{cards} are not trump")).format(
                cards=_symbols(extra, trump)))
        if missed:
            why = [c for c in missed if trump.rank is not None and c.rank is trump.rank and c.suit is not trump.suit]
            hint = " (" + _("every {rank} is a trump, whatever its suit").format(rank=trump.rank.text) + ")" \
                if why and trump.rank else ""
            bits.append(_("you left out {cards}").format(cards=_symbols(missed, trump)) + hint)
        reason = "; ".join(bits) + "; " + _("your trumps are {cards}").format(cards=listed)
    return {"correct": not missed and not extra, "trumps": sorted_cards(trumps, trump), "count": len(trumps),
            "reason": reason}


def example_declare(seed: int, rules: Rules) -> dict[str, Any]:
    rng = example_rng("declare", seed)
    rank = rng.choice(RANKS)
    suits = list(SUITS)
    rng.shuffle(suits)
    cur_kind = rng.choice(["single", "single", "pair", "pair", "BJ", "RJ"])
    cur_card = {"BJ": BLACK_JOKER, "RJ": RED_JOKER}.get(cur_kind, Card(rank, suits[0]))
    cur_count = 1 if cur_kind == "single" else 2
    cur_seat = rng.randrange(4)
    new_kind = rng.choice(["single", "pair", "pair", "same", "BJ", "RJ", "joker1"])
    if new_kind == "same":
        new_card, new_count, new_seat = cur_card, 2, cur_seat
        if cur_count == 2:
            new_card, new_count = Card(rank, suits[1]), 2
    else:
        new_card = {"BJ": BLACK_JOKER, "RJ": RED_JOKER, "joker1": rng.choice([BLACK_JOKER, RED_JOKER])}.get(
            new_kind, Card(rank, suits[1]))
        new_count = 1 if new_kind in ("single", "joker1") else 2
        new_seat = cur_seat if rng.random() < 0.2 else (cur_seat + rng.randrange(1, 4)) % 4
    if new_card == cur_card and new_seat != cur_seat:
        new_card = Card(rank, suits[1]) if not cur_card.is_joker else (
            RED_JOKER if cur_card == BLACK_JOKER else BLACK_JOKER)
    if new_card == cur_card and new_count <= cur_count:
        new_count = cur_count + 1 if cur_count + 1 <= rules.decks else cur_count
    current = (cur_card,) * cur_count
    play = (new_card,) * new_count
    return {
        "trump_rank": rank.text,
        "situation": _("The trump rank is {rank}. {seat} has declared {cards}.").format(
            rank=rank.text, seat=seat_words(rules.seats[cur_seat]), cards=_symbols(current)),
        "proposal": _("Now {seat} shows {cards}.").format(seat=seat_words(rules.seats[new_seat]), cards=_symbols(play)),
        "current": sorted_cards(current),
        "current_seat": rules.seats[cur_seat],
        "play": sorted_cards(play),
        "seat": rules.seats[new_seat],
    }


def example_kitty(seed: int, rules: Rules) -> dict[str, Any]:
    rng = example_rng("kitty", seed)
    trump, rank = _random_trump(rng, rules)
    d = deal(rules, seed)
    hand = list(d.hands[0]) + list(d.kitty)
    return {
        **trump_fields(trump, rank),
        "kitty": sorted_cards(d.kitty, trump),
        "hand": sorted_cards(hand, trump),
        "size": rules.kitty,
        "summary": _("{seat} is the starter: {seat} picks up the {kitty} kitty cards ({points} points) and now holds "
                     "{hand} cards; {seat} must bury {kitty} of them face down.").format(
            seat=seat_words("N"), kitty=n_(rules.kitty), points=n_(points(d.kitty)), hand=n_(len(hand))),
    }


def kitty_risk(rules: Rules, pts: int) -> str:
    """What buried points risk under ``rules``, as a clause."""
    if not pts:
        return _("no points are buried, so the kitty cannot give the attackers a bonus")
    rule = rules.kitty_multiplier
    values = {"points": count(pts, "point"), "double": n_(pts * 2), "five": n_(pts * 10)}
    if rule is KittyMultiplier.DOUBLE:
        return _("{points} are buried: if the attackers win the last trick they score them × 2 ({double})").format(
            **values)
    if rule is KittyMultiplier.TWICE_CARDS:
        return _("{points} are buried: if the attackers win the last trick they score them × 2 × the cards each "
                 "player plays to it ({double} for a single card, {five} for five)").format(**values)
    return _("{points} are buried: if the attackers win the last trick they score them × 2 for a single card "
             "({double}), × 4 for a pair, × 8 for a triple or a tractor of two pairs … (× 2 to the size of the "
             "largest combination led)").format(**values)


def bury_answer(hand: Sequence[Card], buried: Sequence[Card], trump: Trump, rules: Rules) -> dict[str, Any]:
    """Judge a burial (the rule itself is :func:`engine.shengji.bidding.check_bury`) and say what it risks."""
    pts = points(buried)
    trumps = sum(1 for c in buried if trump.is_trump(c))
    verdict = check_bury(hand, buried, rules)
    if not verdict.legal:
        return {"legal": False, "points": pts, "trumps": trumps, "grade": "", "reason": verdict.reason,
                "risk": ""}
    left = Counter(hand)
    left.subtract(buried)
    bits = [_("you bury {cards}").format(cards=_symbols(buried, trump)), kitty_risk(rules, pts)]
    if trumps:
        bits.append(_("you buried {trumps}, which weakens your hand").format(trumps=count(trumps, "trump")))
    voids = [g for g in Group if g is not Group.TRUMP and _in_group(hand, trump, g)
             and not [c for c in left.elements() if trump.group(c) is g]]
    if voids:
        bits.append(_("you are now void in {suits}: you can trump those leads").format(
            suits=and_list(g.label for g in voids)))
    risk = "; ".join(bits)
    # the coach grades a whole starter's hand (engine.shengji.played.bury_answer): nothing to play out here
    return {"legal": True, "points": pts, "trumps": trumps, "grade": "", "reason": verdict.reason, "risk": risk}


def example_throw(seed: int, rules: Rules) -> dict[str, Any]:
    """N throws the top cards of a suit; the other hands' cards of that suit decide whether it stands."""
    for attempt in range(60):
        rng = example_rng("throw", seed * 101 + attempt)
        trump, rank = _random_trump(rng, rules)
        hands = deal(rules, seed * 101 + attempt).hands
        hand = hands[0]
        groups = [g for g in Group if g is not Group.TRUMP and len(_in_group(hand, trump, g)) >= 4]
        if not groups:
            continue
        group = rng.choice(groups)
        mine = Holding.of(hand, trump, group)
        pairs = mine.units((2, 1))
        if not pairs:
            continue
        pair = rng.choice(pairs[: max(1, len(pairs) // 2 + 1)])
        rest = [c for c in mine.cards_desc() if c not in pair]
        if not rest:
            continue
        singles = rest[: rng.choice((1, 1, 2))]
        throw = tuple(singles) + (pair[0], pair[0])
        if classify(throw, trump, rules) is not None:
            continue
        others = {rules.seats[i]: sorted_cards(_in_group(hands[i], trump, group), trump) for i in (1, 2, 3)}
        return {
            **trump_fields(trump, rank),
            "hand": sorted_cards(hand, trump),
            "play": sorted_cards(throw, trump),
            "suit": group.label,
            "others": others,
            "summary": _("{seat} leads {cards}: a throw of {suit}.").format(
                seat=seat_words("N"), cards=_symbols(throw, trump), suit=group.label),
        }
    raise InvalidRequestError(f"no throw example for seed {seed}")  # pragma: no cover - 60 deals always suffice


def _lead_from(hand: Sequence[Card], trump: Trump, group: Group, rng: random.Random) -> tuple[Card, ...] | None:
    holding = Holding.of(hand, trump, group)
    options: list[tuple[Card, ...]] = []
    for unit in holding.units((2, 2)):
        options += [tuple(c for c in unit for _ in range(2))] * 3
    for unit in holding.units((2, 1)):
        options.append((unit[0], unit[0]))
    if not options:
        return None
    return rng.choice(options)


def example_follow(seed: int, rules: Rules) -> dict[str, Any]:
    """N leads a pair or a tractor; you are W, holding more cards of that suit than were led."""
    for attempt in range(80):
        rng = example_rng("follow", seed * 131 + attempt)
        trump, rank = _random_trump(rng, rules)
        hands = deal(rules, seed * 131 + attempt).hands
        leader, you = hands[0], hands[1]
        groups = list(Group)
        rng.shuffle(groups)
        for group in groups:
            lead = _lead_from(leader, trump, group, rng)
            if lead is None or len(_in_group(you, trump, group)) <= len(lead):
                continue
            pos = Position.build(hand=you, table=lead, rules=rules, trump=trump)
            req = requirement(pos)
            if req.duty is not Duty.FOLLOW:
                continue
            if req.rung == 0 and rng.random() < 0.5 and attempt < 40:
                continue  # prefer hands that must step down the ladder
            return {**trump_fields(trump, rank), "lead": sorted_cards(lead, trump), "hand": sorted_cards(you, trump),
                    "summary": _("{seat} leads {cards}. You are {you}, next to play, with this hand.").format(
                        seat=seat_words("N"), cards=_symbols(lead, trump), you=seat_words("W"))}
    raise InvalidRequestError(f"no following example for seed {seed}")  # pragma: no cover


def _swap_out(hand: list[Card], group: Group, donor: list[Card], trump: Trump) -> None:
    """Make ``hand`` void in ``group`` by exchanging those cards with ``donor``'s cards of other groups."""
    for i, card in enumerate(hand):
        if trump.group(card) is group:
            j = next(k for k, c in enumerate(donor) if trump.group(c) is not group)
            hand[i], donor[j] = donor[j], hand[i]


def example_trumping(seed: int, rules: Rules) -> dict[str, Any]:
    """N leads a plain suit; W may already have trumped; you (S) are void and hold a trump pair."""
    for attempt in range(80):
        rng = example_rng("trumping", seed * 151 + attempt)
        trump, rank = _random_trump(rng, rules)
        hands = [list(h) for h in deal(rules, seed * 151 + attempt).hands]
        plain = [g for g in Group if g is not Group.TRUMP]
        group = rng.choice(plain)
        lead = _lead_from(hands[0], trump, group, rng) if rng.random() < 0.7 else None
        if lead is None:
            mine = _in_group(hands[0], trump, group)
            if not mine:
                continue
            lead = (max(mine, key=trump.level),)
        you = hands[2]
        _swap_out(you, group, hands[3], trump)
        shape_rows = len(lead) // (2 if len(lead) > 1 else 1)
        width = 2 if len(lead) > 1 else 1
        mine_t = Holding.of(you, trump, Group.TRUMP)
        units = mine_t.units((width, shape_rows))
        if not units:
            continue
        second = None
        if rng.random() < 0.5:
            _swap_out(hands[1], group, hands[3], trump)
            w_units = Holding.of(hands[1], trump, Group.TRUMP).units((width, shape_rows))
            lower = [u for u in w_units if trump.level(u[0]) < trump.level(units[0][0])]
            if lower:
                u = lower[-1]
                second = tuple(c for c in u for _ in range(width))
        if second is None:
            second = requirement(Position.build(hand=hands[1], table=lead, rules=rules, trump=trump)).example
        deck_of(rules).check(list(you) + list(lead) + list(second), "in the example")
        trick = _("{seat} leads {cards}; {second_seat} plays {second}.").format(
            seat=seat_words("N"), cards=_symbols(lead, trump), second_seat=seat_words("W"),
            second=_symbols(second, trump))
        return {**trump_fields(trump, rank), "lead": sorted_cards(lead, trump),
                "earlier": (sorted_cards(second, trump),),
                "second": sorted_cards(second, trump), "hand": sorted_cards(you, trump), "suit": group.label,
                "summary": trick + " " + _("You are {you}, with no {suit}.").format(you=seat_words("S"),
                                                                                    suit=group.label)}
    raise InvalidRequestError(f"no trumping example for seed {seed}")  # pragma: no cover


def example_presets(seed: int, rules: Rules) -> dict[str, Any]:
    """A tractor lead where the two presets ask different things: you hold a tractor and another pair."""
    rng = example_rng("presets", seed)
    comp, trac = make_rules("competition"), make_rules("tractor")
    for _attempt in range(200):
        rank = rng.choice(RANKS)
        suit = rng.choice(SUITS)
        t = trump_for(comp, rank, suit)
        group = rng.choice([g for g in Group if g is not Group.TRUMP and g.suit is not suit])
        tiers = [tier[0] for tier in t.tiers(group)]
        if len(tiers) < 9:
            continue
        picks = rng.sample(range(len(tiers) - 1), 4)
        lead_i, trac_i, pair_i = picks[0], picks[1], picks[2]
        if len({lead_i, lead_i + 1, trac_i, trac_i + 1, pair_i}) < 5 or abs(pair_i - trac_i) <= 2 \
                or pair_i == trac_i - 1:
            continue
        lead = (tiers[lead_i],) * 2 + (tiers[lead_i + 1],) * 2
        pair = (tiers[pair_i],) * 2
        tractor = (tiers[trac_i],) * 2 + (tiers[trac_i + 1],) * 2
        used = set(lead) | set(pair) | set(tractor)
        spare = [c for c in tiers if c not in used]
        deck = [c for c in deck_of(comp).distinct() if t.group(c) is not group and c not in used]
        hand = list(pair + tractor) + rng.sample(spare, 2) + rng.sample(deck, 6)
        hand_t = tuple(t.sort(hand))
        pc = Position.build(hand=hand_t, table=lead, rules=comp, trump=t)
        pt = Position.build(hand=hand_t, table=lead, rules=trac, trump=trump_for(trac, rank, suit))
        return {"trump": t.label, "trump_rank": rank.text, "trump_suit": suit, "lead": sorted_cards(lead, t),
                "hand": sorted_cards(hand_t), "competition_rule": requirement(pc).text,
                "tractor_rule": requirement(pt).text,
                "summary": _("{seat} leads {cards}. You hold a tractor and another pair of {suit}.").format(
                    seat=seat_words("N"), cards=_symbols(lead, t), suit=group.label)}
    raise InvalidRequestError(f"no presets example for seed {seed}")  # pragma: no cover


DEALT: dict[str, Callable[[int, Rules], dict[str, Any]]] = {
    "teams": example_teams,
    "deal": example_deal,
    "order": example_order,
    "declare": example_declare,
    "kitty": example_kitty,
    "tractor": example_tractor,
    "throw": example_throw,
    "follow": example_follow,
    "trumping": example_trumping,
    "presets": example_presets,
}
"""The examples dealt from a seed (those played out by the bots are in :data:`engine.shengji.played.EXAMPLES`)."""


# ---------------------------------------------------------------------------------------------------
# judging a play in a trick: legal? and does it take the lead?
# ---------------------------------------------------------------------------------------------------


def try_play(pos: Position, earlier: Sequence[Sequence[Card]], play: Sequence[Card]) -> dict[str, Any]:
    """Check ``play`` in ``pos`` and, if legal, whether it wins the trick so far (lead, ``earlier``, play)."""
    verdict = check(pos, play)
    if not verdict.legal:
        return {"legal": False, "wins": False, "correct": False, "reason": verdict.reason, "roles": ()}
    plays = [pos.lead, *[tuple(p) for p in earlier], tuple(play)]
    out = trick_winner(plays, pos.trump, pos.rules)
    wins = out.winner == len(plays) - 1
    role = out.roles[-1]
    reason = (_("{cards} takes the lead: it {role}").format(cards=_symbols(play, pos.trump), role=role.split(":")[0])
              if wins else _("{cards} may be played but does not take the lead: it {role}").format(
                  cards=_symbols(play, pos.trump), role=role))
    return {"legal": True, "wins": wins, "correct": wins, "reason": reason, "roles": out.roles}


def compare_presets(trump_rank: Rank, trump_suit: Suit | None, hand: Sequence[Card], lead: Sequence[Card],
                    play: Sequence[Card], decks: int = 2) -> dict[str, Any]:
    """The verdict on one play under both presets (same position)."""
    out: dict[str, Any] = {}
    for name in ("competition", "tractor"):
        rules = make_rules(name, {"decks": decks})
        pos = Position.build(hand=hand, table=lead, rules=rules, trump=trump_for(rules, trump_rank, trump_suit))
        v = check(pos, play)
        out[name] = {"legal": v.legal, "reason": v.reason}
    c, t = out["competition"]["legal"], out["tractor"]["legal"]
    out["correct"] = t and not c
    verdict = {(True, True): _("allowed by both rule sets"), (False, False): _("refused by both rule sets"),
               (False, True): _("allowed only by the Tractor house rules"),
               (True, False): _("allowed only by the Chinese competition rules")}
    out["reason"] = _("{cards} is {verdict}: under the Chinese competition rules, {competition}; under the Tractor "
                      "house rules, {tractor}").format(cards=_symbols(play), verdict=verdict[(c, t)],
                                                       competition=out["competition"]["reason"],
                                                       tractor=out["tractor"]["reason"])
    return out

