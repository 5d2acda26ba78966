#!/bin/sh
# Records the strace fixtures of tests/strace/logs: real programs (util-linux
# ipcmk/ipcs/ipcrm, stress-ng's msg, sem-sysv and shm-sysv stressors) run under
# `strace -f -tt`, each in a fresh IPC namespace (unshare -i), so ids start at 0
# and nothing of the host's IPC objects is seen or touched.
#
# Needs root (unshare), strace, stress-ng and util-linux (Debian: apt-get install
# strace stress-ng). Usage: scripts/record-strace.sh [OUTDIR]   (default tests/strace/logs)
# The logs differ from run to run (pids, times, the stressors' interleaving); the
# tests compare the model with each log's own results, so any recording will do.
set -eu
out=$(cd "$(dirname "$0")/.." && pwd)/tests/strace/logs
[ $# -ge 1 ] && out=$1
mkdir -p "$out"
for tool in strace stress-ng ipcmk unshare; do
  command -v $tool >/dev/null || { echo "record-strace: $tool is not installed (apt-get install strace stress-ng util-linux)" >&2; exit 3; }
done
[ "$(id -u)" = 0 ] || { echo "record-strace: needs root (unshare -i)" >&2; exit 3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# -s 4096: whole sembuf arrays and message texts; -e trace=ipc: the SysV IPC calls only
STRACE="strace -f -tt -s 4096 -e trace=ipc"

# util-linux: create with keys and modes, list, remove by id and by key, and fail
cat > ipcmk.sh <<'SH'
ipcmk -Q -p 0600
ipcmk -M 65536 -p 0640
ipcmk -S 4 -p 0666
ipcs -q -i 0 >/dev/null
ipcs -m -i 0 >/dev/null
ipcs -s -i 0 >/dev/null
ipcs -l >/dev/null
ipcs -u >/dev/null
ipcrm -q 0
ipcrm -m 0
ipcrm -s 0
ipcrm -q 0 || true
ipcmk -Q >/dev/null
ipcmk -S 2 >/dev/null
ipcrm --all=msg
ipcrm --all
true
SH
unshare -i $STRACE -o "$out/util-linux.log" sh ipcmk.sh >/dev/null 2>&1
# the same sequence in -ff files (one per pid: util-linux-ff.PID), to be merged by time
rm -f "$out"/util-linux-ff.*
unshare -i $STRACE -ff -o "$out/util-linux-ff" sh ipcmk.sh >/dev/null 2>&1

unshare -i $STRACE -o "$out/stress-ng-msg.log" stress-ng --msg 1 --msg-ops 2000 --timeout 60 >/dev/null 2>&1
unshare -i $STRACE -o "$out/stress-ng-sem-sysv.log" stress-ng --sem-sysv 1 --sem-sysv-ops 2000 --timeout 60 >/dev/null 2>&1
unshare -i $STRACE -o "$out/stress-ng-shm-sysv.log" stress-ng --shm-sysv 1 --shm-sysv-ops 50 --timeout 60 >/dev/null 2>&1
ls -l "$out"
