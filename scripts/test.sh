#!/usr/bin/env bash
# `npm test`: every test layer there is, in order, stopping at the first that fails.
#   1. lint and type check
#   2. unit tests (engine, shared rules, client and server modules)
#   3. server integration tests over HTTP on embedded PGlite
#   4. the same server integration tests on PostgreSQL 15 (installed with apt when missing)
#   5. end-to-end tests of the production build in Chromium (Debian's, installed with apt when missing)
# Set SKIP_POSTGRES=1 to leave out layer 4 on a machine without PostgreSQL and without root.
set -euo pipefail
cd "$(dirname "$0")/.."

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
passed=0
failed=0

tally() { # adds a vitest JSON report to the counts
  [ -f "$1" ] || return 0
  read -r p f < <(node -e "const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests)" "$1")
  passed=$((passed + p)); failed=$((failed + f))
}

run_layer() { # name, then the command that runs vitest (its JSON report goes to $results/name.json)
  local name=$1; shift
  echo
  echo "== $name =="
  local status=0
  "$@" --reporter=default --reporter=json --outputFile="$results/$name.json" || status=$?
  tally "$results/$name.json"
  if [ "$status" != 0 ]; then
    echo "tests: $passed passed, $((failed > 0 ? failed : 1)) failed"
    exit "$status"
  fi
}

echo "== lint and types =="
npx eslint .
npx tsc --noEmit

run_layer unit npx vitest run --project unit
run_layer server-pglite npx vitest run --project server
if [ "${SKIP_POSTGRES:-}" = "1" ]; then
  echo "Skipping the PostgreSQL layer (SKIP_POSTGRES=1)."
else
  run_layer server-postgres scripts/with-postgres.sh npx vitest run --project server
fi


if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi
fi
run_layer e2e npx vitest run --project e2e

echo
echo "tests: $passed passed, $failed failed"
