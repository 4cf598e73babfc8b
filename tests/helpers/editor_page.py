"""What the AppTests of the four position editors (``tests/<game>/test_editor_page.py``) share: opening a game's
editor page, optionally on a shared link, and reading what it shows and keeps::

    PAGE = EditorPage(EuchreEditor())
    at = PAGE.open({"hand": "JD AS"})       # the page run on the link ?pos=…
    ok(at)
    assert PAGE.position(at)["hand"] == "JD AS"
    assert shown(at, "error") == []
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from ui.editor import PositionEditor
from ui.share import encode_position

TIMEOUT = 120
"""The seconds one run of an editor page may take in AppTest."""
LEGAL_HEADING = "Every legal play"


@dataclass(frozen=True)
class EditorPage:
    """A game's position editor as its page runs it (``pages/<key>_editor.py``)."""

    editor: PositionEditor[Any]

    @property
    def path(self) -> Path:
        """The page script."""
        return ROOT / "pages" / f"{self.editor.key}_editor.py"

    def open(self, pos: dict[str, Any] | None = None) -> AppTest:
        """The page after its first run; with ``pos``, opened on the link that shares that position."""
        at = AppTest.from_file(str(self.path), default_timeout=TIMEOUT)
        if pos is not None:
            at.query_params["pos"] = encode_position(pos)
        return at.run()

    def position(self, at: AppTest) -> dict[str, Any]:
        """The posed position the editor keeps in the session (its JSON)."""
        return dict(at.session_state[self.editor.k("position")])


def ok(at: AppTest) -> None:
    """The run raised no exception (else the exceptions' texts)."""
    assert not at.exception, [e.value for e in at.exception]


def shown(at: AppTest, kind: str = "success") -> list[str]:
    """The texts of the page's messages of ``kind`` (``success``, ``error``, ``warning``, ``info``), without the
    backslashes that escape markdown."""
    return [e.value.replace("\\", "") for e in getattr(at, kind)]


def heading(at: AppTest) -> str:
    """The heading of the list of legal plays, with its count: ``Every legal play (7)``."""
    return next(s.value for s in at.subheader if s.value.startswith(LEGAL_HEADING))
