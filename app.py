"""Card Table Classroom — routing only; the pages are in pages/, the rules in engine/."""

from ui.nav import run_app

run_app()
