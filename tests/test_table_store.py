"""Shared Tables in the store (ui/store/tables.py), on SQLite and PostgreSQL: codes, seats and their keys, plays
checked by the engine, the host's changes, and two people clicking at once."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from sqlalchemy.orm.exc import StaleDataError

from engine.games import game
from engine.shared_table import SeatKind, state_of
from tests.test_store import pg_clean, pg_server, pg_shared, sqlite_url  # noqa: F401  (fixtures)
from ui.store import Store, StoreUnavailable, WrongCode
from ui.store.tables import NOT_HOST, STALE_SEAT, WRONG_TABLE, StaleSeat, TableRefused

SHENGJI = "shengji"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    url = str(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_clean"))
    opened = Store(url)
    yield opened
    opened.close()


def _first_legal(info_game) -> str:  # type: ignore[no-untyped-def]
    g = game(info_game.key)
    return g.action_text(g.legal_actions(state_of(info_game))[0])


def test_a_table_is_found_by_its_code_and_a_wrong_code_gets_one_sentence(store: Store) -> None:
    hosted = store.open_table(SHENGJI, None, 4, range(4))
    assert len(hosted.table.code) == 6 and hosted.key
    found = store.table_by_code(hosted.table.code.lower()[:3] + " " + hosted.table.code[3:], "browser-1")
    assert found.id == hosted.table.id and found.game == hosted.table.game
    with pytest.raises(WrongCode) as wrong:
        store.table_by_code("ZZZZZZ" if hosted.table.code != "ZZZZZZ" else "YYYYYY", "browser-1")
    assert str(wrong.value) == WRONG_TABLE
    assert store.guard_failures("table", "browser-1") == 1


def test_seats_keys_and_a_stale_seat(store: Store) -> None:
    table = store.open_table(SHENGJI, None, 4, {0, 2}).table
    ana = store.sit(table.id, 0, "Ana")
    assert store.seat_of(table.id, ana.key) == 0
    with pytest.raises(TableRefused, match=r"North is taken already \(by Ana\)"):
        store.sit(table.id, 0, "Ben")
    with pytest.raises(TableRefused, match="played by a bot"):
        store.sit(table.id, 1, "Ben")
    store.leave(table.id, ana.key)
    with pytest.raises(StaleSeat) as stale:
        store.seat_of(table.id, ana.key)
    assert str(stale.value) == STALE_SEAT
    ben = store.sit(table.id, 0, "Ben")
    assert store.table(table.id).game.seats[0].name == "Ben" and store.seat_of(table.id, ben.key) == 0
    with pytest.raises(StaleSeat):
        store.play(table.id, "not-a-real-key-at-all", "pass", 0)


def test_plays_are_checked_by_the_engine_and_the_version_rises(store: Store) -> None:
    hosted = store.open_table(SHENGJI, None, 8, range(4))
    table = hosted.table
    keys = {seat: store.sit(table.id, seat, name).key for seat, name in enumerate("ABCD")}
    now = store.table(table.id)
    seat = game(SHENGJI).to_act(state_of(now.game))
    assert seat is not None
    other = (seat + 1) % 4
    with pytest.raises(TableRefused, match="turn, not yours"):
        store.play(table.id, keys[other], _first_legal(now.game), now.game.step)
    with pytest.raises(TableRefused, match="is not valid"):
        store.play(table.id, keys[seat], "no such action", now.game.step)
    after = store.play(table.id, keys[seat], _first_legal(now.game), now.game.step)
    assert after.game.step == now.game.step + 1 and after.version > now.version
    assert store.table_version(table.id) == after.version
    with pytest.raises(TableRefused, match=NOT_HOST):
        store.fill_with_bots(table.id, keys[0])
    filled = store.fill_with_bots(table.id, hosted.key)  # no free seat: nothing changes but the version
    assert [s.kind for s in filled.game.seats] == [SeatKind.PERSON] * 4


def test_the_host_gives_free_seats_to_bots_and_deals_again(store: Store) -> None:
    hosted = store.open_table(SHENGJI, None, 8, {0, 2})
    ana = store.sit(hosted.table.id, 2, "Ana")
    filled = store.fill_with_bots(hosted.table.id, hosted.key)
    assert [s.kind for s in filled.game.seats] == [SeatKind.BOT, SeatKind.BOT, SeatKind.PERSON, SeatKind.BOT]
    assert game(SHENGJI).to_act(state_of(filled.game)) in (2, None)
    again = store.deal_again(hosted.table.id, hosted.key, 9)
    assert again.game.record.seed == 9 and store.seat_of(hosted.table.id, ana.key) == 2
    with pytest.raises(TableRefused, match=NOT_HOST):
        store.free_seat(hosted.table.id, ana.key, 2)
    freed = store.free_seat(hosted.table.id, hosted.key, 2)  # Ana went away: her key stops working
    assert freed.game.seats[2].kind is SeatKind.OPEN
    with pytest.raises(StaleSeat, match="no longer yours"):
        store.play(hosted.table.id, ana.key, "pass", freed.game.step)


def test_two_people_clicking_at_once_change_the_hand_once(store: Store) -> None:
    """Two browsers of the same seat send the same play at the same step: one is applied, the other refused."""
    table = store.open_table(SHENGJI, None, 8, range(4)).table
    keys = {seat: store.sit(table.id, seat, name).key for seat, name in enumerate("ABCD")}
    now = store.table(table.id)
    seat = game(SHENGJI).to_act(state_of(now.game))
    assert seat is not None
    action = _first_legal(now.game)
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def click() -> None:
        start.wait()
        try:
            store.play(table.id, keys[seat], action, now.game.step)
            outcomes.append("played")
        except TableRefused as error:
            outcomes.append(str(error))

    threads = [threading.Thread(target=click) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["The table moved on while you were choosing; look at it again and choose again.",
                                "played"]
    assert store.table(table.id).game.step == now.game.step + 1


def test_a_write_from_a_stale_read_is_run_again(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """When another process changed the row between this write's read and its flush (SQLAlchemy's version check
    fails), the write is run again on the new row — and the engine then judges it afresh."""
    table = store.open_table(SHENGJI, None, 8, range(4)).table
    real = Store._run
    failed: list[bool] = []

    def once_stale(self: Store, work, *, write: bool):  # type: ignore[no-untyped-def]
        if write and not failed:
            failed.append(True)
            raise StoreUnavailable("The progress database could not be used.") from StaleDataError("stale")
        return real(self, work, write=write)

    monkeypatch.setattr(Store, "_run", once_stale)
    seated = store.sit(table.id, 0, "Ana")
    assert failed == [True] and store.seat_of(table.id, seated.key) == 0
