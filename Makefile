# outlast — `make run` plays Fuji in the terminal, `make test` runs the whole suite.
# Both targets set themselves up: they create .venv and install the package on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(DEVSTAMP)

run: $(STAMP)
	$(BIN)/outlast play fuji $(ARGS)

test: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src/
	$(BIN)/outlast lint
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/python benchmarks/fuji_speed.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
