"""Streamlit building blocks shared by the pages (cards, pickers, tables, lessons, the table page).

Importing ``ui`` outside a Streamlit server (the store's worker processes, tests of pure helpers) does not
import Streamlit.
"""

import sys as _sys

if "streamlit.runtime" in _sys.modules:
    from streamlit.runtime.pages_manager import PagesManager as _PagesManager

    if _PagesManager.uses_pages_directory:
        # Streamlit treats an app with a pages/ folder as an old-style multipage app until st.navigation has run
        # once in the server process: a shared link opened first on a fresh server would run its page without
        # app.py (no sidebar, an extra menu). Declare the st.navigation style and run again through app.py.
        _PagesManager.uses_pages_directory = False
        from streamlit.runtime.scriptrunner import get_script_run_ctx as _context

        if _context() is not None:
            import streamlit as _st

            _st.rerun()
