"""The Table's presenter mode without a browser (AppTest): "Large cards" is part of the link and draws every hand
shown with jumbo indexes, and "Find…" goes to the next teaching moment the engine finds (in this game, or the bots'
game of a later deal) and keeps the link in step."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from engine.games import game
from engine.moments import find_moment
from tests.card_hand_testing import hand_data
from ui.table_hands import bot_hand


def _page(key: str) -> AppTest:
    def page(key: str) -> None:
        from ui.table import render_table

        render_table(key)

    return AppTest.from_function(page, args=(key,), default_timeout=120)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def settings(at: AppTest, key: str) -> Any:
    return at.session_state[f"{key}:table:settings"]


def seat_hands(at: AppTest, key: str, seats: int) -> list[dict[str, Any]]:
    return [hand_data(at, f"{key}:table:view:seat:{i}") for i in range(seats)]


def test_large_cards_is_read_from_the_link_kept_in_it_and_enlarges_every_hand_shown() -> None:
    at = _page("shengji")
    at.query_params.update({"mode": "watch", "seed": "3", "step": "8", "large": "1"})
    at.run()
    _ok(at)
    assert settings(at, "shengji").large and at.query_params["large"] == "1"
    hands = seat_hands(at, "shengji", 4)
    assert all(h.get("jumbo") for h in hands), "a hand shown without jumbo indexes under Large cards"
    assert hand_data(at, "shengji:table:view:trick").get("jumbo")
    at.button(key="shengji:table:forward").click().run()
    assert at.query_params["large"] == "1" and at.query_params["step"] == "9"
    at.toggle(key="shengji:table:w:large").set_value(False).run()
    _ok(at)
    assert "large" not in at.query_params
    assert not any(h.get("jumbo") for h in seat_hands(at, "shengji", 4))


def test_presenter_mode_draws_every_seat_jumbo_and_the_link_keeps_both() -> None:
    at = _page("thirteen")
    at.query_params.update({"mode": "watch", "seed": "3", "step": "3", "present": "1", "large": "1"})
    at.run()
    _ok(at)
    assert all(h.get("jumbo") for h in seat_hands(at, "thirteen", 4))
    assert (at.query_params["present"], at.query_params["large"]) == ("1", "1")


def test_play_mode_large_cards_draws_your_hand_jumbo() -> None:
    at = _page("euchre")
    at.query_params.update({"mode": "play", "seed": "3", "seat": "S", "large": "1"})
    at.run()
    _ok(at)
    assert settings(at, "euchre").large and at.query_params["large"] == "1"
    played = at.session_state["euchre:table:play"]
    assert hand_data(at, f"euchre:table:pick:{len(played.steps)}").get("jumbo")


def test_find_goes_to_the_next_go_alone_in_a_later_deal_and_the_link_follows() -> None:
    at = _page("euchre")
    at.query_params.update({"mode": "watch", "seed": "1", "step": "0", "present": "1"})
    at.run()
    _ok(at)
    at.selectbox(key="euchre:table:w:find").select("go_alone").run()
    _ok(at)
    s = settings(at, "euchre")
    assert (s.seed, s.step) == (23, 5)
    assert (at.query_params["seed"], at.query_params["step"]) == ("23", "5")
    shown = at.session_state["euchre:table:watch"]
    assert shown.record.seed == 23 and shown.steps[4].action == "alone"
    assert any("deal 23, step 5" in t.proto.body for t in at.toast)
    assert at.selectbox(key="euchre:table:w:find").value is None


def test_find_in_the_game_shown_goes_to_a_later_step_of_it() -> None:
    g = game("doudizhu")
    record = bot_hand(g, "doudizhu", g.default_preset, 1).record
    first = find_moment(g, "bomb", record, 0)
    assert first is not None and first.record.seed == 1
    at = _page("doudizhu")
    at.query_params.update({"mode": "watch", "seed": "1", "step": "0"})
    at.run()
    at.selectbox(key="doudizhu:table:w:jump").select("bomb").run()
    _ok(at)
    assert (settings(at, "doudizhu").seed, settings(at, "doudizhu").step) == (1, first.step)
    assert at.query_params["step"] == str(first.step)


def test_find_with_nothing_to_find_says_so_and_stays() -> None:
    at = _page("shengji")
    at.query_params.update({"mode": "watch", "seed": "1", "step": "0"})
    at.run()
    at.selectbox(key="shengji:table:w:jump").select("failed_throw").run()
    _ok(at)
    assert (settings(at, "shengji").seed, settings(at, "shengji").step) == (1, 0)
    assert any("No failed throw" in t.proto.body for t in at.toast)
