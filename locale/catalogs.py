"""The translation catalogs in parts (locale/parts.toml): extract the strings the code marks, file each one in its
part's catalog of every language, and compile the parts.

    python locale/catalogs.py update    # after marking strings: every locale/<lang>/LC_MESSAGES/<part>.po is
                                        # brought in line with the code (new strings untranslated, gone ones
                                        # dropped, a translation kept when its string moves to another part)
    python locale/catalogs.py compile   # every .po → .mo (make does this before anything runs)

The same assignment is what tests/test_i18n.py checks, so a part never holds a string of another part.
"""

from __future__ import annotations

import datetime
import fnmatch
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = ("bn", "as")
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Nn_": (1, 2)}
Key = tuple[str | None, str]  # (context, msgid): a plural's msgid is its singular
Marked = dict[Key, tuple[str | tuple[str, str], list[str]]]  # key → (id, the files that mark it)
STAMP = datetime.datetime(2026, 12, 7, tzinfo=datetime.UTC)  # fixed: an update changes only what changed
HEADER = "# The {lang} strings of one part of the app (locale/parts.toml); msgid: English. Translate here; `make\n" \
         "# messages` files new strings of the code in their parts."


def parts() -> list[tuple[str, tuple[str, ...]]]:
    """The parts, in the order a file is matched against them: (name, file patterns)."""
    data = tomllib.loads((LOCALE / "parts.toml").read_text(encoding="utf-8"))
    return [(p["name"], tuple(p["files"])) for p in data["part"]]


def part_of(path: str, table: Iterable[tuple[str, tuple[str, ...]]] | None = None) -> str:
    """The part whose patterns first match ``path`` (relative to the repository, with "/")."""
    for name, patterns in table if table is not None else parts():
        if any(fnmatch.fnmatch(path, p) for p in patterns):
            return name
    raise ValueError(f"no part of locale/parts.toml takes {path!r}")


def marked() -> Marked:
    """Every string the code marks for translation, with the files that mark it."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: Marked = {}
    for filename, _line, message, _comments, context in extract_from_dir(str(ROOT), method_map, options_map,
                                                                        keywords=KEYWORDS):
        key: Key = (context, message[0] if isinstance(message, tuple) else message)
        entry = found.setdefault(key, (message, []))
        if isinstance(entry[0], tuple) != isinstance(message, tuple):
            raise ValueError(f"{filename}: {key[1]!r} is marked both as a plain string and with a plural; give one "
                             "of them a context (pgettext)")
        entry[1].append(filename.replace("\\", "/"))
    return found


def assignment(found: Marked | None = None) -> dict[str, dict[Key, str | tuple[str, str]]]:
    """Part name → the strings it holds: each string in the first part (in parts.toml's order) that one of the
    files marking it belongs to."""
    table = parts()
    order = {name: i for i, (name, _) in enumerate(table)}
    result: dict[str, dict[Key, str | tuple[str, str]]] = {name: {} for name, _ in table}
    for key, (message, files) in (found if found is not None else marked()).items():
        name = min((part_of(f, table) for f in files), key=order.__getitem__)
        result[name][key] = message
    return result


def catalog_path(lang: str, part: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{part}.po"


def read(path: Path, lang: str) -> Catalog:
    with open(path, "rb") as source:
        return read_po(source, locale=lang)


def _translations(lang: str) -> dict[str, dict[Key, object]]:
    """Every translation a language's parts hold now, by part."""
    known: dict[str, dict[Key, object]] = {}
    for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        held = known.setdefault(path.stem, {})
        for m in read(path, lang):
            if m.id and m.string and (not isinstance(m.string, tuple) or all(m.string)):
                held[(m.context, m.id[0] if isinstance(m.id, tuple) else m.id)] = m.string
    return known


def _kept(known: dict[str, dict[Key, object]], part: str, key: Key) -> object:
    """The translation of ``key`` its own part holds, else the one another part holds (a string that moved)."""
    if key in known.get(part, {}):
        return known[part][key]
    return next((held[key] for held in known.values() if key in held), None)


def update() -> None:
    """Bring every part of every language in line with the code."""
    assigned = assignment()
    for lang in LANGUAGES:
        known = _translations(lang)
        folder = LOCALE / lang / "LC_MESSAGES"
        for path in folder.glob("*.po"):
            if path.stem not in assigned or not assigned[path.stem]:
                path.unlink()
                path.with_suffix(".mo").unlink(missing_ok=True)
        for name, messages in assigned.items():
            if not messages:
                continue
            catalog = Catalog(locale=lang, project="Card Table Classroom", version="1", fuzzy=False,
                              msgid_bugs_address="the project issues", last_translator="Card Table Classroom",
                              creation_date=STAMP, revision_date=STAMP,
                              header_comment=HEADER.format(lang={"bn": "Bengali", "as": "Assamese"}[lang]))
            for key in sorted(messages, key=lambda k: (k[1], k[0] or "")):
                plural = not isinstance(messages[key], str)
                kept = _kept(known, name, key)
                if isinstance(kept, tuple) != plural:  # the string changed between plain and plural: again
                    kept = None
                catalog.add(messages[key], kept or (("", "") if plural else ""), context=key[0])
            target = catalog_path(lang, name)
            written = target.with_suffix(".po.new")
            with open(written, "wb") as out:  # written whole, then put in place: a failure leaves the old file
                write_po(out, catalog, width=120, omit_header=False, no_location=True, sort_output=True)
            written.replace(target)


def compile_all() -> None:
    """Every part's .po → .mo beside it (only where the .po is newer)."""
    for path in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        target = path.with_suffix(".mo")
        if target.exists() and target.stat().st_mtime >= path.stat().st_mtime:
            continue
        catalog = read(path, path.parent.parent.name)
        with open(target, "wb") as out:
            write_mo(out, catalog)


if __name__ == "__main__":
    commands = {"update": update, "compile": compile_all}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python locale/catalogs.py {'|'.join(commands)}")
    commands[sys.argv[1]]()
