"""Card Table Classroom — routing only; the pages are in pages/, the rules in engine/."""

import streamlit as st

import ui.warm  # noqa: F401 - imports the pages' modules once and keeps them out of the collector's walks
from ui.nav import run_app

# A classroom app: the toolbar keeps its menu (print, settings) but not the developer's "Deploy" and rerun entries.
st.set_option("client.toolbarMode", "minimal")
run_app()
