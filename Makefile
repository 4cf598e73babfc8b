# Two commands do all the set-up on a fresh machine (Python 3.11):
#   make run    create .venv, install requirements.txt, serve the app on http://localhost:8501
#   make test   create .venv, install requirements + dev requirements (and Debian's chromium), run everything

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 8501
MYPY := $(PY) -m mypy engine --strict --ignore-missing-imports --no-error-summary
# The app side is type-checked too (not --strict: Streamlit's widget values are untyped).
MYPY_APP := $(PY) -m mypy app.py ui pages --ignore-missing-imports --no-error-summary

.PHONY: run test lint typecheck engine unit browser chromium postgres postgres-stop screenshots bench clean catalogs messages

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.run-deps: requirements.txt | $(PY)
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev-deps: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install -q -r requirements.txt -r requirements-dev.txt
	touch $@

# The gettext catalogs (engine/i18n.py), in parts (locale/parts.toml): each locale/<lang>/LC_MESSAGES/<part>.po
# compiled to <part>.mo (git-ignored) before anything runs. `make messages` files every string the code marks
# (babel.cfg) in its part of every language, for the translators (locale/catalogs.py).
PO := $(wildcard locale/*/LC_MESSAGES/*.po)
MO := $(PO:.po=.mo)

catalogs: $(MO)

locale/%.mo: locale/%.po | $(VENV)/.run-deps
	$(PY) locale/catalogs.py compile

messages: $(VENV)/.run-deps
	$(PY) locale/catalogs.py update

chromium:
	@test -x /usr/bin/chromium || ( $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium )
	@/usr/bin/chromium --version

# A throwaway PostgreSQL server for the store tests (tests/helpers/postgres.py): Debian's postgresql package
# (installed when missing), a fresh cluster on a Unix socket under /tmp, its URL in $(PG_URL_FILE). It replaces
# what an earlier run left; `make test` stops it when pytest ends.
PG_URL_FILE := out/postgres.url

postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || \
	  ( $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql )
	$(PYTHON) -m tests.helpers.postgres start --url-file $(PG_URL_FILE)

postgres-stop:
	$(PYTHON) -m tests.helpers.postgres stop --url-file $(PG_URL_FILE)

# No file watcher: it polls every source file for every open session (30 idle students cost 44 % of a core).
# runner.postScriptGC=false: Streamlit's full garbage collection after every run (every student's 1-second
# question panel included) took 40 % of the server's time in the class load test; Python's own collector still
# runs (bench/README.md, "Live class questions").
run: $(VENV)/.run-deps catalogs
	$(PY) -m streamlit run app.py --server.headless=true --server.port=$(PORT) --browser.gatherUsageStats=false \
	  --server.maxUploadSize=1 --server.fileWatcherType=none --runner.postScriptGC=false

lint: $(VENV)/.dev-deps
	$(PY) -m ruff check .

typecheck: $(VENV)/.dev-deps
	$(MYPY)
	$(MYPY_APP)

# The engine's tests alone (no Streamlit page, no browser): the fast loop while working on the rules.
engine: $(VENV)/.dev-deps catalogs
	$(PY) -m pytest -q -p no:cacheprovider -m "not app and not browser"

unit: $(VENV)/.dev-deps catalogs
	$(PY) -m pytest -q -m "not browser"

browser: $(VENV)/.dev-deps chromium catalogs
	$(PY) -m pytest -q -m browser

test: $(VENV)/.dev-deps chromium postgres catalogs
	$(PY) -m ruff check .
	$(MYPY)
	$(MYPY_APP)
	CARD_TABLE_TEST_PG_URL="$$(cat $(PG_URL_FILE))" $(PY) -m pytest -q -p no:cacheprovider --durations=15; \
	  status=$$?; $(PYTHON) -m tests.helpers.postgres stop --url-file $(PG_URL_FILE); exit $$status

screenshots: $(VENV)/.dev-deps chromium catalogs
	$(PY) -m tests.browser

bench: $(VENV)/.dev-deps
	@for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache .mypy_cache .hypothesis
