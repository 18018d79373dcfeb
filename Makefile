# Two commands on a fresh machine: `make run` and `make test`. Both create .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What npm ci in browser/ installs: Pyodide, for the static site and its tests.
PYODIDE := browser/node_modules/pyodide/package.json

.PHONY: run test lint fix browser bench site clean notebook

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,distributed,notebook,web,plots]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/statesearch showcase

# The lesson's notebook in JupyterLab, which draws its widgets (the notebook extra installs it).
# JUPYTER_ARGS: more options for it (the test runs it with --no-browser on a port of its own);
# as root (a container) it must be told that is meant.
notebook: $(VENV)/.installed
	$(BIN)/jupyter lab examples/lesson.ipynb $$([ "$$(id -u)" = 0 ] && echo --allow-root) $(JUPYTER_ARGS)

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/mypy

# What lint would complain about, fixed where ruff can: imports, style, formatting.
fix: $(VENV)/.installed
	$(BIN)/ruff check --fix src tests benchmarks examples
	$(BIN)/ruff format src tests benchmarks examples

# Browser tests drive Debian's Chromium through Playwright; never a downloaded browser. The CJK
# fonts let the Korean labels show in the test screenshots.
BROWSER_PACKAGES := chromium fonts-noto-cjk

browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "noto sans cjk"; then \
		echo "installing $(BROWSER_PACKAGES) from Debian for the browser tests (apt-get)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(BROWSER_PACKAGES); \
	fi

# The test files shared between two processes (pytest-xdist), each file whole in one of them
# (its servers, browsers and tables are module fixtures): CI has two cores.
test: lint browser $(PYODIDE)
	$(BIN)/pytest -n 2 --dist loadfile src tests

# The static site (site/): the playground and the lesson page, statesearch running in each
# browser (Pyodide, pinned in browser/package-lock.json, from the npm registry).
$(PYODIDE): browser/package-lock.json
	cd browser && npm ci --no-audit --no-fund --loglevel=error

site: $(VENV)/.installed $(PYODIDE)
	$(BIN)/python browser/build.py site

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/astar_vs_textbook.py

clean:
	rm -rf $(VENV) build site browser/node_modules src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
