"""A throwaway PostgreSQL server for the store tests, built from Debian's ``postgresql`` package.

``make postgres`` runs ``python3 -m tests.helpers.postgres start --url-file out/postgres.url``: it stops and
removes what an earlier run left in this checkout's cluster folder, initialises a new cluster there, starts it
listening on a Unix socket only (no TCP port, so it never collides with another server), creates the database
``card_table_test`` and writes its SQLAlchemy URL to the file. ``make test`` hands that URL to pytest in
``CARD_TABLE_TEST_PG_URL`` and runs ``stop`` afterwards. The cluster trusts local connections and runs with
``fsync`` off: it holds nothing but test data and is deleted on the next run.

Only the standard library is used, so the Makefile can run this with the system ``python3`` before the
virtual environment exists. When run as root, the server runs as the ``postgres`` OS user (PostgreSQL refuses
to run as root); otherwise as the current user.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DATABASE = "card_table_test"
SUPERUSER = "postgres"
# The socket file is <folder>/.s.PGSQL.<port>; with no TCP listener the number only names that file.
PORT = 5432
SETTINGS = {
    "listen_addresses": "''",
    "port": str(PORT),
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "60",
    "shared_buffers": "32MB",
    "log_min_messages": "warning",
}
URL_ENV = "CARD_TABLE_TEST_PG_URL"


class PostgresUnavailable(RuntimeError):
    """PostgreSQL's programs are not installed, or the server would not start; the message says which."""


@dataclass(frozen=True)
class Cluster:
    """A running throwaway cluster: its folder (data, socket, log) and the URL of its test database."""

    folder: Path
    url: str

    def database_url(self, name: str) -> str:
        """The URL of another database on the same server."""
        return url_for(self.folder, name)


def default_folder() -> Path:
    """This checkout's cluster folder: in the temporary folder (short enough for a socket path), named after
    the user and the checkout, so that the next run of the same checkout finds and stops it."""
    key = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    return Path(tempfile.gettempdir()) / f"card-table-pg-{os.getuid()}-{key}"


def url_for(folder: Path, database: str = DATABASE) -> str:
    """The SQLAlchemy URL (psycopg 3 driver) of ``database`` on the cluster in ``folder``."""
    return f"postgresql+psycopg://{SUPERUSER}@/{database}?host={folder}&port={PORT}"


def bin_dir() -> Path | None:
    """The folder holding initdb and pg_ctl: Debian keeps them in /usr/lib/postgresql/<version>/bin, off PATH."""
    def version(p: Path) -> tuple[int, ...]:
        return tuple(int(x) for x in re.findall(r"\d+", p.parent.parent.name)) or (0,)

    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=version, reverse=True)
    if found:
        return found[0].parent
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


def _as_server_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", SUPERUSER, "--", *cmd] if os.getuid() == 0 else cmd


def _run(cmd: list[str], what: str) -> None:
    done = subprocess.run(_as_server_user(cmd), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PostgresUnavailable(f"{what} failed ({done.returncode}): {(done.stdout + done.stderr).strip()}")


def _programs() -> Path:
    found = bin_dir()
    if found is None:
        raise PostgresUnavailable(
            "PostgreSQL is not installed: run `make postgres` (it installs Debian's postgresql package) "
            "or `apt-get install -y postgresql`")
    return found


def stop(folder: Path | None = None) -> bool:
    """Stop the cluster in ``folder`` (default: this checkout's) if one runs there, and delete the folder.
    Returns whether there was anything to remove."""
    folder = folder or default_folder()
    if not folder.exists():
        return False
    found = bin_dir()
    if found is not None and (folder / "data" / "postmaster.pid").exists():
        subprocess.run(_as_server_user([str(found / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate",
                                        "-w", "-t", "20", "stop"]), capture_output=True, check=False)
    shutil.rmtree(folder, ignore_errors=True)
    return True


def start(folder: Path | None = None) -> Cluster:
    """Start a fresh cluster in ``folder`` (default: this checkout's), first stopping and deleting whatever an
    earlier run left there, and create the test database. Raises PostgresUnavailable with the reason."""
    programs = _programs()
    folder = folder or default_folder()
    stop(folder)
    folder.mkdir(mode=0o700, parents=True)
    if os.getuid() == 0:
        shutil.chown(folder, SUPERUSER, SUPERUSER)
    data = folder / "data"
    _run([str(programs / "initdb"), "-D", str(data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
          "--no-locale", "--no-sync", "--no-instructions"], "initdb")
    settings = dict(SETTINGS, unix_socket_directories=f"'{folder}'")
    with open(data / "postgresql.conf", "a", encoding="utf-8") as conf:
        conf.write("\n# throwaway test cluster (tests/helpers/postgres.py)\n")
        conf.writelines(f"{k} = {v}\n" for k, v in settings.items())
    log = folder / "server.log"
    try:
        _run([str(programs / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60", "start"], "pg_ctl start")
        _run([str(programs / "createdb"), "-h", str(folder), "-p", str(PORT), "-U", SUPERUSER, DATABASE],
             "createdb")
    except PostgresUnavailable as e:
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        stop(folder)
        raise PostgresUnavailable(f"{e}\n{tail}") from None
    return Cluster(folder, url_for(folder))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.helpers.postgres", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument("--folder", type=Path, default=None, help="cluster folder (default: this checkout's)")
    parser.add_argument("--url-file", type=Path, default=None, help="write the test database's URL here")
    args = parser.parse_args(argv)
    try:
        if args.action == "stop":
            if stop(args.folder) and args.url_file is not None:
                args.url_file.unlink(missing_ok=True)
            return 0
        cluster = start(args.folder)
    except PostgresUnavailable as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.url_file is not None:
        args.url_file.parent.mkdir(parents=True, exist_ok=True)
        args.url_file.write_text(cluster.url + "\n", encoding="utf-8")
    print(f"PostgreSQL test server running: {cluster.url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
