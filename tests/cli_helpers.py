"""Running ``python -m engine`` in this process (fast): ``run_cli("legal", "euchre", '{"hand": …}')``."""

from __future__ import annotations

import io
import json
from typing import Any

from engine.__main__ import main


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``python -m engine *argv`` run in-process."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def cli_json(*argv: str) -> Any:
    """The JSON answer of a command that must succeed (AssertionError with stderr otherwise)."""
    code, out, err = run_cli(*argv)
    assert code == 0, err
    return json.loads(out)
