"""Euchre position editor: pose a trick or a calling position by clicking cards, see every legal card or call with
its reason, who wins a complete trick, ask the coach."""

from ui.euchre_editor import EuchreEditor

EuchreEditor().render()
