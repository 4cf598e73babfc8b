"""Dou Dizhu practice: endless exercises made and judged by the engine; the rules you miss come back sooner."""

from ui.places import note_practice
from ui.practice import render_practice

render_practice("doudizhu")
note_practice("doudizhu")  # where a class's student is, for their teacher
