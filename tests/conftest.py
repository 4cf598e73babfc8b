"""Shared test set-up: the project root on sys.path, the 'browser' marker, hypothesis profiles."""

import os
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Pages that keep progress write it here, not into the clone's data/ folder.
os.environ.setdefault("CARD_TABLE_DATA_DIR", tempfile.mkdtemp(prefix="card-table-test-data-"))

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives a real Chromium (Playwright)")
    config.addinivalue_line("markers", "app: tests the Streamlit side (ui/, pages/; marked automatically)")


def pytest_collection_modifyitems(config, items):
    """Mark every test of a module that uses Streamlit or the ui package as ``app``, so ``make engine`` (``-m "not
    app and not browser"``) runs the engine's tests alone."""
    import pytest

    for item in items:
        module = getattr(item, "module", None)
        names = vars(module) if module is not None else {}
        if any(getattr(v, "__module__", "") and str(getattr(v, "__module__", "")).startswith(("streamlit", "ui."))
               or getattr(v, "__name__", "").startswith(("streamlit", "ui.")) for v in names.values()):
            item.add_marker(pytest.mark.app)
