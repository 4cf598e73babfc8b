"""One table, several players (``/table_room``): open a Table with seats for people and share its code, or take a
seat with a code; each player sees only their own hand, the host's screen the table for a projector."""

from ui.shared_table import render_room

render_room()
