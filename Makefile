# pbmkit: `make demo` and `make test` work on a fresh machine with only Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
# The editable install is a path line (pyproject.toml's package-dir): no import hook, no banner.
PIP := $(BIN)/python -m pip
EXAMPLES := $(wildcard examples/*.txt)

.PHONY: demo test quick system-deps bench fuzz lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(PIP) install -q -e '.[test]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(PIP) install -q -e '.[bench]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	bash scripts/demo.sh $(BIN)/pbmkit

# First the Debian packages the tests need (scripts/system-packages.txt: a browser, an IMAP
# server, poppler, a CJK font), installed by scripts/system_deps.sh when missing. Then the whole
# suite on the source tree (pure Python), then the compiled build (mypyc) made in a copy under
# build/compiled and its game, notation and check tests run there (scripts/test_compiled.py;
# without a C compiler it says so in one line and stops there). The compiled stage runs even when
# the pure one failed; `make test` fails if either did, and says which.
SYSTEM_DEPS ?= bash scripts/system_deps.sh
PURE_TESTS ?= $(BIN)/python -m pytest -q
COMPILED_TESTS ?= $(BIN)/python scripts/test_compiled.py

test: system-deps $(VENV)/.installed-test
	@pure=0; compiled=0; \
	$(PURE_TESTS) || pure=$$?; \
	$(COMPILED_TESTS) || compiled=$$?; \
	if [ $$pure = 0 ] && [ $$compiled = 0 ]; then echo "make test: both stages passed"; exit 0; fi; \
	[ $$pure = 0 ] || echo "make test: the pure stage FAILED (exit $$pure)" >&2; \
	[ $$compiled = 0 ] || echo "make test: the compiled stage FAILED (exit $$compiled)" >&2; \
	exit 1

# The quick subset, for editing: the pure suite without the tests marked slow, browser, imap or
# fuzz (tests/conftest.py gives the markers by rule; docs/architecture.md, "Running the tests"),
# on every core (pytest-xdist), stopping at the first failure; no Debian packages needed.
# QUICK_ARGS="-x tests/mail" narrows it. `make test` runs every test, these four kinds included.
QUICK_MARKERS := not slow and not browser and not imap and not fuzz
QUICK_ARGS ?= -x

quick: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q -n auto -m "$(QUICK_MARKERS)" $(QUICK_ARGS)

system-deps:
	$(SYSTEM_DEPS)

bench: $(VENV)/.installed-bench
	$(BIN)/python bench/run.py

# 100,000 generated hostile messages through the path of `mail read --dry-run` (docs/mail.md,
# "Fuzzing"); FUZZ_ARGS="--count 5000 --seed 2" for a part. Then 20,000 mutated records of every
# game, plain and dated, whole and past 64 KiB, checked by the lean path and the full replay and
# compared, with a bound on the time a character (docs/performance.md); FUZZ_LEAN_ARGS for a part.
# Findings go to bench/fuzz-findings/. Both run even when the first found something.
FUZZ_ARGS ?=
FUZZ_LEAN_ARGS ?=
fuzz: $(VENV)/.installed
	@mail=0; lean=0; \
	$(BIN)/python bench/fuzz_mail.py $(FUZZ_ARGS) || mail=$$?; \
	$(BIN)/python bench/fuzz_lean.py $(FUZZ_LEAN_ARGS) || lean=$$?; \
	[ $$mail = 0 ] || echo "make fuzz: bench/fuzz_mail.py found something (exit $$mail)" >&2; \
	[ $$lean = 0 ] || echo "make fuzz: bench/fuzz_lean.py found something (exit $$lean)" >&2; \
	[ $$mail = 0 ] && [ $$lean = 0 ]

lint: $(VENV)/.installed-test
	$(BIN)/ruff check pbmkit tests bench

clean:
	rm -rf $(VENV) out build *.egg-info
