"""The server's long-lived heap, imported and set aside once per process.

Streamlit runs a full garbage collection after every script run (``runner.postScriptGC``). A full collection walks
every tracked object, and once the pages' modules are imported (Streamlit, plotly, pandas, the four engines) that is
about 200,000 objects: some 0.1 s of CPU after each click, which is most of what a Table step costs the server.
Importing the modules once and moving them to the permanent generation (:func:`gc.freeze`) takes them out of those
walks; every object made afterwards — a session's state, a figure, a cache entry — is still collected as before.

``make run`` also turns that collection after every run off (``--runner.postScriptGC=false``): with a class
polling every second, collecting what the sessions hold still took 40 % of the server's time. This module keeps
the imported heap out of Python's own full collections, which still run.

Importing this module does the work (Python runs a module's body once per process).
"""

from __future__ import annotations

import gc
import importlib
import pkgutil

import ui

# The modules whose import leaves the most objects behind; the ui package's own modules are found below.
_HEAVY = ("pandas", "plotly.graph_objects", "engine.shengji", "engine.thirteen", "engine.euchre", "engine.doudizhu")


def _import_all() -> None:
    for name in _HEAVY:
        importlib.import_module(name)
    for module in pkgutil.iter_modules(ui.__path__):
        if module.name != "warm":
            importlib.import_module(f"ui.{module.name}")


def freeze() -> int:
    """Import the app's modules, collect what is garbage, and freeze the rest; the number of objects frozen."""
    _import_all()
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


FROZEN = freeze()
"""How many objects the server set aside at start (for the benchmarks' reports)."""
