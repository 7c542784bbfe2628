#!/usr/bin/env bash
# The architecture as a test: every #include of the sources goes down the layers, never up or
# sideways (docs/architecture.md draws them). Prints "FAIL: FILE:LINE: ..." per wrong include, then
# "N files, N includes, N failed"; exit status 1 when any failed.
#
#   src/core/util < rules < notation < tables < engine    the core: standard C and POSIX only
#   src/server, src/wasm, src/lib                          front ends: the core, nothing of each other
#                                                          (the library: its public header include/)
#   src/codec                                              the tables' codec (zstd), set into the core
#   src/cli                                                the program: the core, the server it starts,
#                                                          the codec it sets, the public header
set -u
cd "$(dirname "$0")/.."

declare -A rank=([util]=0 [rules]=1 [notation]=2 [tables]=3 [engine]=4)
# What the core may take from the system: C17's headers and the few POSIX ones it uses (files, maps,
# directories). A library's header here would break the promise that the core embeds anywhere.
system_ok=" assert.h ctype.h errno.h limits.h math.h stdarg.h stdatomic.h stdbool.h stddef.h stdint.h stdio.h "
system_ok+=" stdlib.h string.h threads.h time.h dirent.h fcntl.h strings.h sys/mman.h sys/stat.h unistd.h "

files=0 includes=0 failed=0
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

# Sets to where an include resolves: core/GROUP, a front end's folder, or include (the public header).
target_of() { # file included-name
  local -a parts=()
  local part resolved
  IFS=/ read -ra path <<<"${1%/*}/$2"
  for part in "${path[@]}"; do
    if [[ $part == .. ]]; then unset 'parts[-1]'; else parts+=("$part"); fi
  done
  printf -v resolved '%s/' "${parts[@]}"
  resolved=${resolved%/}
  resolved=${resolved#src/}
  case $resolved in
    include/*) to=include ;;
    core/*/*) to=${resolved%/*} ;;
    *) to=${resolved%%/*} ;;
  esac
}

while IFS= read -r file; do
  files=$((files + 1))
  from=${file#src/}
  case $from in core/*/*) from=${from%/*} ;; *) from=${from%%/*} ;; esac
  lineno=0
  while IFS= read -r line; do
    lineno=$((lineno + 1))
    [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\">]+) ]] || continue
    includes=$((includes + 1))
    kind=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
    where="$file:$lineno"
    if [[ $kind == "<" ]]; then
      [[ $from == core/* && $system_ok != *" $name "* ]] &&
        fail "$where: the core includes <$name>, which is neither C17 nor the POSIX it allows"
      continue
    fi
    target_of "$file" "$name"
    [[ -e $(dirname "$file")/$name ]] || { fail "$where: \"$name\" does not exist"; continue; }
    case $from in
      core/*)
        [[ $to == core/* ]] || { fail "$where: the core includes $to's \"$name\""; continue; }
        (( ${rank[${to#core/}]} <= ${rank[${from#core/}]} )) ||
          fail "$where: ${from#core/} is below ${to#core/}, and includes its \"$name\"" ;;
      cli) [[ $to == core/* || $to == cli || $to == server || $to == codec || $to == include ]] ||
          fail "$where: the program includes $to's \"$name\"" ;;
      lib) [[ $to == core/* || $to == lib || $to == include ]] ||
          fail "$where: the library includes $to's \"$name\"" ;;
      *) [[ $to == core/* || $to == "$from" ]] ||
          fail "$where: the front end $from includes $to's \"$name\"" ;;
    esac
  done <"$file"
done < <(git ls-files 'src/*.c' 'src/*.h')

echo "$files files, $includes includes, $failed failed"
[[ $failed == 0 ]]
