#!/usr/bin/env bash
# Installs, with apt, exactly the Debian 12 packages invox needs that are missing. Idempotent.
set -euo pipefail

packages=(
  # build
  build-essential cmake pkg-config ccache git
  # libraries
  libcli11-dev nlohmann-json3-dev libfmt-dev libsndfile1-dev libsoxr-dev libcurl4-openssl-dev
  libsqlite3-dev libutf8proc-dev libhowardhinnant-date-dev libpq-dev tzdata ca-certificates
  libpocketsphinx-dev libsphinxbase-dev pocketsphinx pocketsphinx-en-us libtomlplusplus-dev flite1-dev wamerican wbritish
  # tests, benchmarks, fuzzing
  catch2 libcpp-httplib-dev libbenchmark-dev clang libclang-rt-14-dev
  flite espeak-ng sox libsox-fmt-mp3 lame postgresql python3 tmux
)
if [[ "${1:-}" == "--runtime-only" ]]; then
  packages=(build-essential cmake pkg-config git libcli11-dev nlohmann-json3-dev libfmt-dev libsndfile1-dev
    libsoxr-dev libcurl4-openssl-dev libsqlite3-dev libutf8proc-dev libhowardhinnant-date-dev libpq-dev tzdata
    ca-certificates libpocketsphinx-dev libsphinxbase-dev pocketsphinx pocketsphinx-en-us libtomlplusplus-dev flite1-dev
    wamerican wbritish)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
