# pharmai developer commands. `make start` installs and starts the assistant; `make test` is what CI runs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: install start lint typecheck browser test bench clean

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

# Debian's Chromium for the browser tests: installed with apt-get when missing and running as root,
# otherwise a clear error saying what to install (scripts/ensure_chromium.sh).
browser:
	@bash scripts/ensure_chromium.sh

# PostgreSQL and Redis tests run when PHARMAI_TEST_DATABASE_URL / PHARMAI_TEST_REDIS_URL are set and are
# skipped otherwise; pytest lists each skipped test with its reason (-ra) and ends with what the run covered.
test: lint typecheck browser
	$(BIN)/pytest -n 2 --dist loadgroup

bench: install
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
