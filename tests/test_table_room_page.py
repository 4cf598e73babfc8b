"""AppTest of the shared table page (/table_room): open a table, take a seat, act; a wrong code, a seat taken
twice and a stale seat each get one clear sentence and nothing else."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, game
from engine.shared_table import SeatKind, state_of, waiting_for
from tests import test_classroom_pages as classroom
from tests.conftest import ROOT
from ui.shared_table import LOOKING, ROOM_KEY, Room, names_of
from ui.store import Store
from ui.store.tables import STALE_SEAT, WRONG_TABLE
from ui.widgets import plain

PAGE = "pages/table_room.py"
db = classroom.db  # the fixture: a SQLite store, the app's database


def _open() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(PAGE)
    return at.run()


def _button(at: AppTest, label: str) -> object:
    return next(b for b in at.button if b.label == label)


def _find(at: AppTest, code: str) -> AppTest:
    at.text_input(key="room:code").input(code)
    return _button(at, "Find the table").click().run()  # type: ignore[attr-defined, no-any-return]


def test_a_wrong_code_gets_one_sentence(db: Store) -> None:
    at = _find(_open(), "ZZZZZZ")
    assert not at.exception
    assert [e.value for e in at.error] == [WRONG_TABLE]
    assert not [b for b in at.button if b.label.startswith("Sit at")]


def test_opening_a_table_shows_its_code_and_a_seat_taken_twice_gets_one_sentence(db: Store) -> None:
    at = _open()
    at = _button(at, "Open the table").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error
    code = at.session_state[ROOM_KEY].code
    assert any(f"Table code: {code}" in m.value for m in at.markdown)
    table = db.table_by_code(code, "test")
    # a student finds the table while North is free …
    student = _find(_open(), code)
    assert [i.value for i in student.info] == [LOOKING]
    student.text_input(key="room:name").input("Ben")
    # … and Ana sits there first, from another browser
    db.sit(table.id, 0, "Ana")
    student = _button(student, "Sit at North").click().run()  # type: ignore[attr-defined]
    assert [e.value for e in student.error] == ["North is taken already (by Ana); choose a free seat."]
    student = _button(student, "Sit at West").click().run()  # type: ignore[attr-defined]
    assert not student.error
    assert student.session_state[ROOM_KEY].seat_key
    assert db.table(table.id).game.seats[1].name == "Ben"


def test_a_player_acts_and_a_stale_seat_gets_one_sentence(db: Store) -> None:
    hosted = db.open_table("shengji", None, 3, {0, 2})
    seat = waiting_for(hosted.table.game)  # the bots played up to a person's seat
    where, other = ("North", "South") if seat == 0 else ("South", "North")
    at = _find(_open(), hosted.table.code)
    at.text_input(key="room:name").input("Ana")
    at = _button(at, f"Sit at {where}").click().run()  # type: ignore[attr-defined]
    assert any(m.value.startswith(f"**Your turn, {where} · Ana:**") for m in at.markdown)
    before = db.table(hosted.table.id).game.step
    at = _button(at, "Pass").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error
    assert db.table(hosted.table.id).game.step > before  # she passed, the bot after her played on
    assert any(f"waiting for {other} · free" in m.value for m in at.markdown)
    db.free_seat(hosted.table.id, hosted.key, seat)  # the host frees her seat: Ana's key is stale
    at = at.run()
    assert [e.value for e in at.error] == [plain(STALE_SEAT)]
    assert at.session_state[ROOM_KEY].seat_key is None
    assert not any(m.value.startswith("**Your turn") for m in at.markdown)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_opens_at_a_shared_table_and_the_seat_to_act_decides(db: Store, key: str) -> None:
    at = _open()
    at.selectbox(key="room:game").select(key).run()
    at = _button(at, "Open the table").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error
    info = db.table_by_code(at.session_state[ROOM_KEY].code, "test")
    assert info.game.key == key and all(s.kind is SeatKind.OPEN for s in info.game.seats)
    seat = waiting_for(info.game)
    assert seat is not None
    where = names_of(info.game)[seat].split(" · ")[0]
    at.text_input(key="room:name").input("Ana")
    at = _button(at, f"Sit at {where}").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error
    assert any(m.value.startswith(f"**Your turn, {where} · Ana:**") for m in at.markdown)


def test_a_finished_hand_shows_its_result_to_the_player_and_the_host(db: Store) -> None:
    hosted = db.open_table("thirteen", None, 3, {2})
    seated = db.sit(hosted.table.id, 2, "Ana")
    g = game("thirteen")
    while waiting_for((info := db.table(hosted.table.id)).game) is not None:
        state = state_of(info.game)
        db.play(hosted.table.id, seated.key, g.action_text(g.legal_actions(state)[0]), info.game.step)
    outcome = g.outcome(state_of(db.table(hosted.table.id).game))
    assert outcome is not None
    for keys in ({"seat_key": seated.key}, {"host_key": hosted.key}):
        at = _open()
        at.session_state[ROOM_KEY] = Room(table_id=hosted.table.id, code=hosted.table.code, **keys)
        at.run()
        assert not at.exception and not at.error
        assert [s.value for s in at.success] == [plain(outcome.summary)]


def test_a_link_brings_back_the_seat_and_a_link_with_a_stale_key_gets_one_sentence(db: Store) -> None:
    hosted = db.open_table("shengji", None, 3, {0, 2})
    seated = db.sit(hosted.table.id, 0, "Ana")
    at = _open()
    at.query_params.update({"code": hosted.table.code.lower(), "me": seated.key})
    at = at.run()
    assert not at.exception and not at.error
    assert at.session_state[ROOM_KEY].seat_key == seated.key
    assert any("you sit at North · Ana" in c.value for c in at.caption)
    at = _open()
    at.query_params.update({"code": hosted.table.code, "me": "not-a-key-of-this-table"})
    at = at.run()
    assert [e.value for e in at.error] == [plain(STALE_SEAT)]
    assert [i.value for i in at.info] == [LOOKING]  # still at the table, looking on
