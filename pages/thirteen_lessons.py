"""Thirteen lessons: the rules one idea at a time, on live seeded deals, with exercises the engine judges."""

from ui.lessons import render_lessons
from ui.places import question_notice

render_lessons("thirteen")
question_notice()  # a class's student is called to their teacher's question
