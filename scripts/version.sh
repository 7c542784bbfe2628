#!/bin/sh
# Prints the version hexchess reports (`hexchess --version`, hexchess_version(), hexchess.pc).
# Usage: scripts/version.sh RELEASE
# In a git clone, `git describe` of the work tree: a tag v1.2.0 gives 1.2.0, commits after it
# 1.2.0-4-gabcdef0, uncommitted changes add -dirty; with no tag reachable, RELEASE and the commit
# (RELEASE-gabcdef0). Outside git (a source tarball): RELEASE alone.
release=${1:?usage: scripts/version.sh RELEASE}
cd "$(dirname "$0")/.." || exit 1
if described=$(git describe --tags --dirty --match 'v[0-9]*' 2>/dev/null); then
  echo "${described#v}"
elif commit=$(git describe --always --dirty 2>/dev/null); then
  echo "$release-g$commit"
else
  echo "$release"
fi
