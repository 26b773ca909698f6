#!/usr/bin/env bash
# The static checks npm test runs first: the typecheck and the lint (ESLint, then Prettier's check) side by side, each
# on a core of its own, each printed whole once it ends. Fails when either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
npm run -s typecheck > "$out/typecheck" 2>&1 &
typecheck=$!
npm run -s lint > "$out/lint" 2>&1 &
lint=$!
wait "$typecheck"; typecheck_status=$?
wait "$lint"; lint_status=$?
for check in typecheck lint; do
  if [ -s "$out/$check" ]; then echo "── npm run $check"; cat "$out/$check"; fi
done
[ "$typecheck_status" -eq 0 ] || echo "npm run typecheck failed"
[ "$lint_status" -eq 0 ] || echo "npm run lint failed"
[ "$typecheck_status" -eq 0 ] && [ "$lint_status" -eq 0 ]
