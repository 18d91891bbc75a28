#!/usr/bin/env bash
# Runs the build stage of docker/Dockerfile (its COPY and RUN steps, in order) in a clean temporary directory,
# from the committed files only, as `docker build` would: no Docker daemon needed. The apt-get step is skipped
# (this machine has python3/make/g++ already). Fails when `npm ci` rejects the lock file or the build breaks.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a clean checkout: the committed tree of HEAD, nothing from the working directory
mkdir -p "$work/src-tree"
git -C "$repo" archive HEAD | tar -x -C "$work/src-tree"
context="$work/src-tree"
app="$work/app"
mkdir -p "$app"
in_build=0
# join continuation lines, then walk the build stage (the first FROM ... up to the next FROM)
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$context/docker/Dockerfile" | while IFS= read -r line; do
  case "$line" in
  FROM*) if [ $in_build = 1 ]; then break; fi; in_build=1 ;;
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
done
test -f "$app/dist/src/main.js"
echo "docker build stage passed in a clean directory"
