#!/usr/bin/env python3
"""ipcscope conformance recorder: runs a workload (shared language, see
tests/conformance/README.md) on the kernel of this machine and prints the
reference output.

    record.py [--block-timeout S] [--net] [--parse-only] [FILE|-]

The workload is parsed first (exit 2 on a parse error, nothing printed), then
the recorder re-executes itself under `unshare -i` (plus `-n` for workloads
with `ip` lines or /net paths), checks that the namespaces are fresh (exit 3
otherwise) and runs the statements one by one.  A workload with `@NAME`
prefixes (part 2, workload-language-ops.md) runs its calls in child
processes that take turns (processes.py); any other in the recorder itself.
Exit status: 0 ran to the end, 2 parse or runtime error (stderr says which
line), 3 internal failure.  Python 3 standard library only; needs root and
util-linux unshare, and /proc/PID/syscall for multi-process workloads.
"""

import argparse
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True     # no __pycache__ next to the committed sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from canonical import check_call, fmt_field_value, prepare_call, quote_bytes, to_short, to_ushort  # noqa: E402
from language import (Symbol, WorkloadError, evaluate, evaluate_value, interpolate, needs_netns,  # noqa: E402
                      parse_workload, runtime_error, uses_processes)
from processes import ProcessFailed, end, interrupt, reap, settle, spawn, wait_answer  # noqa: E402
import processes  # noqa: E402
from syscalls import CallRefused, Ipc, Rtnetlink, format_result, install_alarm, to_int, to_size  # noqa: E402
from uapi import GETPID, MAX_SEMBUF_COUNT, SLEEPING_CALLS  # noqa: E402


# ---------------------------------------------------------------- execution

class Runner:
    """Runs the statements.  A single-process workload makes its calls in the
    recorder itself (a call that would sleep is interrupted by SIGALRM after
    the block timeout); a multi-process one in child processes (processes.py)."""

    def __init__(self, out, block_timeout, multi):
        self.out = out
        self.env = {}
        self.multi = multi
        self.ipc = None if multi else Ipc(block_timeout)
        self.netlink = None if multi else Rtnetlink()
        self.procs = {}          # name -> live Process, in creation order
        self.attaches = []       # Symbol of every successful shmat: ADDR(k) is [k - 1]
        if multi:
            self.spawn("main")
        else:
            self.procs["main"] = processes.Process("main", os.getpid(), None, None)

    def write(self, text):
        self.out.write(text.encode() + b"\n")

    def emit(self, text, ret):
        self.write(f"{text} = {format_result(ret)}")

    def emit_lines(self, text, ret, lines):
        self.emit(text, ret)
        for line in lines or ():
            self.out.write(line + b"\n")

    def run(self, statements, proc="main"):
        for stmt in statements:
            getattr(self, "do_" + stmt[0])(*stmt[1:], proc=proc)

    # -- processes

    def spawn(self, name):
        def flush():
            self.out.flush()
            sys.stderr.flush()
        self.procs[name] = spawn(name, list(self.procs.values()), flush)
        return self.procs[name]

    def process(self, name, line, kill=False):
        p = self.procs.get(name) or self.spawn(name)
        if p.pending and not kill:
            raise runtime_error(line, f"process {name} is blocked in {p.pending[0]}")
        return p

    def request(self, p, request):
        """A request that does not sleep, made in process p."""
        if not self.multi:
            return processes.serve(self.ipc, self.netlink, request)
        processes.send(p.requests, request)
        answer = wait_answer(p)
        self.settle()
        return answer

    def settle(self):
        """Prints, in creation order, the calls the last statement woke."""
        pending = [p for p in self.procs.values() if p.pending]
        if not pending:
            return
        done = settle(pending)
        for p in pending:
            if p in done:
                self.resume(p, *done[p])

    def resume(self, p, ret, extra):
        name, var, values, line = p.pending
        p.pending = None
        self.write(f"{p.prefix}<... {name} resumed> = {self.complete(p, var, name, values, ret, extra)}")

    def finish(self):
        """End of the workload: SIGALRM to every call still asleep, in creation
        order; then every process exits silently."""
        if not self.multi:
            return
        for p in list(self.procs.values()):
            if p.pending:
                self.resume(p, *interrupt(p))
                self.settle()
        for name in list(self.procs):
            reap(self.procs.pop(name), kill=False)

    def shutdown(self):
        if self.multi:
            for name in list(self.procs):
                reap(self.procs.pop(name), kill=True)

    def pid_text(self, pid):
        if pid == 0:
            return "0"
        for p in self.procs.values():
            if p.pid == pid:
                return f"pid({p.name})"
        return "pid(?)"

    # -- statements

    def do_at(self, line, name, stmt, proc):
        self.run([stmt], proc=name)

    def do_exit(self, line, proc):
        self.end(line, proc, kill=False)

    def do_kill(self, line, proc):
        self.end(line, proc, kill=True)

    def end(self, line, name, kill):
        p = self.process(name, line, kill=kill)
        del self.procs[name]
        self.write(f"{p.prefix}{end(p, kill)}")
        self.settle()

    def do_creds(self, line, uid_expr, gid_expr, proc):
        p = self.process(proc, line)
        if p.creds is not None:
            raise runtime_error(line, f"creds is allowed once per process ({proc} has {p.creds[0]} {p.creds[1]})")
        uid = evaluate(uid_expr, self.env, line, self.attaches) & 0xFFFFFFFF
        gid = evaluate(gid_expr, self.env, line, self.attaches) & 0xFFFFFFFF
        ret, _ = self.request(p, ("creds", uid, gid, os.getpid()))
        if ret == 0:
            p.creds = (uid, gid)
        self.emit(f"{p.prefix}creds {uid} {gid}", ret)

    def arguments(self, name, trees, line):
        """Evaluated arguments: ints, bytes (a payload), lists (SETALL), the
        sembufs as one list of (num, op, flg), fields as (name, value or None)."""
        values = []
        for tree in trees:
            if tree is None:
                values.append(None)
            elif isinstance(tree, list):
                values.append(self.rest_arguments(tree, line))
            elif tree[0] == "str":
                values.append(tree[1])
            elif tree[0] == "list":
                values.append([evaluate(e, self.env, line, self.attaches) for e in tree[1]])
            else:
                value = evaluate_value(tree, self.env, line, self.attaches)
                if isinstance(value, Symbol) and (name != "shmdt" or value.owner is None):
                    raise runtime_error(line, f"{value.text} is symbolic: it can only be stored and passed to shmdt")
                values.append(value)
        return values

    def rest_arguments(self, trees, line):
        out = []
        for tree in trees:
            if tree[0] == "field":
                out.append((tree[1], None if tree[2] is None else evaluate(tree[2], self.env, line, self.attaches)))
                continue
            _, num, op, flg, count = tree
            sop = (to_ushort(evaluate(num, self.env, line, self.attaches)),
                   to_short(evaluate(op, self.env, line, self.attaches)),
                   0 if flg is None else to_short(evaluate(flg, self.env, line, self.attaches)))
            n = 1 if count is None else evaluate(count, self.env, line, self.attaches)
            if not 0 <= n <= MAX_SEMBUF_COUNT:
                raise runtime_error(line, f"sembuf count {n} out of 0..{MAX_SEMBUF_COUNT}")
            out += [sop] * n
        return out

    def do_call(self, line, var, name, trees, proc):
        p = self.process(proc, line)
        values = self.arguments(name, trees, line)
        check_call(name, values, p, line)
        text, args = prepare_call(name, values, stat_set=any(t == ("ipc_set",) for t in trees if isinstance(t, tuple)))
        if name == "shmdt" and isinstance(values[0], Symbol):
            args = (self.shmdt_address(p, values[0]),)
        try:
            if not self.multi:
                ret, extra = self.ipc.call(name, args)
                self.emit_result(p, text, var, name, values, ret, extra)
                return
            processes.send(p.requests, ("call", name, args))
            answer = wait_answer(p, name if name in SLEEPING_CALLS else None)
        except CallRefused as exc:
            raise runtime_error(line, str(exc)) from None
        if answer is None:
            self.write(f"{p.prefix}{text} <unfinished ...>")
            p.pending = (name, var, values, line)
        else:
            self.emit_result(p, text, var, name, values, *answer)
        self.settle()

    @staticmethod
    def shmdt_address(p, symbol):
        """The address shmdt(ADDR(k)) passes: the real one while attachment k
        is live in p; else one where nothing of p is attached (unaligned when
        another attachment of p starts there), so the kernel says EINVAL."""
        live = p.attached.get(symbol.real)
        return symbol.real if live is symbol or live is None else symbol.real | 1

    def emit_result(self, p, text, var, name, values, ret, extra):
        self.write(f"{p.prefix}{text} = {self.complete(p, var, name, values, ret, extra)}")

    def complete(self, p, var, name, values, ret, extra):
        """The bookkeeping of a finished call: sets its variable, returns the result text."""
        value = ret if ret >= 0 else -1
        if ret < 0:
            text = format_result(ret)
        elif name == "shmat":
            value = Symbol(f"ADDR({len(self.attaches) + 1})", ret, p.name)
            self.attaches.append(value)
            p.attached[ret] = value
            text = value.text
        elif name == "shmdt":
            a = values[0]
            p.attached.pop(a.real if isinstance(a, Symbol) else to_size(a), None)
            text = str(ret)
        elif name == "semctl" and to_int(values[2]) == GETPID:
            text = self.pid_text(ret)
            if ret:
                value = Symbol(text, ret, None)
        elif extra is not None and extra[0] == "values":
            text = f"{ret} {{{', '.join(map(str, extra[1]))}}}"
        elif extra is not None and extra[0] == "fields":
            shown = ", ".join(f"{f}={fmt_field_value(how, v, self.pid_text)}" for f, how, v in extra[1])
            text = f"{ret} {{{shown}}}"
        elif extra is not None and extra[0] == "data" and extra[2]:
            text = f'{ret} "{quote_bytes(extra[1])}"{"..." if ret > 32 else ""}'
        else:
            text = str(ret)
        if var is not None:
            self.env[var] = value
        return text

    def do_echo(self, line, words, path, proc):
        p = self.process(proc, line)
        value = " ".join(interpolate(w, self.env, line) for w in words)
        ret, _ = self.request(p, ("echo", path, (value + "\n").encode()))
        self.emit(f"{p.prefix}echo {value} > {path}", ret)

    def do_cat(self, line, word, proc):
        p = self.process(proc, line)
        path = interpolate(word, self.env, line)
        ret, data = self.request(p, ("cat", path))
        lines = None
        if data is not None:
            lines = data[:-1].split(b"\n") if data.endswith(b"\n") else data.split(b"\n")
            lines = lines if data else []
            ret = len(lines)
        self.emit_lines(f"{p.prefix}cat {path}", ret, lines)

    def do_ls(self, line, word, proc):
        p = self.process(proc, line)
        path = interpolate(word, self.env, line)
        ret, names = self.request(p, ("ls", path))
        self.emit_lines(f"{p.prefix}ls -U {path}", len(names) if names is not None else ret, names)

    def do_ip_add(self, line, name_word, kind_word, proc):
        p = self.process(proc, line)
        kind = interpolate(kind_word, self.env, line)
        name = None if name_word is None else interpolate(name_word, self.env, line)
        ret, _ = self.request(p, ("ip_add", None if name is None else name.encode(), kind.encode()))
        self.emit(f"{p.prefix}ip link add {'' if name is None else name + ' '}type {kind}", ret)

    def do_ip_del(self, line, name_word, proc):
        p = self.process(proc, line)
        name = interpolate(name_word, self.env, line)
        ret, _ = self.request(p, ("ip_del", name.encode()))
        self.emit(f"{p.prefix}ip link del {name}", ret)

    def do_repeat(self, line, count, body, proc):
        for _ in range(evaluate(count, self.env, line, self.attaches)):
            self.run(body, proc)

    def do_for(self, line, var, first, end_, body, proc):
        a = evaluate(first, self.env, line, self.attaches)
        b = evaluate(end_, self.env, line, self.attaches)
        for value in range(a, b):
            self.env[var] = value
            self.run(body, proc)


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
    statements = parse_workload(text)
    runner = Runner(out, args.block_timeout, multi=uses_processes(statements))
    try:
        runner.run(statements)
        runner.finish()
    except WorkloadError as exc:
        out.flush()
        print(f"record: {exc}", file=sys.stderr)
        return 2
    except ProcessFailed as exc:
        out.flush()
        print(f"record: internal error: {exc}", file=sys.stderr)
        return 3
    except Exception as exc:  # noqa: BLE001 - any other failure is the recorder's own
        out.flush()
        print(f"record: internal error: {exc!r}", file=sys.stderr)
        return 3
    finally:
        out.flush()
        runner.shutdown()
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
