# outlast — `make run` starts the online server, `make play` plays Fuji in the terminal, `make test` runs the
# everyday suite (`make test-all` the whole suite).
# Each target sets itself up: it creates .venv and installs the package (and the extras it needs) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
SERVERSTAMP := $(VENV)/.installed-server

.PHONY: run play test test-slow test-all lint bench clean system

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(DEVSTAMP) $(SERVERSTAMP)

$(SERVERSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(STAMP) $(SERVERSTAMP)

run: $(SERVERSTAMP)
	$(BIN)/outlast serve $(ARGS)

play: $(STAMP)
	$(BIN)/outlast play fuji $(ARGS)

# The tests start their own PostgreSQL from the Debian server binaries (tests/server/postgres.py) and drive
# Debian's Chromium (tests/server/test_browser.py; never `playwright install`), and benchmarks/instructions.py's test
# runs Debian's Valgrind, and tests/test_compiled.py builds the compiled core with a C compiler: install them when
# missing (as root, or through sudo).
system:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing PostgreSQL's server binaries for the tests (apt-get install postgresql)"; \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; \
	fi
	@if [ ! -x /usr/bin/chromium ]; then \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing Chromium for the browser tests (apt-get install chromium)"; \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi
	@if ! command -v cc >/dev/null 2>&1; then \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing a C compiler for the compiled-core test (apt-get install gcc python3-dev)"; \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y gcc python3-dev; \
	fi
	@if ! command -v valgrind >/dev/null 2>&1; then \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing Valgrind for the instruction-count benchmark's test (apt-get install valgrind)"; \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind; \
	fi

# `make test` is the everyday suite: the checks and every test but the slow tier (tests/slow.txt: whole games in
# Chromium, SIGKILL loops, property sweeps, OpenSpiel's random_sim_test). `make test-slow` runs the slow tier alone,
# `make test-all` everything in one run. CI (.ci/run) runs `make test`, then `make test-slow`.
PYTEST := $(BIN)/python -m pytest -n 2 --dist worksteal --durations=15

test: $(DEVSTAMP) system
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src/
	$(BIN)/outlast lint
	$(PYTEST) -m "not slow"

test-slow: $(DEVSTAMP) system
	$(PYTEST) -m slow

test-all: $(DEVSTAMP) system
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src/
	$(BIN)/outlast lint
	$(PYTEST)

bench: $(STAMP)
	$(BIN)/python benchmarks/fuji_speed.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
