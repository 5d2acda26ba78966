"""The processes of a multi-process workload (`@NAME` prefixes, part 2 of
the language): real child processes that make the system calls the recorder
sends them, so that they block, wake each other, exit with their undo lists
and attachments, and carry their own credentials.

Every process, `main` included, is forked from the recorder (in its fresh
namespaces) and loops: read a request from its pipe, carry it out, write the
answer back.  The recorder evaluates every expression and prints every line;
a child only makes calls.

Blocked or still working?  A call counts as asleep when its child is in
state S (interruptible sleep) and /proc/PID/syscall, which only answers for a
task that is off the CPU, names that call.  The kernel completes every
woken sleeper's operation (semop, the pipelined msg hand-off) or sets its
error before the waking call returns, and exit_sem runs before an exiting
child can be reaped, so once the waker has answered, a woken child is not
asleep in its call again until it has answered or gone back to sleep.

Requests (pickled, length-prefixed):
    ("call", name, args)        -> Ipc.call
    ("echo", path, bytes) | ("cat", path) | ("ls", path)
    ("ip_add", name, kind) | ("ip_del", name)
    ("creds", uid, gid, recorder_pid)
    ("exit",)                   the child calls _exit(0)
Answers: ("ok", result, extra) | ("refused", message) | ("internal", traceback).
"""

import ctypes
import os
import pickle
import select
import signal
import struct
import time
import traceback

from syscalls import CallRefused, Ipc, Rtnetlink, list_dir, read_file, write_sysctl
from uapi import NR

PR_SET_PDEATHSIG = 1
WATCHDOG_S = 20.0            # a child that neither answers nor sleeps for this long is a recorder bug

_libc = ctypes.CDLL(None, use_errno=True)


class ProcessFailed(Exception):
    """A child died or hung: the recorder's own failure (exit status 3)."""


# ---------------------------------------------------------------- pipes

def send(fd, obj):
    data = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
    data = struct.pack("<I", len(data)) + data
    while data:
        data = data[os.write(fd, data):]


def _read_exact(fd, n):
    chunks = []
    while n:
        chunk = os.read(fd, n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def receive(fd):
    header = _read_exact(fd, 4)
    if header is None:
        return None
    body = _read_exact(fd, struct.unpack("<I", header)[0])
    return None if body is None else pickle.loads(body)


# ---------------------------------------------------------------- the child side

def _die_with(parent):
    """SIGKILL when the recorder goes (set again after a credential change, which clears it)."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(3)


def serve(ipc, netlink, request):
    """Carries out one request in this process: (result or -errno, extra)."""
    kind = request[0]
    if kind == "call":
        return ipc.call(request[1], request[2])
    if kind == "echo":
        return write_sysctl(request[1], request[2]), None
    if kind == "cat":
        return read_file(request[1])
    if kind == "ls":
        return list_dir(request[1])
    if kind == "ip_add":
        return netlink.link_add(request[1], request[2]), None
    if kind == "ip_del":
        return netlink.link_del(request[1]), None
    if kind == "creds":
        _, uid, gid, parent = request
        try:
            os.setgroups([])
            os.setresgid(gid, gid, gid)
            os.setresuid(uid, uid, uid)
        except OSError as exc:
            return -exc.errno, None
        _die_with(parent)
        return 0, None
    raise AssertionError(kind)


def _child_loop(requests, answers):
    ipc = Ipc(block_timeout=None)
    netlink = Rtnetlink()
    while True:
        request = receive(requests)
        if request is None or request[0] == "exit":
            return
        try:
            answer = ("ok",) + serve(ipc, netlink, request)
        except CallRefused as exc:
            answer = ("refused", str(exc))
        send(answers, answer)


# ---------------------------------------------------------------- the recorder side

class Process:
    """One `@NAME` process as the recorder sees it."""

    def __init__(self, name, pid, requests, answers):
        self.name, self.pid = name, pid
        self.requests, self.answers = requests, answers
        self.pending = None      # (call name, variable, canonical text) of the call it sleeps in
        self.attached = {}       # real address -> Symbol of a live attachment made by this process
        self.creds = None        # (uid, gid) after `creds`

    @property
    def prefix(self):
        return "" if self.name == "main" else f"[{self.name}] "

    def asleep_in(self, call):
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as f:
                stat = f.read()
            state = stat[stat.rindex(b")") + 2:stat.rindex(b")") + 3]
            if state != b"S":
                return False
            with open(f"/proc/{self.pid}/syscall", "rb") as f:
                return f.read().split()[:1] == [str(NR[call]).encode()]
        except (OSError, ValueError):
            return False

    def answer(self):
        reply = receive(self.answers)
        if reply is None:
            raise ProcessFailed(f"process {self.name} (pid {self.pid}) died")
        if reply[0] == "refused":
            raise CallRefused(reply[1])
        if reply[0] != "ok":
            raise ProcessFailed(f"process {self.name}: {reply[1]}")
        return reply[1], reply[2]

    def close(self):
        for fd in (self.requests, self.answers):
            if fd is not None:
                os.close(fd)
        self.requests = self.answers = None


def spawn(name, others, flush):
    """Forks process `name`; `others` are the live ones (their pipe ends are
    closed in the child); `flush` empties the recorder's output buffers first."""
    req_r, req_w = os.pipe()
    ans_r, ans_w = os.pipe()
    flush()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            _die_with(parent)
            os.close(req_w)
            os.close(ans_r)
            for other in others:
                other.close()
            _child_loop(req_r, ans_w)
        except BaseException:  # noqa: BLE001 - reported to the recorder, which fails with 3
            try:
                send(ans_w, ("internal", traceback.format_exc()))
            except BaseException:  # noqa: BLE001
                pass
            code = 3
        os._exit(code)
    os.close(req_r)
    os.close(ans_w)
    return Process(name, pid, req_w, ans_r)


def wait_answer(process, sleeping_call=None):
    """The process's answer; or None as soon as it sleeps in `sleeping_call`."""
    delay, start = 0.0001, time.monotonic()
    while True:
        if select.select([process.answers], [], [], delay)[0]:
            return process.answer()
        if sleeping_call is not None and process.asleep_in(sleeping_call):
            return None
        if time.monotonic() - start > WATCHDOG_S:
            raise ProcessFailed(f"process {process.name} neither answers nor sleeps")
        delay = min(delay * 2, 0.004)


def settle(pending):
    """Waits until every process of `pending` (each blocked in a call) has
    answered or sleeps in its call again, asleep seen on two passes in a row
    with no answer in between; returns {process: answer} of those that
    answered."""
    done, calm, start = {}, 0, time.monotonic()
    while True:
        waiting = [p for p in pending if p not in done]
        if not waiting:
            return done
        ready = select.select([p.answers for p in waiting], [], [], 0)[0]
        if ready:
            for p in waiting:
                if p.answers in ready:
                    done[p] = p.answer()
            calm = 0
            continue
        if all(p.asleep_in(p.pending[0]) for p in waiting):
            calm += 1
            if calm == 2:
                return done
            time.sleep(0.0002)
        else:
            calm = 0
            select.select([p.answers for p in waiting], [], [], 0.001)
        if time.monotonic() - start > WATCHDOG_S:
            raise ProcessFailed("processes do not settle: " + ", ".join(p.name for p in waiting))


def end(process, kill):
    """`exit` (the child calls _exit(0)) or `kill` (SIGKILL); the wait status line."""
    if kill:
        os.kill(process.pid, signal.SIGKILL)
    else:
        send(process.requests, ("exit",))
    _, status = os.waitpid(process.pid, 0)
    process.close()
    if os.WIFSIGNALED(status):
        return f"+++ killed by {signal.Signals(os.WTERMSIG(status)).name} +++"
    return f"+++ exited with {os.WEXITSTATUS(status)} +++"


def interrupt(process):
    """SIGALRM to a process asleep in its call (it returns EINTR)."""
    os.kill(process.pid, signal.SIGALRM)
    return wait_answer(process)


def reap(process, kill):
    """Ends a process silently (end of the workload, or after an error)."""
    try:
        if kill:
            os.kill(process.pid, signal.SIGKILL)
        else:
            send(process.requests, ("exit",))
        os.waitpid(process.pid, 0)
    except OSError:
        pass
    process.close()
