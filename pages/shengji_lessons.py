"""Shengji / Tractor lessons: the rules one idea at a time, on live seeded examples, with exercises the engine
judges (lessons/shengji/*.md); some lessons add an interactive piece below."""

from ui.lessons import render_lessons
from ui.places import question_notice
from ui.shengji_lessons import lesson_extras

render_lessons("shengji", extra=lesson_extras)
question_notice()  # a class's student is called to their teacher's question
