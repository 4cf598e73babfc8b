"""The ``turn_order`` option (counter-clockwise N → W → S → E by default, or clockwise N → E → S → W) in every part
of the engine: the draw, declaring, following in tricks, the trick winner's seat, throws judged against the next
player, the next starter when the bank passes, commentary and the table view."""

import json

import pytest

from engine.base import PASS
from engine.cards import Rank
from engine.command_tables import json_commands
from engine.driver import play_out, replay
from engine.errors import InvalidRequestError
from engine.shengji import (
    GAME,
    SEATS,
    Choose,
    Declare,
    Phase,
    Play,
    State,
    TurnOrder,
    apply,
    deal,
    new_game,
    score_hand,
)
from engine.sim import simulate
from tests.cli_helpers import run_cli
from tests.shengji.helpers import cards, crafted, play_hand, rules, step

COMMANDS = json_commands("shengji")

CW = {"turn_order": "clockwise"}
CTX = {"preset": "competition", "decks": 2, "trump_rank": "10", "trump_suit": "S"}
SWAP = {"W": "E", "E": "W"}


def relabel(value):
    """``value`` with the seats W and E swapped in every seat name (keys and values)."""
    if isinstance(value, dict):
        return {relabel(k): relabel(v) for k, v in value.items()}
    if isinstance(value, list):
        return [relabel(v) for v in value]
    if isinstance(value, str):
        return SWAP.get(value, value)
    return value


def test_the_option_names_the_seats_in_turn_order() -> None:
    assert rules().seats == SEATS == ("N", "W", "S", "E") == GAME.seat_letters(rules())
    assert rules().turn_order is TurnOrder.COUNTER_CLOCKWISE
    cw = rules(turn_order="clockwise")
    assert cw.seats == ("N", "E", "S", "W") == GAME.seat_letters(cw)
    assert rules(turn_order="Counter Clockwise").seats == SEATS and rules(turn_order="CLOCKWISE") == cw
    with pytest.raises(InvalidRequestError, match="'turn_order' .* is one of counter-clockwise, clockwise, not "
                                                  "'sideways'"):
        rules(turn_order="sideways")
    with pytest.raises(InvalidRequestError, match="'X' is not a seat here; the seats are N, E, S, W"):
        COMMANDS["score"]({"options": {"turn_order": "clockwise"}, "attacker_points": 0, "starter": "X"})


def test_the_draw_goes_round_in_turn_order() -> None:
    ccw, cw = deal(rules(), 5), deal(rules(**CW), 5)
    assert ccw.hands == cw.hands  # seat index 1 draws the 2nd card either way …
    a, b = COMMANDS["deal"]({"seed": 5}), COMMANDS["deal"]({"seed": 5, "options": CW})
    # … and is W counter-clockwise, E clockwise: the same cards, the seats in the other order
    assert b["hands"] == relabel(a["hands"]) and b["hands"]["E"] == a["hands"]["W"]
    assert b["turn_order"] == "N → E → S → W" and a["turn_order"] == "N → W → S → E"
    state = new_game(rules(**CW), 5)
    drawn = [state.rules.seats[state.deal.seat_of(i)] for i in range(5)]
    assert drawn == ["N", "E", "S", "W", "N"]


@pytest.mark.parametrize("preset", ["competition", "tractor"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_the_same_deal_and_plays_give_the_same_round_with_the_seats_in_the_other_order(preset, bots) -> None:
    """Golden both ways: declarations, kitty, every trick, its winner and the score, W and E swapped."""
    for seed in range(3):
        a = summary(play_hand(rules(preset), seed, bots))
        b = summary(play_hand(rules(preset, **CW), seed, bots))
        assert b == relabel(a)


def summary(state: State) -> dict:
    """A finished hand as JSON, seats by letter: declarations, starter, every trick, the score."""
    names = state.rules.seats
    out = GAME.outcome(state)
    assert out is not None
    return {
        "declarations": [[names[d.seat], d.text] for d in state.declarations],
        "starter": names[state.starter],
        "buried": sorted(c.text for c in state.buried),
        "tricks": [[names[t.leader], [" ".join(c.text for c in p) for p in t.plays], names[t.winner], t.points]
                   for t in state.tricks],
        "score": dict(out.data),
    }


def test_declaring_asks_the_next_players_in_turn_order() -> None:
    """After a declaration, the players who may override it are asked in turn order from the declarer."""
    for order, names in (({}, "NWSE"), (CW, "NESW")):
        state = new_game(rules(**order), 11)
        while not state.declarations:
            twos = [c for c in state.hands[state.to_act] if c.rank is Rank.TWO]
            state = apply(state, Declare((twos[0],)) if twos else PASS)
        declarer = state.rules.seats[state.declarations[0].seat]
        after = [names[(names.index(declarer) + i) % 4] for i in (1, 2, 3)]
        asked = [state.rules.seats[s] for s in state.asking]
        assert asked and asked == [name for name in after if name in asked]
        assert state.rules.seats[state.to_act] == asked[0]


def test_following_order_and_the_trick_winners_seat() -> None:
    hands = ["KH 3C", "AH 2C", "5H 6C", "9H 9C"]
    for order, follows in (({}, ["W", "S", "E"]), (CW, ["E", "S", "W"])):
        state = crafted(rules(**order), hands)
        state, comment = step(state, Play(cards("KH")))
        assert comment.startswith("N leads")
        for name, play in zip(follows, ("AH", "5H", "9H"), strict=True):
            assert state.rules.seats[state.to_act] == name
            state, comment = step(state, Play(cards(play)))
            assert comment.startswith(f"{name} plays")
        # the second player (index 1) played the ace and leads the next trick
        assert state.tricks[-1].winner == 1 and state.to_act == 1
        assert f"{follows[0]} wins with the highest single" in comment


def test_winner_command_names_the_seats_in_turn_order() -> None:
    plays = ["4H 4H", "2S 2S", "AH AH", "3C 4C"]
    assert COMMANDS["winner"]({**CTX, "plays": plays, "leader": "N"})["seat"] == "W"
    out = COMMANDS["winner"]({**CTX, "options": CW, "plays": plays, "leader": "N"})
    assert out["seat"] == "E" and out["reason"].startswith("E wins")
    assert COMMANDS["winner"]({**CTX, "options": CW, "plays": plays, "leader": "W"})["seat"] == "N"


@pytest.mark.parametrize(("order", "starter", "passes_to", "kept_by"), [
    ({}, "N", "W", "S"), ({}, "W", "S", "E"), ({}, "E", "N", "W"),
    (CW, "N", "E", "S"), (CW, "E", "S", "W"), (CW, "W", "N", "E"),
])
def test_next_starter_follows_the_turn_order(order, starter, passes_to, kept_by) -> None:
    """When the bank passes, the next player after the old starter starts; when kept, the starter's partner."""
    lost = COMMANDS["score"]({"options": order, "attacker_points": 80, "starter": starter})
    kept = COMMANDS["score"]({"options": order, "attacker_points": 40, "starter": starter})
    assert lost["next_starter"] == passes_to and lost["starter"] == starter
    assert kept["next_starter"] == kept_by
    assert f"bank next and {passes_to} starts" in lost["reason"]
    r = rules(**order)
    s = score_hand(r, trick_points=80, kitty_points=0, last_trick_cards=1, attackers_won_last=False,
                   starter=r.seats.index(starter))
    assert r.seats[s.next_starter] == passes_to


def test_a_throw_is_judged_against_the_next_player_in_turn_order() -> None:
    """Seed 000's Q44 with both parts beaten: the next player chooses — W counter-clockwise, E clockwise."""
    request = {**CTX, "hand": "QH 4H 4H 3C", "play": "QH 4H 4H", "others": {"W": "5H 5H", "S": "AH", "E": "2C"}}
    assert COMMANDS["throw"](request)["chooser"] == "W"
    out = COMMANDS["throw"]({**request, "options": CW})
    assert out["chooser"] == "E" and "the next player (E) chooses" in out["reason"]
    # a part two players could beat is named with the first of them in turn order
    both = {**request, "others": {"W": "KH", "S": "2C", "E": "AH"}}
    assert [b["seat"] for b in COMMANDS["throw"](both)["beaten"]] == ["W"]
    assert [b["seat"] for b in COMMANDS["throw"]({**both, "options": CW})["beaten"]] == ["E"]
    assert COMMANDS["throw"]({**request, "leader": "S", "options": CW,
                              "others": {"W": "5H 5H", "N": "AH", "E": "2C"}})["chooser"] == "W"


def test_a_failed_throw_in_a_round_waits_for_the_next_player_in_turn_order() -> None:
    hands = ["QH 4H 4H 3C", "2C 2D 6C 7C", "5H 5H 8C 9C", "AH 9D 8D 7D"]  # by index: index 1 holds no hearts
    for order, chooser in (({}, "E"), (CW, "W")):
        # index 3 is E counter-clockwise and W clockwise; it is not next: the choice is index 1's
        state = crafted(rules(**order), hands)
        state, comment = step(state, Play(cards("QH 4H 4H")))
        assert state.phase is Phase.CHOOSE and state.to_act == 1
        assert f"the next player ({state.rules.seats[1]}) chooses" in comment
        assert f"{chooser} holds A♥" in comment
        state, comment = step(state, Choose(cards("QH")))
        assert comment.startswith(f"{state.rules.seats[1]} chooses Q♥") and state.trick == (cards("QH"),)


def test_the_table_lists_and_names_the_seats_in_turn_order() -> None:
    state = GAME.new_game(GAME.rules(None, CW), 4)
    assert GAME.seat_letters(GAME.rules_of(state)) == ("N", "E", "S", "W")
    view = GAME.view(state, None)
    assert [s.name for s in view.seats] == ["N", "E", "S", "W"]
    assert dict(view.info)["Turn order"] == "N → E → S → W"
    assert dict(GAME.view(GAME.new_game(GAME.rules(), 4), None).info)["Turn order"] == "N → W → S → E"
    later = GAME.new_game(GAME.rules(None, CW), 3, {"levels": {"NS": "5", "WE": "9"}, "starter": "E"})
    assert later.fixed_starter == 1 and later.trump_rank.text == "9"
    record, final = play_out(GAME, GAME.rules("tractor", CW), 9, "heuristic", preset="tractor", options=CW)
    states, steps = replay(GAME, record)
    assert states[-1] == final and record.options == CW
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.data["next_starter"] in ("N", "E", "S", "W")
    ccw_record, _ = play_out(GAME, GAME.rules("tractor"), 9, "heuristic")
    assert ccw_record.actions == record.actions  # the same decisions, named by other seats
    names = GAME.seat_letters(GAME.rules_of(final))
    assert [names[s.seat] for s in steps[-4:]] == [names[(steps[-4].seat + i) % 4] for i in range(4)]


def test_simulation_and_rules_take_the_options() -> None:
    a = simulate(GAME, 4, 2, {"bots": "heuristic"})
    b = simulate(GAME, 4, 2, {"bots": "heuristic", **CW})
    assert list(b["starter"]) == [relabel(s) for s in a["starter"]]
    assert list(b["next_starter"]) == [relabel(s) for s in a["next_starter"]]
    assert (a["attacker_points"] == b["attacker_points"]).all()
    options = COMMANDS["rules"]({"options": CW})["rules"]
    assert options["turn_order"] == "clockwise" and options["failed_throw_part"] == "smallest"
    assert COMMANDS["rules"]({})["rules"]["turn_order"] == "counter-clockwise"
    assert "turn_order" not in COMMANDS["rules"]({})["differences"]


@pytest.mark.parametrize(("args", "words"), [
    (["throw", "shengji", json.dumps({**CTX, "options": {"turn_order": "sideways"}, "hand": "QH", "play": "QH",
                                      "others": {"W": "2C"}})],
     "option 'turn_order' (Turn order) is one of counter-clockwise, clockwise, not 'sideways'"),
    (["score", "shengji", json.dumps({"options": CW, "attacker_points": 80, "starter": "X"})],
     "field 'starter': 'X' is not a seat here; the seats are N, E, S, W"),
    (["simulate", "shengji", "--rounds", "1", "--options", json.dumps({"turn_order": 3})],
     "option 'turn_order' (Turn order) is one of counter-clockwise, clockwise, not 3"),
])
def test_command_line_messages(args, words) -> None:
    code, out, err = run_cli(*args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and not out
    assert words in err and "Traceback" not in err
