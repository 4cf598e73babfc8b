"""``GAME``: Dou Dizhu on the engine contract (:class:`engine.contract.Game`), delegating to the modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cards import Card, Deck
from engine.catalogue import GAMES
from engine.contract import Bot, GameInfo, Note, Outcome, Preset
from engine.doudizhu import coach, moments, table, teach, whole
from engine.doudizhu import state as hand
from engine.doudizhu.bots import BOTS
from engine.doudizhu.combos import Combo, Kind
from engine.doudizhu.generate import generate
from engine.doudizhu.order import INDEX, TWO, counts_of
from engine.doudizhu.rules import NOTES, PRESETS, Rules
from engine.doudizhu.score import score_hand
from engine.doudizhu.state import Action, State
from engine.errors import InvalidRequestError
from engine.i18n import gettext as _
from engine.packaged import PackagedGame
from engine.teaching import LinkRule

if TYPE_CHECKING:
    from engine.table import MomentKind
    from engine.teaching import PracticeRule

__all__ = ["GAME", "DouDizhuGame"]


class DouDizhuGame(PackagedGame[Rules, State, Action]):
    """Dou Dizhu: one hand from the seeded deal (the auction, redeals, play) to the payment."""

    hand_module = hand
    table_module = table
    coach_module = coach

    key: ClassVar[str] = "doudizhu"
    passes: ClassVar[bool] = True
    info: ClassVar[GameInfo] = GAMES["doudizhu"]
    lesson_editor_links: ClassVar[tuple[LinkRule, ...]] = (
        LinkRule("example", {"hand": "$example.hand", "table": "$example.table"}),
    )
    lesson_table_examples: ClassVar[tuple[str, ...]] = ("deal",)
    presets: ClassVar[Mapping[str, Preset[Any]]] = PRESETS
    notes: ClassVar[tuple[Note, ...]] = NOTES
    max_actions: ClassVar[int] = 1_000
    """A hand has at most 21 deals of 4 calls, an auction of about 16 calls and 432 moves of play: well
    under this; a longer record is refused before any replay."""
    examples: ClassVar[Mapping[str, tuple[Mapping[str, Any], ...]]] = {
        "legal": ({"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5"},),
        "check": ({"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5",
                   "play": "3 4 5 6 7"},),
    }

    def deck(self, rules: Rules) -> Deck:
        return rules.deck

    def seat_letters(self, rules: Rules) -> tuple[str, ...]:
        return rules.seat_letters

    def new_game(self, rules: Rules, seed: int, start: Mapping[str, Any] | None = None) -> State:
        """The seeded deal; ``start`` may name the dealer (``{"dealer": "E"}``: a later hand of a session)."""
        return hand.new_game(rules, seed, whole.dealer_of(rules, start))

    def rules_of(self, state: State) -> Rules:
        return state.rules

    def to_act(self, state: State) -> int | None:
        return hand.to_act(state)

    def returns(self, state: State) -> tuple[float, ...]:
        """Every seat's payment at the end of the hand (zeros before): the outcome's returns, without its words."""
        pay = score_hand(state)
        if pay is None or state.landlord is None:
            return (0.0,) * state.players
        return tuple(float(g) for g in pay.for_seats(state.landlord, state.players))

    def parse_action(self, state: State, text: str) -> Action:
        return hand.parse_action(state, text)

    def display_rank(self, rules: Rules, card: Card) -> int:
        """3 lowest … A, then 2 (the highest rank), then the jokers."""
        return INDEX[card.rank]

    def hand_groups(self, state: State, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return table.hand_groups(cards)

    def action_cards(self, action: Action) -> tuple[Card, ...] | None:
        """The cards of a combination played (chosen by clicking at the Table); None for a pass or a bid."""
        return action.cards if isinstance(action, Combo) else None

    def summary_row(self, state: State) -> dict[str, Any]:
        """One simulated hand: the outcome's values, and what the deal held (bombs or the rocket in any hand,
        the landlord's counted with the kitty)."""
        done = table.outcome(state)
        if done is None:
            raise InvalidRequestError(_("the hand is not over"))
        rules = state.rules
        data = done.data
        kitty = counts_of(state.dealt.kitty)
        full = [tuple(a + b for a, b in zip(counts_of(h), kitty, strict=True)) if s == state.landlord
                else counts_of(h) for s, h in enumerate(state.dealt.hands)]
        bombs_dealt = sum(1 for h in full for r in range(TWO + 1) if h[r] >= 4)
        rocket_dealt = any(Kind.ROCKET in generate(h, rules, None) for h in full)
        return {
            "preset": self.preset_of(rules) or next(n for n, p in PRESETS.items() if p.rules.players == rules.players),
            "players": rules.players,
            "landlord": data["landlord"],
            "bid": data["bid"],
            "winner": data["winner"],
            "stake": data["stake"],
            "doublings": data["doublings"],
            "bombs_played": data["bombs"],
            "rockets_played": data["rockets"],
            "spring": data["spring"],
            "redeals": data["redeals"],
            "plays": data["plays"],
            "landlord_payment": data["payments"][data["landlord"]],
            "bombs_dealt": bombs_dealt,
            "rocket_dealt": rocket_dealt,
            "bomb_or_rocket_dealt": bombs_dealt > 0 or rocket_dealt,
        }

    # -------------------------------------------------------------------------------------- the coach

    playout_bot: ClassVar[str] = "heuristic"
    review_thresholds: ClassVar[tuple[float, float]] = (1.0, 3.0)
    """In stakes: losing one unit on average is an inaccuracy, three (a bid of 3, or a doubled bid) a mistake."""
    feature_words: ClassVar[Mapping[str, tuple[str, str]]] = coach.FEATURE_WORDS

    def sides(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        """Every seat alone: the sides (the landlord against the peasants) are only known after the auction."""
        return tuple((s,) for s in range(rules.players))

    def position_state(self, request: Any) -> State:
        """A state from the editor's posed position (a ``legal`` request: South's hand and the play to beat); see
        :func:`engine.doudizhu.coach.position_state` for how roles and the other hands are read."""
        rules = self.rules(request.preset, request.options)
        table = () if isinstance(request.table, str) else request.table
        return coach.position_state(rules, request.hand, table, request.table_as)

    # -------------------------------------------------------------------------------------- whole games

    def next_hand(self, rules: Rules, finished: tuple[State, ...], seed: int) -> Mapping[str, Any] | None:
        """The next hand of the session, dealt by the seat after the last dealer; None after the last hand."""
        return whole.next_hand(rules, finished)

    def scoreboard(self, rules: Rules, finished: tuple[State, ...], current: State) -> tuple[tuple[str, str], ...]:
        return whole.scoreboard(rules, finished, current)

    def whole_outcome(self, rules: Rules, finished: tuple[State, ...]) -> Outcome:
        return whole.whole_outcome(rules, finished)

    @property
    def bots(self) -> Mapping[str, Bot[State, Action]]:
        return BOTS

    coach_lessons = ("03-bidding", "10-beating-and-passing")

    def practice_rules(self) -> tuple[PracticeRule, ...]:
        return teach.practice_rules(self)

    def moment_kinds(self) -> tuple[MomentKind, ...]:
        return moments.KINDS



GAME = DouDizhuGame()
