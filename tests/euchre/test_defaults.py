"""Defaults said as defaults: every rule the sources leave open is an option declared ``common``, listed in the
notes with the option that changes it, said as "a common rule, not in these rules" in the reasons, and named by
its label in the lessons — and no lesson presents a default as the source's rule."""

from __future__ import annotations

from pathlib import Path

from engine.command_tables import commands_of
from engine.contract import COMMON_RULE
from engine.euchre import GAME, NOTES, Rules
from engine.euchre.rules import rule_source

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "euchre"
TEXT = "\n".join(p.read_text() for p in sorted(LESSONS.glob("*.md")))
BODIES = "\n".join(p.read_text().split("+++", 2)[2] for p in sorted(LESSONS.glob("*.md")))


def test_every_common_option_has_a_note_and_every_note_option_is_common() -> None:
    specs = {s.name: s for s in GAME.option_specs()}
    common = {name for name, s in specs.items() if s.common}
    noted = {n.option for n in NOTES if n.option is not None}
    assert common == noted == {"deal_packets", "name_turned_down_suit", "dealer_may_discard_upcard", "thrown_in",
                               "first_lead", "benny_upcard"}
    rules = commands_of(GAME)["rules"]({})
    assert {n["option"] for n in rules["notes"] if n["option"]} == common


def test_each_default_is_said_as_the_common_rule_and_its_option_named_in_the_lessons() -> None:
    specs = {s.name: s for s in GAME.option_specs()}
    for name in ("deal_packets", "name_turned_down_suit", "dealer_may_discard_upcard", "thrown_in", "first_lead",
                 "benny_upcard"):
        said = rule_source(Rules(), name)
        assert said == f" ({COMMON_RULE}; the option “{specs[name].label}” changes it)"
        if name != "dealer_may_discard_upcard":  # the dealer's discard is not taught in a lesson
            label = f"“{specs[name].label}”"
            assert label in " ".join(BODIES.split()), f"no lesson names the option {label}"
    away = rule_source(Rules(name_turned_down_suit=True), "name_turned_down_suit")
    assert away == " (the option “The turned-down suit may be named” is on)"
    assert rule_source(Rules(), "stick_the_dealer") == ""  # a default the source gives


def test_lessons_do_not_present_a_default_as_the_source_rule() -> None:
    lowered = TEXT.lower()
    assert "the turned-down suit may not be named." not in lowered
    assert "the seed" not in lowered and "`thrown_in`" not in TEXT and "`deal_packets`" not in TEXT
    assert "benny_upcard" not in BODIES and "seed rules" not in lowered
    winning = (LESSONS / "08-winning-by-two.md").read_text()
    assert "first to 10" not in winning.split("\n", 2)[1]  # the title teaches the default, ahead by 2
    assert "**A variant: first to 10.**" in winning and "at least **10 points** and **is at least 2 ahead**" in winning
