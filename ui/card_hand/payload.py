"""The card hand's values and the description the browser draws from: no Streamlit here.

:class:`Action`, :class:`Highlight`, :class:`CardGroup` and :class:`HandEvent` are what callers pass and get back;
:func:`hand_payload` / :func:`picker_payload` build the compact description the script draws (card codes, names,
groups, reasons), and :func:`parse_event` turns what the browser sends back into a :class:`HandEvent`. Re-exported
by :mod:`ui.card_hand`, which mounts the component.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from engine.cards import Card, Deck, Suit
from engine.i18n import DEFAULT_LANGUAGE, N_, digits, language
from engine.i18n import gettext as _

_LOG = logging.getLogger(__name__)

ACTION_EVENT: Final = "action"
STEP_EVENT: Final = "step"

Size = Literal["small", "normal", "large"]
SIZES: Final[tuple[Size, ...]] = ("small", "normal", "large")
Mode = Literal["select", "show", "pick"]
Step = Literal["prev", "next"]
GroupBy = Literal["suit", "rank"]
FACE_DOWN_NAME: Final = N_("face-down card")
JOKERS: Final = N_("Jokers")
TRUMPS: Final = N_("Trumps")
NO_CARDS: Final = N_("no cards")


def shown(text: str) -> str:
    """A label of the component in the current language (a string marked with ``N_``, or one translated
    already, which stays as it is); "" stays ""."""
    return _(text) if text else text


def component_words() -> dict[str, str]:
    """The component's own sentences in the current language, for its script (``words`` in the payload; none in
    English, where the script has them): templates with ``{n}``-style slots and the language's ``digits``."""
    if language() == DEFAULT_LANGUAGE:
        return {}
    return {
        "exact1": _("Choose {req} card first ({n} of {req} chosen)."),
        "exact": _("Choose {req} cards first ({n} of {req} chosen)."),
        "least1": _("Choose at least {min} card first."),
        "least": _("Choose at least {min} cards first."),
        "most": _("Choose at most {max} cards."),
        "chosen": _("{n} chosen"),
        "chosenAll": _("{n} chosen, all copies"),
        "chosenOf": _("{n} of {req} chosen"),
        "clear": _("Clear"),
        "removeOne": _("Remove one {name}"),
        "notPlayable": _("not playable"),
        "faceDown": _(FACE_DOWN_NAME),
        "whyNot": _("Why not {name}? {why}"),
        "takeBack1": _("You can choose at most {limit} card: take one back first."),
        "takeBack": _("You can choose at most {limit} cards: take one back first."),
        "onlyOne": _("{name} is already chosen: there is only one."),
        "allCopies": _("All {limit} copies of {name} are chosen."),
        "removeFirst": _("You can choose at most {limit} cards: remove one first."),
        "digits": digits("0123456789"),
    }

# ---------------------------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Action:
    """A button under the hand. Pressing it sends the chosen cards to Python as a :class:`HandEvent`.

    ``name`` is what the event carries (``"play"``), ``label`` the button text (``"Play"``). The button
    is disabled while fewer than ``min_chosen`` (or more than ``max_chosen``) cards are chosen and, with
    ``exact``, until exactly the hand's ``required`` count is chosen ("Bury these 8").
    """

    name: str
    label: str
    min_chosen: int = 0
    max_chosen: int | None = None
    exact: bool = False
    primary: bool = False
    help: str | None = None


@dataclass(frozen=True, slots=True)
class Highlight:
    """A coloured ring (and a short ``mark`` on the card) with a legend entry: "trump", "kitty"."""

    label: str
    colour: str
    mark: str = ""


TRUMP: Final = Highlight("trump", "#c2410c", "T")
KITTY: Final = Highlight("from the kitty", "#7c3aed", "K")
LED_SUIT: Final = Highlight("the led suit", "#0f766e", "L")
DECLARABLE: Final = Highlight("you could declare it", "#b45309", "D")
HINT: Final = Highlight("the hint", "#15803d", "H")


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Cards drawn together under a small label ("Trumps", "♠"); groups are set apart by a divider."""

    label: str
    cards: tuple[Card | None, ...]

    def __init__(self, label: str, cards: Iterable[Card | None]) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "cards", tuple(cards))


@dataclass(frozen=True, slots=True)
class HandEvent:
    """One press of an action button: which action, and what was chosen.

    ``indices`` are positions in the hand as drawn (groups one after another, in the order given);
    ``cards`` the chosen cards in that order. For a deck picker ``indices`` are positions in its list
    of distinct cards, repeated once per copy, and ``cards`` is the chosen multiset.
    """

    action: str
    indices: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def counts(self) -> Counter[Card]:
        """The chosen cards as a multiset."""
        return Counter(self.cards)


CardKey: TypeAlias = int | Card
"""Per-card options are keyed by position in the hand (one copy) or by card (every copy of it)."""
HandInput: TypeAlias = Sequence[Card] | Sequence[Card | None] | Sequence[CardGroup]


@dataclass(frozen=True, slots=True)
class _Drawn:
    """What a component showed on its last run: an event is checked against it."""

    mode: Mode
    sig: str
    cards: tuple[Card | None, ...]
    blocked: frozenset[int]
    limits: tuple[int, ...]
    actions: tuple[Action, ...]
    required: int | None
    limit: int | None


# ----------------------------------------------------------------------------------------- card names


def card_name(card: Card | None) -> str:
    """The accessible name of a card: ``10♠``, ``Q♥``, ``BJ``, ``RJ``; a suitless rank alone (``10``)."""
    if card is None:
        return shown(FACE_DOWN_NAME)
    return card.symbol_text


def _code(card: Card | None) -> str | None:
    return None if card is None else card.text


_SUIT_LABEL: Final = {Suit.SPADES: N_("♠ Spades"), Suit.HEARTS: N_("♥ Hearts"), Suit.CLUBS: N_("♣ Clubs"),
                      Suit.DIAMONDS: N_("♦ Diamonds")}


def suit_label(suit: Suit) -> str:
    """A suit as a group of cards is labelled: its symbol and plural name ("♥ Hearts"), in the current language."""
    return shown(_SUIT_LABEL[suit])


def suit_groups(
    cards: Iterable[Card],
    *,
    is_trump: Callable[[Card], bool] | None = None,
    trump_label: str = TRUMPS,
) -> list[CardGroup]:
    """Cards grouped for drawing, each group keeping the order the cards come in.

    With ``is_trump``: the trumps first (jokers included where the predicate says so), then each side
    suit in order of first appearance. Without: jokers, then each suit. Suitless cards are one group.
    """
    order: list[str] = []
    members: dict[str, list[Card]] = {}
    for card in cards:
        if is_trump is not None and is_trump(card):
            label = trump_label
        elif card.is_joker:
            label = JOKERS
        elif card.suit is None:
            label = ""
        else:
            label = _SUIT_LABEL[card.suit]
        if label not in members:
            members[label] = []
            order.append(label)
        members[label].append(card)
    first = [trump_label] if trump_label in members and is_trump is not None else []
    if JOKERS in members and is_trump is None:
        first.append(JOKERS)
    rest = [label for label in order if label not in first]
    return [CardGroup(label, members[label]) for label in first + rest]


def _flatten(hand: HandInput) -> tuple[list[CardGroup], tuple[Card | None, ...]]:
    items = list(hand)
    if any(isinstance(item, CardGroup) for item in items):
        if not all(isinstance(item, CardGroup) for item in items):
            raise TypeError("pass either cards or CardGroup values, not both")
        groups = [g for g in items if isinstance(g, CardGroup)]
    else:
        groups = [CardGroup("", [c for c in items if c is None or isinstance(c, Card)])]
    flat = tuple(card for group in groups for card in group.cards)
    return groups, flat


def _resolve(mapping: Mapping[CardKey, Any] | None, cards: Sequence[Card | None], what: str) -> dict[int, Any]:
    """Per-card options by position: an int key is one position, a Card key every copy of that card."""
    out: dict[int, Any] = {}
    if not mapping:
        return out
    for key, value in mapping.items():
        if isinstance(key, Card):
            for i, card in enumerate(cards):
                if card == key:
                    out[i] = value
        elif isinstance(key, int) and not isinstance(key, bool):
            if not 0 <= key < len(cards):
                raise ValueError(f"{what}: position {key} is outside the hand of {len(cards)} cards")
            out[key] = value
        else:
            raise TypeError(f"{what}: keys are positions (int) or cards (Card), not {key!r}")
    return out


def _signature(*parts: object) -> str:
    text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.blake2s(text.encode(), digest_size=8).hexdigest()


def hand_signature(mode: Mode, groups: Sequence[CardGroup]) -> str:
    """What identifies a drawn hand: its cards and groups. The browser keeps the learner's choice while
    it stays the same; a press made on a hand with another signature is refused."""
    return _signature(mode, [[g.label, [_code(c) for c in g.cards]] for g in groups])


def _legend(highlights: Mapping[int, Highlight]) -> tuple[list[dict[str, str]], dict[str, int]]:
    legend: list[Highlight] = []
    for h in highlights.values():
        if h not in legend:
            legend.append(h)
    index = {str(i): legend.index(h) for i, h in sorted(highlights.items())}
    return [{"label": shown(h.label), "colour": h.colour, "mark": h.mark} for h in legend], index


def _actions_payload(actions: Sequence[Action]) -> list[dict[str, Any]]:
    names = [a.name for a in actions]
    if len(set(names)) != len(names):
        raise ValueError(f"action names must differ: {names}")
    out = []
    for a in actions:
        item: dict[str, Any] = {"name": a.name, "label": shown(a.label)}
        if a.min_chosen:
            item["min"] = a.min_chosen
        if a.max_chosen is not None:
            item["max"] = a.max_chosen
        if a.exact:
            item["exact"] = True
        if a.primary:
            item["primary"] = True
        if a.help:
            item["help"] = a.help
        out.append(item)
    return out


def _check_size(size: str) -> None:
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")


# ------------------------------------------------------------------------------------------- payloads


def hand_payload(
    hand: HandInput,
    *,
    mode: Literal["select", "show"] = "select",
    label: str = N_("Your hand"),
    actions: Sequence[Action] = (),
    required: int | None = None,
    limit: int | None = None,
    why_not: Mapping[CardKey, str] | None = None,
    highlight: Mapping[CardKey, Highlight] | None = None,
    captions: Mapping[CardKey, str] | None = None,
    selected: Iterable[int] = (),
    rev: int = 0,
    size: Size = "normal",
    four_colour: bool = False,
    empty: str = NO_CARDS,
    fit: bool = False,
    jumbo: bool = False,
) -> tuple[dict[str, Any], _Drawn]:
    """The data the browser gets for a hand (and the record an event is checked against).

    With ``fit`` the browser draws the cards smaller when the hand is long: the largest size from ``size`` down
    that keeps it on one row, else ``small`` (a hand that wraps anyway then takes the least height). ``jumbo``:
    jumbo-index faces, the rank and suit in the corner drawn large (a projector's: the rank is 23 px high even on a
    small card). Pure: no Streamlit. :func:`card_hand` and :func:`show_cards` send it.
    """
    _check_size(size)
    groups, flat = _flatten(hand)
    if mode == "select" and any(c is None for c in flat):
        raise ValueError("face-down cards (None) can be shown, not chosen")
    if required is not None and required < 0:
        raise ValueError(f"required must be 0 or more, not {required}")
    if limit is None:
        limit = required
    why = _resolve(why_not, flat, "why_not")
    marks = _resolve(highlight, flat, "highlight")
    caps = _resolve(captions, flat, "captions")
    legend, hl = _legend(marks)
    chosen = sorted({i for i in selected if 0 <= i < len(flat) and i not in why})
    if limit is not None:
        chosen = chosen[:limit]
    sig = hand_signature(mode, groups)
    data: dict[str, Any] = {
        "mode": mode,
        "label": shown(label),
        "size": size,
        "four": four_colour,
        "groups": [
            {"label": shown(g.label), "cards": [_code(c) for c in g.cards], "names": [card_name(c) for c in g.cards]}
            for g in groups
        ],
        "sig": sig,
    }
    if legend:
        data["legend"], data["hl"] = legend, hl
    if caps:
        data["cap"] = {str(i): text for i, text in sorted(caps.items())}
    if shown(empty) != NO_CARDS:
        data["empty"] = shown(empty)
    words = component_words()
    if words:
        data["words"] = words
    if fit:
        data["fit"] = True
    if jumbo:
        data["jumbo"] = True
    if mode == "select":
        data.update(
            actions=_actions_payload(actions),
            required=required,
            limit=limit,
            sel=chosen,
            rev=rev,
        )
        if why:
            data["why"] = {str(i): text for i, text in sorted(why.items())}
    drawn = _Drawn(mode, sig, flat, frozenset(why), (), tuple(actions), required, limit)
    return data, drawn


def _rank_order(card: Card) -> int:
    # 2 … A, then the jokers: the order a deck is laid out in by rank.
    return card.rank.value


def picker_payload(
    deck: Deck,
    *,
    label: str = N_("Deck"),
    actions: Sequence[Action] = (),
    chosen: Iterable[Card] = (),
    taken: Iterable[Card] = (),
    limit_to: Iterable[Card] | None = None,
    why_not: Mapping[Card, str] | None = None,
    by: GroupBy = "suit",
    required: int | None = None,
    limit: int | None = None,
    rev: int = 0,
    size: Size = "normal",
    four_colour: bool = False,
    order: Callable[[Card], Any] | None = None,
) -> tuple[dict[str, Any], _Drawn]:
    """The data the browser gets for a deck picker (and the record an event is checked against).

    ``order`` is the sort key of the cards within a group (the game's order: in Thirteen and Dou Dizhu 2 is high);
    by default the printed ranks 2 … A, then the jokers.

    Each distinct card of ``deck`` (or of ``limit_to``) once; its limit is the deck's copies less those
    in ``taken`` (cards already used elsewhere, e.g. in other hands). A card with no copy left is shown
    greyed with the reason. Pure: no Streamlit.
    """
    _check_size(size)
    if by not in ("suit", "rank"):
        raise ValueError(f"by must be 'suit' or 'rank', not {by!r}")
    used = Counter(taken)
    offered = deck.distinct() if limit_to is None else list(dict.fromkeys(limit_to))
    for card in offered:
        if deck.limit(card) == 0:
            raise ValueError(f"{card.symbol_text} is not in the {deck.name}")
    key_of = order or _rank_order
    groups: dict[str, list[Card]] = {}
    if by == "rank" or deck.suitless:
        for card in sorted(offered, key=key_of):
            key = JOKERS if card.is_joker and not deck.suitless else ("" if deck.suitless else card.rank.text)
            groups.setdefault(key, []).append(card)
    else:
        suits = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
        for suit in suits:
            members = sorted((c for c in offered if c.suit is suit), key=key_of)
            if members:
                groups[_SUIT_LABEL[suit]] = members
        jokers = sorted((c for c in offered if c.is_joker), key=key_of)
        if jokers:
            groups[JOKERS] = jokers
    distinct = [card for members in groups.values() for card in members]
    limits = [max(0, deck.limit(card) - used[card]) for card in distinct]
    why: dict[int, str] = {}
    for i, card in enumerate(distinct):
        if why_not and card in why_not:
            why[i] = why_not[card]
        elif limits[i] == 0:
            copies = deck.limit(card)
            why[i] = (_("the only {card} is already used elsewhere").format(card=card.symbol_text) if copies == 1
                      else _("all {count} copies of {card} are already used elsewhere").format(
                          count=copies, card=card.symbol_text))
    want = Counter(chosen)
    sel: list[int] = []
    for i, card in enumerate(distinct):
        sel.extend([i] * min(want[card], limits[i]))
    sig = _signature("pick", [c.text for c in distinct], limits)
    data: dict[str, Any] = {
        "mode": "pick",
        "label": shown(label),
        "size": size,
        "four": four_colour,
        "groups": [
            {"label": shown(name), "cards": [c.text for c in members], "names": [card_name(c) for c in members]}
            for name, members in groups.items()
        ],
        "limits": limits,
        "actions": _actions_payload(actions),
        "required": required,
        "limit": limit,
        "sel": sel,
        "rev": rev,
        "sig": sig,
    }
    if why:
        data["why"] = {str(i): text for i, text in sorted(why.items())}
    words = component_words()
    if words:
        data["words"] = words
    drawn = _Drawn("pick", sig, tuple(distinct), frozenset(why), tuple(limits), tuple(actions), required, limit)
    return data, drawn


# -------------------------------------------------------------------------------------------- events


def parse_event(raw: object, drawn: _Drawn | None) -> HandEvent | None:
    """The event a press sent, checked against what was drawn; ``None`` if it is not a valid one.

    Refused (``None``): no press, a press on a hand that has changed since it was drawn (a second click
    that crossed the rerun), an unknown action, positions outside the hand or on a card that cannot be
    chosen, a count the action does not accept, more copies than the deck holds.
    """
    if raw is None or drawn is None or not isinstance(raw, dict):
        return None
    name, chosen, sig = raw.get("a"), raw.get("i"), raw.get("s")
    if sig != drawn.sig:
        _LOG.info("card hand: a press on a hand that has changed since (ignored)")
        return None
    action = next((a for a in drawn.actions if a.name == name), None)
    if action is None or not isinstance(chosen, list):
        return None
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(drawn.cards) for i in chosen):
        return None
    if any(i in drawn.blocked for i in chosen):
        return None
    if drawn.mode == "pick":
        counts = Counter(chosen)
        if any(n > drawn.limits[i] for i, n in counts.items()):
            return None
        indices = tuple(sorted(chosen))
    else:
        if len(set(chosen)) != len(chosen):
            return None
        indices = tuple(sorted(chosen))
    n = len(indices)
    if n < action.min_chosen or (action.max_chosen is not None and n > action.max_chosen):
        return None
    if action.exact and drawn.required is not None and n != drawn.required:
        return None
    if drawn.limit is not None and n > drawn.limit:
        return None
    cards = tuple(c for c in (drawn.cards[i] for i in indices) if c is not None)
    return HandEvent(action.name, indices, cards)


