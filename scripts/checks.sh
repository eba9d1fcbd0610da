#!/bin/sh
# What `npm test` checks before the tests, three at once (on a 2-core machine ESLint alone would
# leave a core idle for minutes): ESLint (its type-aware rules build their own TypeScript programs),
# the type-check of the rules package, the server and the e2e tests, and the web's type-check then
# its build (the browser tests serve it). Each one's output is its own; the first failure fails.
# Before the tests, not beside them: a fresh-clone .ci/run with ESLint and the type-checks running
# beside the tests spent 1,103 s in vitest against 922 s for vitest alone an hour earlier on the same
# VM, more than the checks save: the tests wait on latency, and the extra CPU lengthens every wait.
npm run lint & lint=$!
npm run typecheck:node & node_checks=$!
npm run typecheck:web && npm run build -w web
web=$?
wait $lint
lint=$?
wait $node_checks
node_checks=$?
[ $lint -eq 0 ] && [ $node_checks -eq 0 ] && [ $web -eq 0 ]
