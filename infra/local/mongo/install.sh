#!/usr/bin/env bash
# Builds FerretDB 1.24 (a MongoDB-wire server) from the Go module proxy into
# infra/local/.cache/bin, once, and installs the PostgreSQL it stores documents in. Prints the
# binary's path.
# `go install …@version` is refused by the proxy's deprecation lookup for this module, so the
# module is downloaded and its cmd/ferretdb built from a copy of it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version="v1.24.0"
bin_dir="${FERRETDB_BIN_DIR:-$here/../.cache/bin}"
binary="$bin_dir/ferretdb-$version"
bash "$here/postgres.sh" install >&2
if [ -x "$binary" ]; then echo "$binary"; exit 0; fi
command -v go >/dev/null || { echo "install.sh: Go is required to build FerretDB" >&2; exit 1; }
mkdir -p "$bin_dir"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && go mod init ferretdb-build >/dev/null 2>&1 && go mod download github.com/FerretDB/FerretDB@"$version")
module_dir="$(cd "$work" && go mod download -json github.com/FerretDB/FerretDB@"$version" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).Dir))")"
# The module zip leaves build/version/version.txt empty (a release build generates it); FerretDB
# refuses to start without it, so the source is copied and the file written before building.
cp -r "$module_dir" "$work/src" && chmod -R u+w "$work/src"
echo "$version" >"$work/src/build/version/version.txt"
(cd "$work/src" && go build -trimpath -o "$binary.tmp.$$" ./cmd/ferretdb)
mv "$binary.tmp.$$" "$binary"   # atomic: a concurrent install sees the whole binary or none
echo "$binary"
