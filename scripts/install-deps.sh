#!/usr/bin/env bash
# Installs the Debian packages hexchess builds, tests and benchmarks with, when they are missing.
# Usage: scripts/install-deps.sh [build|test|bench|wasm|nnue|all]   (default: all)
set -euo pipefail

build_pkgs=(gcc make libcjson-dev libmicrohttpd-dev libsqlite3-dev libpq-dev nettle-dev libsodium-dev libzstd-dev)
test_pkgs=(libcmocka-dev clang curl jq sqlite3 postgresql chromium nodejs pkg-config)
bench_pkgs=(stockfish wrk)
# The WebAssembly build (make wasm): Emscripten, and Node to run its products.
wasm_pkgs=(emscripten nodejs)
# Training evaluation networks (tools/nnue_train.py): PyTorch, not needed to build or test.
nnue_pkgs=(python3-torch python3-numpy)

case "${1:-all}" in
  build) want=("${build_pkgs[@]}") ;;
  test) want=("${build_pkgs[@]}" "${test_pkgs[@]}" "${wasm_pkgs[@]}") ;;
  bench) want=("${build_pkgs[@]}" "${bench_pkgs[@]}") ;;
  wasm) want=("${wasm_pkgs[@]}") ;;
  nnue) want=("${nnue_pkgs[@]}") ;;
  all) want=("${build_pkgs[@]}" "${test_pkgs[@]}" "${bench_pkgs[@]}" "${wasm_pkgs[@]}") ;;
  *) echo "install-deps.sh: unknown set '$1' (build, test, bench, wasm, nnue or all)" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The browser tests install playwright-core with npm: Debian's npm package, unless node came with one.
case "${1:-all}" in test | all) command -v npm >/dev/null || missing+=(npm) ;; esac
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
