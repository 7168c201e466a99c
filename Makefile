# Two commands for a fresh machine: `make start` and `make test`. Everything else is a helper of those.
SHELL := /bin/bash
export NPM_CONFIG_UPDATE_NOTIFIER := false

STAMP := node_modules/.install-stamp

.PHONY: start test install build typecheck unit bench test-eventstoredb clean

$(STAMP): package.json package-lock.json contracts/package.json billing-core/package.json projections/package.json read-api/package.json web/package.json
	npm ci --no-audit --no-fund
	@touch $(STAMP)

install: $(STAMP)

typecheck: install
	npm run typecheck

unit: install
	npx mocha

test: install typecheck unit

clean:
	rm -rf node_modules */node_modules */dist
