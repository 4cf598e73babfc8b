"""Shared test set-up: the project root on sys.path, the 'browser' marker, hypothesis profiles."""

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives a real Chromium (Playwright)")
