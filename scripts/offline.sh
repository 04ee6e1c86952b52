#!/usr/bin/env bash
# Runs a command as on a machine with no network but loopback: in a new network namespace
# (`unshare -n`) that holds only `lo`, so there is no DNS and no route, and anything that waits on
# the outside world fails or hangs here instead of in a user's CI.
#
#   scripts/offline.sh npx vitest run tools/test-wallets/src/mobile/startMobileWallet.test.ts
#   scripts/offline.sh npm test            # or: npm test -- --offline
#
# Needs root (or CAP_SYS_ADMIN) and iproute2's `ip`. Where the runner cannot make a network
# namespace (an unprivileged container, no `unshare`) it runs nothing and exits 0 with a message;
# FOYER_OFFLINE_REQUIRED=1 makes that an error instead.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/offline.sh <command> [arguments...]" >&2
  exit 2
fi

skip() {
  if [ "${FOYER_OFFLINE_REQUIRED:-}" = 1 ]; then
    echo "offline.sh: $1; FOYER_OFFLINE_REQUIRED=1, so this is an error." >&2
    exit 1
  fi
  echo "offline.sh: skipped, $1 (run as root to test with no network but loopback)." >&2
  exit 0
}

command -v unshare >/dev/null || skip "unshare (util-linux) is not installed"
command -v ip >/dev/null || skip "ip (iproute2) is not installed"
unshare -n true 2>/dev/null || skip "this runner cannot create a network namespace (unshare -n)"

# FOYER_OFFLINE tells scripts/test.ts (and anyone curious) that it already runs offline.
export FOYER_OFFLINE=1
exec unshare -n -- sh -c 'ip link set lo up && exec "$@"' offline.sh "$@"
