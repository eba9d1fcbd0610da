#!/bin/sh
# `npm run lint`: ESLint in two processes at once, the web app in one and everything else (server,
# e2e, packages, scripts) in the other. Each builds only its own TypeScript programs, so the split
# costs no extra CPU and halves the wall time on 2 cores, where ESLint's --concurrency would build
# every program in every worker. Each keeps its own cache; the first failure fails the lint.
cache="--cache --cache-strategy content --cache-location node_modules/.cache/eslint"
eslint $cache/web/ web & web=$!
eslint $cache/rest/ --ignore-pattern web/ .
rest=$?
wait $web
web=$?
[ $rest -eq 0 ] && [ $web -eq 0 ]
