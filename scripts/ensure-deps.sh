#!/usr/bin/env bash
# Installs what the app and its tests need on a fresh machine: npm packages from the
# lockfile, and for the tests (--test) Debian's Chromium, ffmpeg and HAProxy when missing. The app
# itself runs without root: it falls back to the ffmpeg shipped in npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages from the lockfile..."
  # The build tools (Vite, esbuild) are devDependencies: include them even when
  # NODE_ENV=production, which would otherwise leave them out.
  npm ci --include=dev --no-audit --no-fund
fi

NODE24_VERSION=24.22.3
node_arch() { case "$(uname -m)" in aarch64 | arm64) echo arm64 ;; *) echo x64 ;; esac; }
node24_binary() { echo ".cache/node24/node_modules/node-linux-$(node_arch)/bin/node"; }

if [ "${1:-}" = "--test" ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg)
  # The load balancer in front of the cluster test's instances.
  command -v haproxy >/dev/null || missing+=(haproxy)
  # Node.js 24, which the server's PostgreSQL suites (and the compiled cluster they start) run on,
  # from the npm registry's node-linux-<arch> package, into .cache/node24.
  if [ ! -x "$(node24_binary)" ]; then
    echo "Installing Node.js ${NODE24_VERSION} for the tests (npm package node-linux-$(node_arch))"
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix .cache/node24 "node-linux-$(node_arch)@${NODE24_VERSION}"
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages for the tests: ${missing[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi
