"""Thirteen position editor: pose your hand and the table by clicking cards, see every legal play, check any play
or the pass, ask the coach."""

from ui.thirteen_editor import ThirteenEditor

ThirteenEditor().render()
