#!/usr/bin/env python3
"""ipcscope conformance recorder: runs a workload (shared language, see
tests/conformance/README.md) on the kernel of this machine and prints the
reference output.

    record.py [--block-timeout S] [--net] [--parse-only] [FILE|-]

The workload is parsed first (exit 2 on a parse error, nothing printed), then
the recorder re-executes itself under `unshare -i` (plus `-n` for workloads
with `ip` lines or /net paths), checks that the namespaces are fresh (exit 3
otherwise) and runs the statements one by one.  Exit status: 0 ran to the end,
2 parse or runtime error (stderr says which line), 3 internal failure.
Python 3 standard library only; needs root and util-linux unshare.
"""

import argparse
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True     # no __pycache__ next to the committed sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from language import CONSTANTS, WorkloadError, evaluate, interpolate, needs_netns, parse_workload  # noqa: E402
from syscalls import (Ipc, Rtnetlink, format_result, install_alarm, list_dir, read_file,  # noqa: E402
                      to_int, to_long, to_size, write_sysctl)

GET_FLAG_NAMES = ("IPC_CREAT", "IPC_EXCL", "IPC_NOWAIT")
MSG_FLAG_NAMES = ("IPC_NOWAIT", "MSG_NOERROR", "MSG_EXCEPT")

COMMON_CMDS = {0: "IPC_RMID", 1: "IPC_SET", 2: "IPC_STAT", 3: "IPC_INFO"}
CMD_NAMES = {
    "msgctl": {**COMMON_CMDS, 11: "MSG_STAT", 12: "MSG_INFO", 13: "MSG_STAT_ANY"},
    "shmctl": {**COMMON_CMDS, 13: "SHM_STAT", 14: "SHM_INFO", 15: "SHM_STAT_ANY"},
    "semctl": {**COMMON_CMDS, 18: "SEM_STAT", 19: "SEM_INFO", 20: "SEM_STAT_ANY"},
}


# ---------------------------------------------------------------- canonical text

def fmt_key(key):
    return "IPC_PRIVATE" if key == 0 else f"{key & 0xFFFFFFFF:#x}"


def fmt_get_flags(flags):
    u = flags & 0xFFFFFFFF
    parts = [name for name in GET_FLAG_NAMES if u & CONSTANTS[name]]
    other = u & ~0o7777
    if other:
        parts.append(f"{other:#x}")
    mode = u & 0o777
    parts.append(("0" + format(mode, "o") if mode else "0").rjust(3, "0"))
    return "|".join(parts)


def fmt_msg_flags(flags):
    u = flags & 0xFFFFFFFF
    parts = [name for name in MSG_FLAG_NAMES if u & CONSTANTS[name]]
    other = u & ~sum(CONSTANTS[name] for name in MSG_FLAG_NAMES)
    if other:
        parts.append(f"{other:#x}")
    return "|".join(parts) or "0"


def fmt_cmd(call, cmd):
    return CMD_NAMES[call].get(cmd, str(cmd))


def run_call(ipc, name, v, stat_set=False):
    """Converts the evaluated arguments to their C types, makes the call;
    returns (canonical text, result).  `stat_set`: a *ctl whose cmd was the
    bare name IPC_SET, made as IPC_STAT then IPC_SET with the same buffer."""
    if name in ("msgget", "shmget", "semget"):
        key, flags = to_int(v[0]), to_int(v[-1])
        if name == "msgget":
            return f"msgget({fmt_key(key)}, {fmt_get_flags(flags)})", ipc.msgget(key, flags)
        if name == "shmget":
            size = to_size(v[1])
            return f"shmget({fmt_key(key)}, {size}, {fmt_get_flags(flags)})", ipc.shmget(key, size, flags)
        nsems = to_int(v[1])
        return f"semget({fmt_key(key)}, {nsems}, {fmt_get_flags(flags)})", ipc.semget(key, nsems, flags)
    if name in ("msgsnd", "msgrcv"):
        qid, mtype, size = to_int(v[0]), to_long(v[1]), to_size(v[2])
        flags = to_int(v[3]) if len(v) > 3 else 0
        text = f"{name}({qid}, {mtype}, {size}, {fmt_msg_flags(flags)})"
        return text, getattr(ipc, name)(qid, mtype, size, flags)
    if name == "semctl":
        semid, semnum, cmd = to_int(v[0]), to_int(v[1]), to_int(v[2])
        return f"semctl({semid}, {semnum}, {fmt_cmd(name, cmd)})", ipc.semctl(semid, semnum, cmd, stat_set)
    ipc_id, cmd = to_int(v[0]), to_int(v[1])
    return f"{name}({ipc_id}, {fmt_cmd(name, cmd)})", getattr(ipc, name)(ipc_id, cmd, stat_set)


# ---------------------------------------------------------------- execution

class Runner:
    def __init__(self, out, block_timeout):
        self.out = out
        self.env = {}
        self.ipc = Ipc(block_timeout)
        self.netlink = Rtnetlink()

    def emit(self, text, ret):
        self.out.write(f"{text} = {format_result(ret)}\n".encode())

    def emit_lines(self, text, ret, lines):
        self.emit(text, ret)
        for line in lines or ():
            self.out.write(line + b"\n")

    def run(self, statements):
        for stmt in statements:
            getattr(self, "do_" + stmt[0])(*stmt[1:])

    def do_call(self, line, var, name, exprs):
        values = [evaluate(e, self.env, line) for e in exprs]
        text, ret = run_call(self.ipc, name, values, stat_set=("ipc_set",) in exprs)
        self.emit(text, ret)
        if var is not None:
            self.env[var] = ret if ret >= 0 else -1

    def do_echo(self, line, words, path):
        value = " ".join(interpolate(w, self.env, line) for w in words)
        self.emit(f"echo {value} > {path}", write_sysctl(path, (value + "\n").encode()))

    def do_cat(self, line, word):
        path = interpolate(word, self.env, line)
        ret, data = read_file(path)
        lines = None
        if data is not None:
            lines = data[:-1].split(b"\n") if data.endswith(b"\n") else data.split(b"\n")
            lines = lines if data else []
            ret = len(lines)
        self.emit_lines(f"cat {path}", ret, lines)

    def do_ls(self, line, word):
        path = interpolate(word, self.env, line)
        ret, names = list_dir(path)
        self.emit_lines(f"ls -U {path}", len(names) if names is not None else ret, names)

    def do_ip_add(self, line, name_word, kind_word):
        kind = interpolate(kind_word, self.env, line)
        if name_word is None:
            self.emit(f"ip link add type {kind}", self.netlink.link_add(None, kind.encode()))
        else:
            name = interpolate(name_word, self.env, line)
            self.emit(f"ip link add {name} type {kind}", self.netlink.link_add(name.encode(), kind.encode()))

    def do_ip_del(self, line, name_word):
        name = interpolate(name_word, self.env, line)
        self.emit(f"ip link del {name}", self.netlink.link_del(name.encode()))

    def do_repeat(self, line, count, body):
        for _ in range(evaluate(count, self.env, line)):
            self.run(body)

    def do_for(self, line, var, first, end, body):
        a = evaluate(first, self.env, line)
        b = evaluate(end, self.env, line)
        for value in range(a, b):
            self.env[var] = value
            self.run(body)


# ---------------------------------------------------------------- namespaces

def ns_inode(kind):
    return os.stat(f"/proc/self/ns/{kind}").st_ino


def fresh_problem(parent_ipc, parent_net):
    """Why the current namespaces are not fresh ones, or None."""
    if ns_inode("ipc") == parent_ipc:
        return "still in the parent IPC namespace"
    for kind in ("msg", "shm", "sem"):
        with open(f"/proc/sysvipc/{kind}", "rb") as f:
            if f.read().count(b"\n") > 1:
                return f"/proc/sysvipc/{kind} is not empty"
    if parent_net is not None:
        if ns_inode("net") == parent_net:
            return "still in the parent network namespace"
        with open("/proc/net/dev", "rb") as f:
            devices = [ln.split(b":")[0].strip() for ln in f.read().splitlines()[2:]]
        if devices != [b"lo"]:
            return "the network namespace already has devices"
    return None


def run_inner(args, text):
    if args.parent_ipc is None:
        print("record: --inner needs --parent-ipc", file=sys.stderr)
        return 3
    problem = fresh_problem(args.parent_ipc, args.parent_net)
    if problem:
        print(f"record: refusing to run: {problem}", file=sys.stderr)
        return 3
    install_alarm()
    out = sys.stdout.buffer
    runner = Runner(out, args.block_timeout)
    try:
        runner.run(parse_workload(text))
    except WorkloadError as exc:
        out.flush()
        print(f"record: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - any other failure is the recorder's own
        out.flush()
        print(f"record: internal error: {exc!r}", file=sys.stderr)
        return 3
    finally:
        out.flush()
    return 0


def run_outer(args, text, statements):
    if shutil.which("unshare") is None:
        print("record: util-linux unshare is not installed", file=sys.stderr)
        return 3
    net = args.net or needs_netns(statements)
    cmd = ["unshare", "-i"] + (["-n"] if net else []) + [
        sys.executable, os.path.abspath(__file__), "--inner",
        "--block-timeout", str(args.block_timeout), "--parent-ipc", str(ns_inode("ipc"))]
    if net:
        cmd += ["--parent-net", str(ns_inode("net"))]
    sys.stdout.flush()
    child = subprocess.run(cmd, input=text.encode())
    if child.returncode in (0, 2, 3):
        return child.returncode
    print(f"record: `{' '.join(cmd[:3 if net else 2])}` failed (status {child.returncode}); it needs root",
          file=sys.stderr)
    return 3


def main(argv):
    parser = argparse.ArgumentParser(description="Record a workload's output on the real kernel.")
    parser.add_argument("workload", nargs="?", default="-")
    parser.add_argument("--block-timeout", type=float, default=0.05)
    parser.add_argument("--net", action="store_true", help="always use a fresh network namespace")
    parser.add_argument("--parse-only", action="store_true", help="only check the workload's syntax (exit 0 or 2)")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--parent-ipc", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--parent-net", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.workload == "-":
        text = sys.stdin.buffer.read().decode()
    else:
        with open(args.workload, encoding="utf-8") as f:
            text = f.read()
    if args.inner:
        return run_inner(args, text)
    try:
        statements = parse_workload(text)
    except WorkloadError as exc:
        print(f"record: {exc}", file=sys.stderr)
        return 2
    if args.parse_only:
        return 0
    return run_outer(args, text, statements)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
