# Two commands do all the set-up on a fresh machine: `make play` and `make test`.
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play run test lint bench bench-web bench-guandan bench-tractor bench-tarot arena

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,ray]'
	$(BIN)/pip install -q --no-deps douzero==1.1.0
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cardavia play doudizhu

# The web app on http://127.0.0.1:8000 (SQLite file cardavia.sqlite3 in this folder).
run: $(STAMP)
	$(BIN)/cardavia serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

# The browser tests (tests/browser) drive Debian's Chromium through Playwright: installed
# here when missing (CI runs as root); without it they fail. Two workers (pytest-xdist),
# one test file each at a time: the suite keeps both cores busy while servers and browsers
# wait, which halves its run; every test owns its ports, files and databases.
PYTEST_WORKERS ?= 2
test: lint
	command -v chromium >/dev/null || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium)
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile

bench: $(STAMP)
	$(BIN)/python bench/doudizhu_speed.py

bench-web: $(STAMP)
	$(BIN)/python bench/web_speed.py

bench-guandan: $(STAMP)
	$(BIN)/python bench/guandan_speed.py

# Tractor deals/s and follow generation; OpenSpiel Hearts/Spades beside it when installed.
bench-tractor: $(STAMP)
	$(BIN)/python bench/tractor_speed.py

# French Tarot deals/s, sample_state and legal_actions; OpenSpiel Tarok beside it when installed.
bench-tarot: $(STAMP)
	$(BIN)/python bench/tarot_speed.py
