"""Table: watch a seeded hand of this game step by step, or play one against the bots."""

from ui.places import note_table
from ui.table import render_table

render_table("euchre")
note_table("euchre")  # where a class's student is, for their teacher
