"""Dou Dizhu practice: endless exercises made and judged by the engine; the rules you miss come back sooner."""

from ui.practice import render_practice

render_practice("doudizhu")
