"""Dou Dizhu position editor: pose your hand and the play to beat by clicking ranks, see every legal play, check
any play or the pass, ask the coach."""

from ui.doudizhu_editor import DouDizhuEditor

DouDizhuEditor().render()
