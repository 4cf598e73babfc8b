"""Euchre lessons: the rules one idea at a time, on live seeded deals, with exercises the engine judges."""

from ui.lessons import render_lessons

render_lessons("euchre")
