#!/usr/bin/env bash
# Runs every command the documents show (README.md and docs/*.md, their ```sh blocks) and checks
# every relative link and image path in them, so that nothing a reader is told to type or follow
# is broken. How a block is marked (sh, sh status=N, sh timeout=S, sh skip: REASON):
# docs/architecture.md, "Documents that are tested".
# Usage: tests/doc-examples.sh BUILD_DIR      (make check runs it)
# Prints "FAIL: ..." per broken command or link, then "N passed, N failed, N skipped"; exit
# status 1 on a failure.
set -u
if [ $# -ne 1 ]; then
  echo "usage: tests/doc-examples.sh BUILD_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || { echo "doc-examples.sh: no build directory $1" >&2; exit 2; }
[ -x "$build/hexchess" ] || { echo "doc-examples.sh: no $build/hexchess" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
docs=("$root/README.md" "$root"/docs/*.md)
passed=0 failed=0 skipped=0
fail() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}

# A document's headings as the anchors a Markdown renderer gives them: lower case, punctuation
# dropped, spaces as hyphens.
anchors() {
  awk '/^```/ { fence = !fence; next } !fence && /^#+ / { sub(/^#+ +/, ""); print }' "$1" |
    LC_ALL=C.UTF-8 sed -e 's/[A-Z]/\L&/g' -e 's/[^[:alnum:] _-]//g' -e 's/ /-/g'
}

echo "== documents: links"
# Links [text](target) and images ![alt](target) or <img src="target">; web addresses and pure
# anchors are not files. A target is relative to its document's folder.
for doc in "${docs[@]}"; do
  dir=$(dirname "$doc") name=${doc#"$root"/}
  while IFS= read -r target; do
    case $target in http://* | https://* | mailto:* | '#'*) continue ;; esac
    path=${target%%#*} anchor=
    [ "$path" != "$target" ] && anchor=${target#*#}
    if [ ! -e "$dir/$path" ]; then
      fail "$name: the link '$target' leads to no file"
    elif [ -n "$anchor" ] && [[ $path == *.md ]] && ! anchors "$dir/$path" | grep -qxF -- "$anchor"; then
      fail "$name: the link '$target' names no heading of $path"
    else
      passed=$((passed + 1))
    fi
  done < <(awk '/^```/ { fence = !fence; next } !fence' "$doc" |
    grep -oE '\]\([^) ]+\)|<img [^>]*src="[^"]+"' | sed -E 's/^\]\((.*)\)$/\1/; s/^<img .*src="([^"]+)"$/\1/')
done

echo "== documents: commands"
# The commands run in a scratch folder that links to the repository's folders, build/ being the
# build under test; the reader's own files are stood in for, and `hexchess` and `old.hexchess`
# (any earlier build) are the build's program.
for f in "$root"/*; do
  [ "$(basename "$f")" = build ] || ln -s "$f" "$work/$(basename "$f")"
done
ln -s "$build" "$work/build"
cp "$root/tests/data/cescacs/games/game01.ctl-pgn" "$work/game.ctl-pgn"
cp "$root/tests/data/glinski/games/hungarian-tournaments-1980-87.pgn" "$work/tournament.pgn"
cp "$root/tests/data/glinski/games/hungarian-tournaments-1980-87.pgn" "$work/hungarian.pgn"
mkdir "$work/bin"
ln -s "$build/hexchess" "$work/bin/hexchess"
ln -s "$build/hexchess" "$work/bin/old.hexchess"

# Each command of each sh block as "DOC:LINE US MARK US COMMAND" (US: the unit separator, \037), a
# line ending in "\" joined to the next as the shell would; MARK is the block's info string after
# "sh".
extract() {
  awk -v name="$2" -v us=$'\037' '
    /^```/ && !on { if ($0 ~ /^```sh( |$)/) { on = 1; mark = substr($0, 6); sub(/^ +/, "", mark) }; next }
    /^```/ && on { on = 0; next }
    on && cont { cmd = substr(cmd, 1, length(cmd) - 1) $0; cont = /\\$/; if (!cont) print start us mark us cmd; next }
    on && NF && !/^ *#/ { start = name ":" NR; cmd = $0; cont = /\\$/; if (!cont) print start us mark us cmd }
  ' "$1"
}
for doc in "${docs[@]}"; do
  extract "$doc" "${doc#"$root"/}"
done | awk -F $'\037' '!seen[$2 FS $3]++' >"$work/commands"   # a command shown twice runs once
count=$(grep -c . "$work/commands")

while IFS=$'\037' read -r where mark cmd; do
  case $mark in
    skip:?*) skipped=$((skipped + 1)); continue ;;
    skip*) fail "$where: a skipped block must say why (sh skip: REASON)"; continue ;;
  esac
  want=0 seconds=60 long=false
  case $mark in
    '') ;;
    status=[0-9]*) want=${mark#status=} ;;
    timeout=[0-9]*) seconds=${mark#timeout=} long=true ;;
    *) fail "$where: unknown mark 'sh $mark'"; continue ;;
  esac
  (cd "$work" && PATH="$work/bin:$PATH" timeout "$seconds" bash -c "$cmd" </dev/null >"$work/out" 2>"$work/err")
  rc=$?
  if [ "$rc" -eq "$want" ] || { $long && [ "$rc" -eq 124 ]; }; then
    passed=$((passed + 1))
  else
    fail "$where: '$cmd': status $rc, expected $want: $(head -c 300 "$work/err")"
  fi
done <"$work/commands"
if [ "$count" -lt 20 ]; then
  fail "only $count commands found in the documents"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
