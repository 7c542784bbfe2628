#!/bin/sh
# Writes the manual page hexchess(1) on standard output, from the program's own help texts
# (src/cli/help.c and the commands' tables): `hexchess --help`, then `hexchess COMMAND --help` for
# each command it lists, so that the page never says anything the program does not.
# Usage: scripts/manpage.sh HEXCHESS          (make builds BUILD/hexchess.1 with it)
set -eu
hex=${1:?usage: scripts/manpage.sh HEXCHESS}
version=$("$hex" --version | sed 's/^hexchess //')

# Help text as roff, to go between .nf and .fi: backslashes and hyphens escaped, a line starting
# with a dot or a quote protected.
escape() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\([.']\)/\\\\\&\1/"; }

help=$("$hex" --help)
summary=$(printf '%s\n' "$help" | sed -n '1s/^hexchess - //p')
cat <<HEAD
.TH HEXCHESS 1 "" "hexchess $version" "User Commands"
.SH NAME
hexchess \\- $(printf '%s' "$summary" | sed 's/-/\\-/g')
.SH SYNOPSIS
.B hexchess
.I COMMAND
[\\fIOPTIONS\\fR] [\\fIARGS\\fR]
.br
.B hexchess
.I COMMAND
.B \\-\\-help
.br
.B hexchess \\-\\-version
.SH DESCRIPTION
.nf
HEAD
# The main help's "Heading:" lines become subsections.
printf '%s\n' "$help" | sed '1,/^$/d' | escape |
  awk '/^[A-Z][A-Za-z ()]*:$/ { print ".fi"; print ".SS " substr($0, 1, length($0) - 1); print ".nf"; next } { print }'
echo ".fi"
echo ".SH COMMANDS"
for c in $(printf '%s\n' "$help" | awk '/^Commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }'); do
  echo ".SS hexchess $c"
  echo ".nf"
  "$hex" "$c" --help | escape
  echo ".fi"
done
cat <<'TAIL'
.SH FILES
.TP
.I ~/.local/share/hexchess/games.db
the games that \fBhexchess serve\fR saves (\fB\-\-db\fR chooses another file)
.TP
.I PREFIX/share/hexchess/web
the web app that \fBhexchess serve\fR serves (\fB\-\-web\fR chooses another folder)
.SH SEE ALSO
The documents in the source tree: README.md, and docs/ for the web board, the HTTP API, the
command line, UCI and matches, records, endgame tablebases, WebAssembly, deployment and the
library (include/hexchess.h, which \fBpkg\-config hexchess\fR finds).
TAIL
