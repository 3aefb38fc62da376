#!/usr/bin/env bash
# Later Neovim releases for the end-to-end tests, beside Debian 12's 0.7.2 (apt's `neovim`):
# Debian's own builds from newer suites (trixie: 0.10, the `start` path of
# editors/neovim/lua/toolwire.lua; unstable: 0.11 or later, the `vim.lsp.config` path), taken from
# Debian's archive only. They are built against a newer glibc than Debian 12's, so each is
# unpacked with its whole dependency closure (libc included) into e2e/.neovim/<suite>/ and run
# through that closure's own dynamic loader by a wrapper, bin/nvim. Nothing is installed on the
# system, and a program Neovim starts (the language server's `node`) runs with the system's
# libraries: the loader's --library-path applies to Neovim alone, unlike LD_LIBRARY_PATH.
#
#   scripts/setup-neovims.sh [SUITE...]   # default: trixie unstable; idempotent
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/e2e/.neovim"
SUITES=("$@")
((${#SUITES[@]})) || SUITES=(trixie unstable)
ARCH_TRIPLET="$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"

fail() { echo "setup-neovims: ERROR: $*" >&2; exit 1; }

for suite in "${SUITES[@]}"; do
  home="$DEST/$suite"
  if [[ -x "$home/bin/nvim" ]] && "$home/bin/nvim" --version >/dev/null 2>&1; then
    echo "setup-neovims: $suite: $("$home/bin/nvim" --version | head -n1) (already there)"
    continue
  fi
  rm -rf "$home"
  apt_dir="$home/apt"
  mkdir -p "$apt_dir/sources" "$apt_dir/state/lists/partial" "$apt_dir/cache/archives/partial" "$home/debs" "$home/root"
  cat >"$apt_dir/sources/debian.sources" <<EOF
Types: deb
URIs: http://deb.debian.org/debian
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  # A private apt: its own sources, lists and cache, and no installed packages (an empty status
  # file), so the dependency closure is the whole of it, libc included.
  : >"$apt_dir/status"
  apt_opts=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt_dir/sources"
    -o "Dir::State=$apt_dir/state" -o "Dir::Cache=$apt_dir/cache" -o "Dir::State::status=$apt_dir/status"
    -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root")
  apt-get "${apt_opts[@]}" -qq update || fail "apt-get update for Debian $suite failed"
  mapfile -t packages < <(apt-cache "${apt_opts[@]}" depends --recurse --no-recommends --no-suggests \
    --no-conflicts --no-breaks --no-replaces --no-enhances neovim neovim-runtime \
    | grep -E '^[a-z0-9]' | grep -v ':i386$' | sort -u)
  ((${#packages[@]} > 2)) || fail "no dependency closure for neovim in Debian $suite"
  # Virtual packages have no file to download: keep those that do.
  mapfile -t real < <(apt-cache "${apt_opts[@]}" show --no-all-versions "${packages[@]}" 2>/dev/null \
    | sed -n 's/^Package: //p' | sort -u)
  (cd "$home/debs" && apt-get "${apt_opts[@]}" -qq download "${real[@]}" 2>/dev/null) \
    || fail "downloading neovim's packages from Debian $suite failed"
  for deb in "$home/debs"/*.deb; do dpkg-deb -x "$deb" "$home/root"; done
  lib="$home/root/usr/lib/$ARCH_TRIPLET"
  [[ -x "$lib/ld-linux-x86-64.so.2" || -e "$lib/ld-linux-x86-64.so.2" ]] || fail "no dynamic loader in Debian $suite's libc6"
  mkdir -p "$home/bin"
  cat >"$home/bin/nvim" <<EOF
#!/bin/sh
# Debian $suite's Neovim through its own libc (scripts/setup-neovims.sh).
root="\$(dirname "\$(dirname "\$(readlink -f "\$0")")")/root"
VIMRUNTIME="\$root/usr/share/nvim/runtime"
export VIMRUNTIME
exec "\$root/usr/lib/$ARCH_TRIPLET/ld-linux-x86-64.so.2" --library-path "\$root/usr/lib/$ARCH_TRIPLET:\$root/lib/$ARCH_TRIPLET" "\$root/usr/bin/nvim" "\$@"
EOF
  chmod +x "$home/bin/nvim"
  rm -rf "$home/debs" "$apt_dir"
  "$home/bin/nvim" --version >/dev/null 2>&1 || fail "Debian $suite's Neovim does not start: $home/bin/nvim --version"
  echo "setup-neovims: $suite: $("$home/bin/nvim" --version | head -n1)"
done
