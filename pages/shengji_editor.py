"""Shengji position editor: pose your hand and the lead by clicking cards, see what must be played (the ladder),
every distinct legal play, the verdict on any play, whether a throw stands, who wins the trick; ask the coach."""

from ui.shengji_editor import ShengjiEditor

ShengjiEditor().render()
