"""The printable rules summaries (ui/handouts.py): one valid A4 page per game and preset, holding the facts the
engine gives, the key terms with their characters, in the shipped font."""

import io
import re

import pytest
from pypdf import PdfReader

from engine.cards import format_cards, parse_cards
from engine.command_tables import json_commands
from engine.errors import UnknownNameError
from engine.games import GAMES
from ui.handouts import handout_facts, handout_filename, handout_pdf, preset_name, presets

CASES = [(game, preset) for game in GAMES for preset in presets(game)]


def _text(data: bytes) -> str:
    """The page's text with all whitespace removed (line breaks fall anywhere in wrapped cells)."""
    reader = PdfReader(io.BytesIO(data))
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))


def _plain(text: str) -> str:
    return re.sub(r"\s+", "", text.replace("**", ""))


def test_every_game_has_presets() -> None:
    assert {game for game, _ in CASES} == set(GAMES)
    assert len(CASES) >= 8


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_the_handout_is_one_a4_page(game: str, preset: str) -> None:
    data = handout_pdf(game, preset)
    assert data.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    fonts = [f.get_object()["/BaseFont"] for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert fonts and all("CTCSansCJK" in str(name) for name in fonts)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_the_handout_holds_every_fact_it_gathered(game: str, preset: str) -> None:
    text = _text(handout_pdf(game, preset))
    facts = handout_facts(game, preset)
    assert _plain(GAMES[game].title) in text
    assert _plain(preset_name(game, preset)) in text
    expected = [*facts.summary]
    for section in facts.sections:
        expected += [section.title, *section.lines]
        if section.table:
            expected += [cell for row in (section.table.header, *section.table.rows) for cell in row]
    missing = [fact for fact in expected if _plain(fact) not in text]
    assert not missing, missing
    for term in facts.key_terms:
        assert _plain(term.english) in text and _plain(term.native) in text, term.key


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_the_handout_has_the_native_name_and_its_reading(game: str, preset: str) -> None:
    text = _text(handout_pdf(game, preset))
    native = GAMES[game].native.split(" · ")[0]
    assert _plain(native) in text
    if game == "shengji":
        assert "升级shēngjí" in text and "拖拉机tuōlājī" in text
    if game == "doudizhu":
        assert "斗地主dòudìzhǔ" in text


def test_shengji_facts_come_from_the_engine() -> None:
    run = json_commands("shengji")
    for preset in presets("shengji"):
        text = _text(handout_pdf("shengji", preset))
        order = run["order"]({"preset": preset, "trump_rank": "2", "trump_suit": "H"})
        assert _plain(order["trump_text"]) in text
        for band in run["bands"]({"preset": preset})["bands"]:
            assert _plain(band["text"]) in text
        ladder = run["requirement"]({"preset": preset, "trump_rank": "2", "trump_suit": "H",
                                     "hand": "QS JS 10S 9S 8S 7S 6S 5S", "lead": "3S 3S 4S 4S"})["ladder"]
        assert _plain("›".join(step["text"] for step in ladder)) in text
        bonus = run["kitty"]({"preset": preset, "kitty_points": 20, "last_trick_cards": 4})
        assert f"×{bonus['multiplier']}" in text


def test_the_presets_differ_where_the_engine_says_they_do() -> None:
    competition, tractor = (_text(handout_pdf("shengji", p)) for p in ("competition", "tractor"))
    assert "×8" in tractor and "×8" not in competition  # the kitty bonus of a last trick of pairs of pairs
    thirteen = json_commands("thirteen")
    bomb_after_pass = {"hand": "7S 7C 7D 7H", "previous": "2H", "passed": True, "play": "7S 7C 7D 7H"}
    verdicts = {p: thirteen["check"]({**bomb_after_pass, "preset": p})["reason"] for p in ("seed", "pagat")}
    assert verdicts["seed"] != verdicts["pagat"]
    for preset, reason in verdicts.items():
        assert _plain(reason) in _text(handout_pdf("thirteen", preset))
    stick, plain = (_text(handout_pdf("euchre", p)) for p in ("stick_the_dealer", "seed"))
    assert "stuck" in stick and "stuck" not in plain
    benny = _text(handout_pdf("euchre", "benny"))
    assert "bestbowerRJ" in benny and "bestbowerRJ" not in plain


def test_euchre_and_dou_dizhu_take_their_tables_from_the_engine() -> None:
    euchre = json_commands("euchre")
    text = _text(handout_pdf("euchre", "seed"))
    assert _plain(format_cards(parse_cards(euchre["trumps"]({"trump": "H"})["order"]), symbols=True)) in text
    assert _plain(euchre["score"]({"makers_tricks": 5, "alone": True})["reason"]) in text
    doudizhu = json_commands("doudizhu")
    for preset in presets("doudizhu"):
        text = _text(handout_pdf("doudizhu", preset))
        stake = doudizhu["score"]({"preset": preset, "bid": 3, "bombs": 1, "rockets": 0, "winner": "landlord"})
        assert f"bid3,1bomblandlord{stake['stake']}{stake['landlord_payment']:+d}" in text
        for kind in doudizhu["setup"]({"preset": preset})["types"]:
            example = doudizhu["example"]({"preset": preset, "kind": kind, "seed": 1, "limit": 1})
            assert _plain(example["first"]) in text


def test_an_unknown_game_or_preset_is_refused_with_the_known_names() -> None:
    with pytest.raises(UnknownNameError, match="competition"):
        handout_pdf("shengji", "bridge")
    with pytest.raises(UnknownNameError, match="shengji"):
        handout_pdf("bridge", "seed")


def test_the_file_name() -> None:
    assert handout_filename("doudizhu", "three_player") == "doudizhu-three-player-rules.pdf"
