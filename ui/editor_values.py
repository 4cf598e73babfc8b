"""The position editor's values: the parts of a position posed with cards, the examples one click loads, and the
legal plays as an editor lists them. Small, frozen, and free of Streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.editor_examples import load_examples
from engine.i18n import N_

__all__ = ["EXAMPLE_NAMES", "Example", "Part", "Plays", "examples_of"]


EXAMPLE_NAMES: tuple[str, ...] = (
    N_("Following a tractor (seed 000's ♥99JJ)"),
    N_('A pair led, no pair: two singles'),
    N_('Following a throw: two pairs + two singles'),
    N_('Void in the led suit: trump or discard'),
    N_("Seed 000's Q44 throw (the other hands decide)"),
    N_('A 25-card hand after a 6-card throw (many plays)'),
    N_('You lead: a seeded deal'),
    N_('Beat a pair of 4s'),
    N_('A sequence to beat'),
    N_('Chop a 2 with a bomb'),
    N_('A double sequence chops a 2'),
    N_('The first lead: 3♠ must be in it'),
    N_('Locked out after a pass'),
    N_('Left bower: must you follow clubs?'),
    N_('No diamond to follow'),
    N_('The left bower led'),
    N_('Who wins? (left bower)'),
    N_('A lone hand: 3-card trick'),
    N_('Round 1: order up or pass?'),
    N_('Round 2, the dealer is stuck'),
    N_('The benny: the joker is a heart'),
    N_('The joker turned up'),
    N_('Beat a triplet with a single'),
    N_('Bomb or rocket?'),
    N_('Airplane with wings'),
    N_('You lead (with the kitty)'),
    N_('Four players: a bomb of five'),
)
"""The editors' example names (``name`` in ``lessons/<game>/editor_examples.toml``), marked here for the catalogs
so that each example's button reads in the learner's language (tests/test_editor_languages.py checks that every
example of every game is listed)."""


@dataclass(frozen=True)
class Part:
    """A part of a position posed with cards: your hand, the cards on the table, another seat's hand.

    ``name`` is its field in the position JSON (a dotted name such as ``others.W`` for a nested one); ``label`` how
    the page calls it ("Your hand"); ``ordered``: posed one card at a time, in the order played (a trick so far);
    ``most``: at most that many cards; ``use`` the label of the button that sets it ("Use as your hand").
    """

    name: str
    label: str
    help: str = ""
    ordered: bool = False
    most: int | None = None
    use: str = ""


@dataclass(frozen=True)
class Example:
    """A position to load in one click: its JSON (without a preset it keeps the sidebar's), a play to judge, and
    whatever else the game's editor shows (``extra``)."""

    position: Mapping[str, Any]
    play: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


def examples_of(key: str, command: str) -> dict[str, Example]:
    """Game ``key``'s editor examples by name, from its data file (``lessons/<game>/editor_examples.toml``, checked
    against the engine by a test; ``command``: the game's editor command); ``extra`` holds the whole trick where the
    file gives one."""
    return {e.name: Example(e.position, e.play, {"trick": e.trick} if e.trick else {})
            for e in load_examples(key, command)}


@dataclass(frozen=True)
class Plays:
    """The legal plays of a position as an editor lists them.

    ``plays`` are the listed plays (at most the limit asked for), ``rows`` one table row each, ``count`` how many
    there are in all (``exact`` false: at least that many), ``can_pass`` whether passing is legal, ``playable`` the
    cards of the hand that some legal play uses, ``summary`` what must be played in one sentence, ``answer`` the
    game's own typed answer (for its extra sections).
    """

    plays: tuple[tuple[Card, ...], ...]
    rows: tuple[Mapping[str, Any], ...]
    count: int
    exact: bool = True
    can_pass: bool = False
    playable: frozenset[Card] = frozenset()
    summary: str = ""
    answer: Any = None

    @property
    def capped(self) -> bool:
        """Whether fewer plays are listed than there are."""
        return len(self.plays) < self.count
