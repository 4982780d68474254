# pbmkit: `make demo` and `make test` work on a fresh machine with only Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
EXAMPLES := $(wildcard examples/*.txt)

.PHONY: demo test bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[bench]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	bash scripts/demo.sh $(BIN)/pbmkit

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q

bench: $(VENV)/.installed-bench
	$(BIN)/python bench/run.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check pbmkit tests bench

clean:
	rm -rf $(VENV) out build *.egg-info
