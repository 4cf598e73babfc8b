"""Dou Dizhu lessons: the rules one idea at a time, with live seeded examples and exercises the engine checks."""

from ui.lessons import render_lessons
from ui.places import question_notice

render_lessons("doudizhu")
question_notice()  # a class's student is called to their teacher's question
