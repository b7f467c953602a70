# pharmai developer commands. `make start` installs and starts the assistant; `make test` is what CI runs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: install start lint typecheck test bench clean

$(BIN)/pharmai: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(BIN)/pharmai

install: $(BIN)/pharmai

start: install
	$(BIN)/pharmai start

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: install
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest -n 2 --dist loadgroup

bench: install
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
