"""Shengji / Tractor practice: endless exercises made and judged by the engine; the rules you miss come back sooner."""

from ui.places import note_practice
from ui.practice import render_practice

render_practice("shengji")
note_practice("shengji")  # where a class's student is, for their teacher
