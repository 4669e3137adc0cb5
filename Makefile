# Two commands: `make run` serves the app on SQLite, `make test` runs every check.
# Both set everything up first (virtualenv, packages, database, translations).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3
THREADS ?= 1
APP_SERVERS ?= 1

.PHONY: run test test-fast serve bench setup oidc-provider lint format messages check-curriculum check-practice lock clean

run: setup
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# Every test, in TEST_WORKERS processes (pytest-xdist; each has its own test database,
# live server and Chromium). TEST_WORKERS=0 runs them in this one process; PYTEST_ARGS
# adds options (CI: -m "database and not browser" on its second database). A worker that
# has run out takes half the tests queued on another (--dist worksteal): with --dist load
# each worker keeps hundreds queued, and at the end one runs on alone.
TEST_WORKERS ?= 3
DIST ?= worksteal
# pytest keeps its rewritten test modules as bytecode (2 s of every process's collection);
# a machine with PYTHONDONTWRITEBYTECODE=1 would compile them again in each one.
test test-fast: export PYTHONDONTWRITEBYTECODE =
test: setup oidc-provider
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest -n $(TEST_WORKERS) --dist $(DIST) $(PYTEST_ARGS)

# The inner loop (under a minute): every test but the tiers browser, server and slow
# (tests/conftest.py marks them). FAST_WORKERS=0 for one process.
FAST_WORKERS ?= 2
test-fast: setup
	$(BIN)/pytest -q -n $(FAST_WORKERS) -m "not browser and not server and not slow"

# The way a school runs it: nginx on HOST:PORT in front of gunicorn (on 127.0.0.1:PORT+1;
# WORKERS processes, sync workers; THREADS > 1: gthread), whitenoise serving compressed, hashed
# static files (deploy/serve.py; needs Debian's nginx).
# Needs SECRET_KEY and ALLOWED_HOSTS in the environment (see README).
serve: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput
	$(PY) deploy/serve.py --host $(HOST) --port $(PORT) --workers $(WORKERS) --threads $(THREADS) --app-servers $(APP_SERVERS)

# The measurements of the README (each prints its figures; a run over a target goes on to
# the next). Bounded: each script has a time limit; about 15 minutes in all on 2 cores.
# With DATABASE_URL=postgres://… each also runs on a scratch PostgreSQL database.
BENCH_LIMIT ?= 900
bench: setup
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/move_throughput.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/move_breakdown.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/page_weight.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/dashboard_speed.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/csv_memory.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/referee_depth.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/family_pages.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/illegal_after_tries.py
	-timeout $(BENCH_LIMIT) $(PY) tests/benchmarks/rules_speed.py

# The real OpenID Connect provider the school sign-in tests start (npm's oidc-provider,
# pinned in tests/oidc/package-lock.json; needs node and npm).
OIDC_PROVIDER := tests/oidc/node_modules/.installed
oidc-provider: $(OIDC_PROVIDER)

$(OIDC_PROVIDER): tests/oidc/package.json tests/oidc/package-lock.json
	npm ci --prefix tests/oidc --no-audit --no-fund --loglevel=error
	touch $@

setup: $(INSTALLED)
	DEBUG=1 $(PY) manage.py compilecatalogues

$(INSTALLED): requirements.lock pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed: set PYTHON=python3.11 (or newer).")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	touch $@

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Rewrite the `#:` file:line references of locale/zh_Hant and locale/en (GNU gettext's
# xgettext finds them; nothing else in the catalogues changes), then compile.
messages: setup
	DEBUG=1 $(PY) manage.py messages
	DEBUG=1 $(PY) manage.py compilecatalogues

check-curriculum: setup
	DEBUG=1 $(PY) manage.py check_curriculum

check-practice: setup
	DEBUG=1 $(PY) manage.py check_practice --per-rule 200

# Refresh the pins after changing the ranges in pyproject.toml.
lock:
	rm -rf /tmp/tutor-lock-venv
	$(PYTHON) -m venv /tmp/tutor-lock-venv
	/tmp/tutor-lock-venv/bin/pip install --quiet --disable-pip-version-check '.[test]'
	( sed -n '1,2p' requirements.lock; /tmp/tutor-lock-venv/bin/pip freeze --exclude chess-rules-tutor ) > requirements.lock.new
	mv requirements.lock.new requirements.lock

clean:
	rm -rf $(VENV) staticfiles tests/oidc/node_modules
