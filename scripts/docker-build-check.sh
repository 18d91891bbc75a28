#!/usr/bin/env bash
# Replays docker/Dockerfile without a Docker daemon, from the committed files only, in a clean temporary directory:
# 1. the build stage's COPY and RUN steps in order (apt-get aside: this machine has python3/make/g++), as
#    `docker build` would: fails when `npm ci` rejects the lock file or the build breaks;
# 2. the runtime stage's file layout below a stand-in root folder (ENV, WORKDIR, COPY, RUN, USER; absolute paths
#    of the image, such as /data, are taken below that folder), with this machine's `node` as the image's;
# 3. the image's entry point, as an unprivileged user (`nobody` for the image's user when run as root) with the
#    image's environment: the first start's printed credentials upload a file through the REST API, the server
#    restarts, and the media item and its file are read back. Nothing may be written outside the data volume.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "docker-build-check FAILED: $*" >&2
  for log in "$work"/server-*.log; do [ -f "$log" ] && { echo "--- $log" >&2; tail -n 30 "$log" >&2; }; done
  exit 1
}
# a clean checkout: the committed tree of HEAD, nothing from the working directory
mkdir -p "$work/src-tree"
git -C "$repo" archive HEAD | tar -x -C "$work/src-tree"
context="$work/src-tree"
app="$work/app"
mkdir -p "$app"
# the Dockerfile with continuation lines joined, then the lines of stage $1 (1: build, 2: runtime)
stage() { sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$context/docker/Dockerfile" | awk -v n="$1" '/^FROM /{s++} s==n'; }

echo "== build stage"
while IFS= read -r line; do
  case "$line" in
  COPY\ --from*) ;;
  COPY*)
    read -r -a words <<<"${line#COPY }"
    dest=${words[${#words[@]} - 1]}
    for src in "${words[@]:0:${#words[@]}-1}"; do
      if [ "${dest%/}" = "." ]; then cp -r "$context/$src" "$app/"; else cp -r "$context/$src" "$app/$dest"; fi
    done
    ;;
  RUN\ apt-get*) echo "(skipped: ${line:0:60}...)" ;;
  RUN*)
    echo "+ ${line#RUN }"
    (cd "$app" && bash -euo pipefail -c "${line#RUN }")
    ;;
  esac
done < <(stage 1)
test -f "$app/dist/src/main.js" || fail "the build stage made no dist/src/main.js"
echo "docker build stage passed in a clean directory"

echo "== runtime stage layout"
root="$work/image"
mkdir -p "$root"
chmod 755 "$work" "$root"
if [ "$(id -u)" = 0 ]; then
  run_uid=$(id -u nobody) run_gid=$(id -g nobody)
  as_user=(setpriv --reuid="$run_uid" --regid="$run_gid" --clear-groups)
else
  run_uid=$(id -u) run_gid=$(id -g)
  as_user=()
fi
# an absolute path of the image, below the stand-in root
in_image() { case "$1" in /*) echo "$root$1" ;; *) echo "$workdir/$1" ;; esac; }
workdir=$root
image_env=()
image_user=root
entrypoint=
while IFS= read -r line; do
  case "$line" in
  ENV\ *)
    read -r -a pairs <<<"${line#ENV }"
    for pair in "${pairs[@]}"; do
      value=${pair#*=}
      case "$value" in /*) value="$root$value" ;; sqlite:/*) value="sqlite:$root${value#sqlite:}" ;; esac
      image_env+=("${pair%%=*}=$value")
    done
    ;;
  WORKDIR\ *) workdir=$(in_image "${line#WORKDIR }") && mkdir -p "$workdir" ;;
  COPY\ *)
    read -r -a words <<<"${line#COPY }"
    from= mode= owner=
    while [[ "${words[0]}" == --* ]]; do
      case "${words[0]}" in
      --from=*) from=${words[0]#--from=} ;;
      --chmod=*) mode=${words[0]#--chmod=} ;;
      --chown=*) owner="$run_uid:$run_gid" ;; # the image's user is ours
      esac
      words=("${words[@]:1}")
    done
    dest=$(in_image "${words[${#words[@]} - 1]}")
    for src in "${words[@]:0:${#words[@]}-1}"; do
      if [ "$from" = build ]; then source="$app${src#/app}"; else source="$context/$src"; fi
      target=$dest
      if [ -d "$source" ]; then
        mkdir -p "$target" && cp -a "$source/." "$target/"
      else
        if [ -d "$target" ] || [[ "$target" == */ ]]; then target="${target%/}/$(basename "$source")"; fi
        mkdir -p "$(dirname "$target")" && cp -a "$source" "$target"
      fi
      if [ -n "$mode" ]; then chmod -R "$mode" "$target"; fi
      if [ -n "$owner" ]; then chown -R "$owner" "$target"; fi
    done
    ;;
  RUN\ *)
    command=${line#RUN }
    command=$(sed -E -e "s#(^| )/#\\1$root/#g" -e "s#node:node#$run_uid:$run_gid#g" <<<"$command")
    echo "+ $command"
    (cd "$workdir" && bash -euo pipefail -c "$command")
    ;;
  USER\ *) image_user=${line#USER } ;;
  ENTRYPOINT\ *) entrypoint=$(node -p 'JSON.parse(process.argv[1]).join(" ")' "${line#ENTRYPOINT }") ;;
  esac
done < <(stage 2)
[ "$image_user" != root ] || fail "the image runs as root (no USER in the runtime stage)"
[ -n "$entrypoint" ] || fail "the runtime stage has no ENTRYPOINT"
# the base image's node, at its place in the image
mkdir -p "$root/usr/local/bin"
cp "$(command -v node)" "$root/usr/local/bin/node"
[ "$(id -u)" = 0 ] || chmod -R a-w "$workdir" # not root: the app's files read-only all the same
echo "image user: $image_user (here uid $run_uid), environment: ${image_env[*]}"

echo "== the image's entry point as that user: upload, restart, read back"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"
api="$base/wp-json"
touch "$work/before-start"
sleep 1 # a second between the marker and the first write: file times of a coarse clock still compare
start_server() { # log name
  if curl -fsS -o /dev/null "$base/health" 2>/dev/null; then fail "port $port is answering before the server ($1) starts"; fi
  # exec all the way down: $! is the server's own process (the entrypoint ends with exec node)
  (exec "${as_user[@]}" env -i PATH="$root/usr/local/bin:/usr/bin:/bin" HOME=/nonexistent "${image_env[@]}" \
    HOST=127.0.0.1 PORT="$port" BASE_URL="$base" LOG_FORMAT=json \
    sh -c 'cd "$1" && shift && exec "$@"' sh "$workdir" $entrypoint) >"$work/server-$1.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "$base/health" 2>/dev/null; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || fail "the server ($1) exited during start-up"
    sleep 1
  done
  fail "the server ($1) did not answer /health within 120 s"
}
stop_server() {
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=
  if curl -fsS -o /dev/null "$base/health" 2>/dev/null; then fail "the server still answers after it was stopped"; fi
}

start_server first
credentials=$(sed -n "s/^  curl -u '\([^']*\)' .*/\1/p" "$work/server-first.log")
[ -n "$credentials" ] || fail "the first start printed no credentials block"
node -e 'require("fs").writeFileSync(process.argv[1], Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"))' \
  "$work/upload.png"
created=$(curl -sS -u "$credentials" -H 'Content-Type: image/png' \
  -H 'Content-Disposition: attachment; filename="layout-check.png"' --data-binary @"$work/upload.png" \
  -w '\n%{http_code}' "$api/core/v2/media")
[ "$(tail -n 1 <<<"$created")" = 201 ] || fail "POST /core/v2/media answered: $created"
media_id=$(head -n 1 <<<"$created" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).id)')
echo "uploaded media #$media_id"
stop_server

start_server second
grep -q 'First start' "$work/server-second.log" && fail "the second start printed credentials again"
item=$(curl -fsS -u "$credentials" "$api/core/v2/media/$media_id") || fail "GET /core/v2/media/$media_id failed"
source_url=$(node -e 'console.log(JSON.parse(process.argv[1]).source_url)' "$item")
curl -fsS -o "$work/download.png" "$source_url" || fail "GET $source_url failed"
cmp -s "$work/upload.png" "$work/download.png" || fail "$source_url is not the uploaded file"
stop_server
echo "read back after a restart: $source_url"

data_dir=$(printf '%s\n' "${image_env[@]}" | sed -n 's/^DATA_DIR=//p')
[ -n "$data_dir" ] || fail "the image sets no DATA_DIR"
find "$data_dir" -name 'layout-check*.png' | grep -q . || fail "the upload is not below DATA_DIR ($data_dir)"
outside=$(find "$root" -newer "$work/before-start" ! -path "$data_dir" ! -path "$data_dir/*" -print)
[ -z "$outside" ] || fail "written outside the data volume: $outside"
pgrep -u "$run_uid" -f "$root" >/dev/null && fail "a server process is left running"
echo "docker runtime check passed: entry point as uid $run_uid, upload kept in the volume across a restart"
