"""The app's languages: English (the source), Bengali and Assamese.

Floor 0: no project import. Which language a request is in, the catalogs' lookups and numbers in a language's
digits live here too (see :func:`use_language`).
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "bn", "as")
"""Every language of the app, the source first (ISO 639-1 codes, as in ``?lang=bn`` and ``lessons/<game>/bn/``)."""
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "bn": "বাংলা", "as": "অসমীয়া"}
"""Each language by its own name, as a learner looks for it in a menu."""
