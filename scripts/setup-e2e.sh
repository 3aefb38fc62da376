#!/usr/bin/env bash
# Installs everything the end-to-end harness (e2e/) needs, offline-safe for machines that reach
# only the npm registry and Debian's apt. Idempotent: a second run does no network work and takes
# about a second. See /work/shared/docs/e2e-recipe.md for why each workaround exists.
#
#   scripts/setup-e2e.sh            # install what is missing
#   E2E_FORCE_NPM_CI=1 scripts/...  # reinstall e2e/node_modules even if the stamp matches
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E="$ROOT/e2e"
STAMP="$E2E/node_modules/.toolwire-e2e-stamp"

# Debian packages: chromium drives the workbench, neovim is the second LSP client, ripgrep feeds the
# @vscode/ripgrep cache below, libkrb5-dev + pkg-config build code-server's `kerberos` module,
# g++/make/python3 are node-gyp's toolchain, fonts-liberation gives screenshots real text glyphs,
# emacs-nox with elpa-eglot and elpa-yaml-mode is the third LSP client (docs/editors.md's snippet).
APT_PACKAGES=(chromium neovim ripgrep libkrb5-dev pkg-config g++ make python3 fonts-liberation
  emacs-nox elpa-eglot elpa-yaml-mode)

# code-server 4.100.3 depends (inside lib/vscode) on @vscode/ripgrep 1.15.11, whose postinstall
# downloads this asset from GitHub unless it is already in its cache folder. Bump both together
# with code-server.
RIPGREP_NPM_VERSION="1.15.11"
RIPGREP_ASSET_VERSION="v13.0.0-10"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
START="$(now)"
STEP_START="$START"
step_done() { # prints how long the step since the previous call took
  local t; t="$(now)"
  printf 'setup-e2e: %-28s %6ss\n' "$1" "$(elapsed "$STEP_START" "$t")"
  STEP_START="$t"
}
fail() { echo "setup-e2e: ERROR: $*" >&2; exit 1; }

# ---- 1. Debian packages --------------------------------------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  if [[ "$(id -u)" != 0 ]]; then
    fail "missing Debian packages: ${missing[*]}
  run: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
  fi
  echo "setup-e2e: installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || fail "apt-get update failed"
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]} failed"
fi
for bin in chromium nvim rg emacs; do command -v "$bin" >/dev/null || fail "$bin not on PATH after install"; done
step_done "debian packages"

# ---- 1b. later Neovims ---------------------------------------------------------------------------
# Debian 12's Neovim is 0.7; editors/neovim/lua/toolwire.lua also has a 0.8-0.10 and a 0.11+ path,
# so Debian's newer builds are unpacked under e2e/.neovim (no system change; see that script).
bash "$ROOT/scripts/setup-neovims.sh" || fail "scripts/setup-neovims.sh failed"
step_done "later neovims"

# ---- 2. ripgrep cache workaround -----------------------------------------------------------------
# @vscode/ripgrep looks in os.tmpdir()/vscode-ripgrep-cache-<version>/ before downloading, and
# Node's os.tmpdir() honours TMPDIR, so compute the folder the same way.
case "$(uname -m)" in
  x86_64) RG_TARGET="x86_64-unknown-linux-musl" ;;
  aarch64) RG_TARGET="aarch64-unknown-linux-musl" ;;
  *) fail "no ripgrep cache mapping for architecture $(uname -m)" ;;
esac
RG_CACHE="${TMPDIR:-/tmp}/vscode-ripgrep-cache-$RIPGREP_NPM_VERSION"
RG_ASSET="$RG_CACHE/ripgrep-$RIPGREP_ASSET_VERSION-$RG_TARGET.tar.gz"
if [[ ! -s "$RG_ASSET" ]]; then
  mkdir -p "$RG_CACHE"
  tmp="$(mktemp -d)"
  cp "$(command -v rg)" "$tmp/rg"
  tar -czf "$RG_ASSET.partial" -C "$tmp" rg && mv "$RG_ASSET.partial" "$RG_ASSET"
  rm -rf "$tmp"
fi
step_done "ripgrep cache"

# ---- 3. npm ci in e2e/ (skipped when the stamp matches) -----------------------------------------
# The stamp covers everything that changes what npm ci would produce: the manifest, the lockfile,
# the Node ABI and the platform.
want_stamp="$(cat "$E2E/package.json" "$E2E/package-lock.json" \
  <(node -p 'process.version + " " + process.versions.modules + " " + process.platform + "-" + process.arch') \
  | sha256sum | cut -d' ' -f1)"
have_stamp="$(cat "$STAMP" 2>/dev/null || true)"
CODE_SERVER_BIN="$E2E/node_modules/code-server/out/node/entry.js"
if [[ "${E2E_FORCE_NPM_CI:-}" == 1 || "$want_stamp" != "$have_stamp" || ! -f "$CODE_SERVER_BIN" ]]; then
  echo "setup-e2e: npm ci in e2e/ (code-server builds native modules, takes a minute or two)"
  log="$(mktemp)"
  # npm_config_yes: node-pty's postinstall runs `npx node-gyp`, which would otherwise prompt (and
  # this machine's ~/.npmrc says yes=false). npm_config_unsafe_perm: code-server's postinstall
  # refuses to run as root without it (npm 11 itself no longer reads the setting).
  if ! (cd "$E2E" && npm_config_yes=true npm_config_unsafe_perm=true \
        npm ci --no-audit --no-fund --loglevel=error >"$log" 2>&1); then
    # npm puts the cause first and may follow it with pages of usage text: show both ends.
    if (($(wc -l <"$log") > 80)); then head -n 30 "$log" >&2; echo '…' >&2; tail -n 40 "$log" >&2
    else cat "$log" >&2; fi
    fail "npm ci in e2e/ failed (full log: $log)"
  fi
  rm -f "$log"
  echo "$want_stamp" >"$STAMP"
  step_done "npm ci e2e/"
else
  step_done "npm ci e2e/ (up to date)"
fi

# ---- 4. smoke check ------------------------------------------------------------------------------
# Every code-server invocation writes a default config under XDG_CONFIG_HOME: keep it out of ~.
xdg="$(mktemp -d)"
version="$(XDG_CONFIG_HOME="$xdg" XDG_DATA_HOME="$xdg" node "$CODE_SERVER_BIN" --version 2>&1 \
  | grep -m1 'with Code')" || fail "code-server does not start: node $CODE_SERVER_BIN --version"
rm -rf "$xdg"
[[ -x "$E2E/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" ]] \
  || fail "code-server's ripgrep binary is missing (the cache workaround did not apply)"
step_done "smoke check"
printf 'setup-e2e: ready: code-server %s, %s, nvim %s (total %ss)\n' "$version" \
  "$(chromium --version 2>/dev/null | head -n1)" \
  "$(for n in nvim "$E2E"/.neovim/*/bin/nvim; do "$n" --version | head -n1 | cut -d' ' -f2; done | paste -sd/)" \
  "$(elapsed "$START" "$(now)")"
