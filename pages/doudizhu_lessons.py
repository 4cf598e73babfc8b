"""Dou Dizhu lessons: the rules one idea at a time, with live seeded examples and exercises the engine checks."""

from ui.lessons import render_lessons

render_lessons("doudizhu")
