"""Card Table Classroom — routing only; the pages are in pages/, the rules in engine/."""

import ui.warm  # noqa: F401 - imports the pages' modules once and keeps them out of the collector's walks
from ui.nav import run_app

run_app()
