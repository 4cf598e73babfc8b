"""Table: watch a seeded hand of this game step by step, or play one against the bots."""

from ui.table import render_table

render_table("shengji")
