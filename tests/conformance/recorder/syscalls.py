"""The kernel side of the recorder: raw x86_64 SysV IPC system calls through
ctypes (libc's generic syscall(2) entry, not the msgget()/... wrappers),
sysctl writes, procfs reads and rtnetlink link add/del.

Every operation returns the kernel's result: a non-negative value, or
-errno on failure.
"""

import ctypes
import errno as errno_module
import mmap
import os
import signal
import socket
import struct

from uapi import (GETALL, IPC_NOWAIT, IPC_SET, IPC_STAT, IPCMNI_MASK, MSG_COPY, NR, SEM_NSEMS_OFFSET,
                  SETALL, SETVAL, SETTABLE, STAT_ANY, STRUCTS, field_layout)

SYS_SHMGET, SYS_SHMCTL = NR["shmget"], NR["shmctl"]
SYS_SEMGET, SYS_SEMCTL = NR["semget"], NR["semctl"]
SYS_MSGGET, SYS_MSGSND, SYS_MSGRCV, SYS_MSGCTL = NR["msgget"], NR["msgsnd"], NR["msgrcv"], NR["msgctl"]

READ_CHUNK = 128 * 1024          # cat reads like coreutils cat
CTL_DIRTY_BYTES = 4096           # *_STAT / *_INFO structs are far smaller
MAP_NORESERVE = 0x4000
RECV_LIMIT = (1 << 31) - 1       # no message is longer than INT_MAX (msgmax is an int)

_libc = ctypes.CDLL(None, use_errno=True)
_syscall = _libc.syscall
_syscall.restype = ctypes.c_long


class CallRefused(Exception):
    """A call the workload language forbids once its arguments are known
    (a workload error, exit status 2)."""


# ---------------------------------------------------------------- errno text

# strace's choice where Linux has two names for one number
_PREFERRED_NAMES = {11: "EAGAIN", 35: "EDEADLK", 95: "EOPNOTSUPP", 524: "ENOTSUPP"}


def errno_name(number):
    return _PREFERRED_NAMES.get(number) or errno_module.errorcode.get(number, f"E{number}")


def format_result(ret):
    """`N`, or `-1 ENAME (glibc message)` for a negative result."""
    if ret >= 0:
        return str(ret)
    return f"-1 {errno_name(-ret)} ({os.strerror(-ret)})"


# ---------------------------------------------------------------- integers

def to_int(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


def to_long(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >= 1 << 63 else v


def to_size(v):
    return v & ((1 << 64) - 1)


# ---------------------------------------------------------------- IPC calls

class Buffers:
    """The user memory the calls point at.

    `msg` holds an 8-byte mtype followed by zero bytes; it grows to the
    largest message sent, which also bounds what msgrcv can write.  `ctl` is
    the zeroed buffer handed to *ctl(): the kernel only ever writes zeros into
    its tail (GETALL of never-set semaphores), so only the head is re-zeroed.
    """

    def __init__(self):
        self.msg = ctypes.create_string_buffer(8 + 65536)
        self.msg_dirty = 0       # how many text bytes of `msg` may be non-zero (string payloads)
        self.ctl = ctypes.create_string_buffer(1 << 20)
        self.stat = ctypes.create_string_buffer(CTL_DIRTY_BYTES)   # the buffers whose fields are set or read

    def msg_for(self, size):
        if len(self.msg) < 8 + size:
            self.msg = ctypes.create_string_buffer(8 + size)
            self.msg_dirty = 0
        return self.msg

    def msg_with(self, size, payload):
        """The message buffer holding `payload`, or `size` zero bytes."""
        buf = self.msg_for(size)
        if payload is not None:
            ctypes.memmove(ctypes.addressof(buf) + 8, payload, size)
            self.msg_dirty = max(self.msg_dirty, size)
        elif self.msg_dirty:
            ctypes.memset(ctypes.addressof(buf) + 8, 0, min(size, self.msg_dirty))
            if size >= self.msg_dirty:
                self.msg_dirty = 0
        return buf

    def ctl_for(self, nsems):
        if len(self.ctl) < 2 * nsems + CTL_DIRTY_BYTES:
            self.ctl = ctypes.create_string_buffer(2 * nsems + CTL_DIRTY_BYTES)

    def clean_ctl(self):
        ctypes.memset(self.ctl, 0, CTL_DIRTY_BYTES)


def _raw(number, *args):
    ret = _syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args])
    return -ctypes.get_errno() if ret == -1 else ret


def _msgmax():
    with open("/proc/sys/kernel/msgmax", "rb") as f:
        return int(f.read())


def _on_alarm(_signum, _frame):
    pass


def install_alarm():
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.siginterrupt(signal.SIGALRM, True)


def _maybe_blocking(flags, timeout, number, *args):
    """Runs a call that may sleep; a SIGALRM after `timeout` s interrupts it (EINTR)."""
    if flags & IPC_NOWAIT:
        return _raw(number, *args)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return _raw(number, *args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class RecvBuffer:
    """A receive buffer of 8 + n bytes that another process's message may
    fill: an anonymous MAP_NORESERVE mapping, so only the pages the kernel
    writes (or reads, for MSG_COPY) take memory."""

    def __init__(self, n):
        self.map = mmap.mmap(-1, 8 + n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | MAP_NORESERVE)
        anchor = ctypes.c_char.from_buffer(self.map)
        self.address = ctypes.addressof(anchor)
        del anchor

    def close(self):
        self.map.close()


def received(address, count):
    """msgrcv's extra output: ("data", the first 32 text bytes, whether any byte is non-zero)."""
    data = ctypes.string_at(address + 8, count)
    return ("data", data[:32], data.count(0) != len(data))


class Ipc:
    """The SysV IPC calls of one process.  `block_timeout` None: a call sleeps
    until it is woken or signalled (a process of a multi-process workload);
    else a call that may sleep is interrupted by SIGALRM after that many
    seconds.  Every call returns (result or -errno, extra output or None)."""

    def __init__(self, block_timeout):
        self.buffers = Buffers()
        self.timeout = block_timeout
        self.largest_sent = 0

    def call(self, name, args):
        return getattr(self, name)(*args)

    def _sleepy(self, flags, number, *args):
        if self.timeout is None:
            return _raw(number, *args)
        return _maybe_blocking(flags, self.timeout, number, *args)

    def msgget(self, key, flags):
        return _raw(SYS_MSGGET, key, flags), None

    def msgsnd(self, qid, mtype, payload, flags):
        """`payload`: the bytes of a string literal, or a size (that many zero bytes)."""
        size = len(payload) if isinstance(payload, bytes) else payload
        text = payload if isinstance(payload, bytes) else None
        if 8 + size > len(self.buffers.msg) and size > _msgmax():
            # the kernel refuses a size above msgmax (EINVAL) before reading the buffer
            return _raw(SYS_MSGSND, qid, ctypes.addressof(self.buffers.msg), to_long(size), flags), None
        buf = self.buffers.msg_with(size, text)
        struct.pack_into("<q", buf, 0, mtype)
        ret = self._sleepy(flags, SYS_MSGSND, qid, ctypes.addressof(buf), size, flags)
        if ret == 0:
            self.largest_sent = max(self.largest_sent, size)
        return ret, None

    def msgrcv(self, qid, mtype, size, flags):
        if flags & MSG_COPY or self.timeout is None:
            # MSG_COPY first reads min(size, msgmax) bytes of the buffer; another
            # process may have sent any message
            cap = min(size, _msgmax()) if flags & MSG_COPY else min(size, RECV_LIMIT)
            buf = RecvBuffer(cap)
            try:
                ret = self._sleepy(flags, SYS_MSGRCV, qid, buf.address, to_long(size), mtype, flags)
                return ret, (received(buf.address, ret) if ret > 0 else None)
            finally:
                buf.close()
        buf = self.buffers.msg_for(self.largest_sent)
        ret = self._sleepy(flags, SYS_MSGRCV, qid, ctypes.addressof(buf), to_long(size), mtype, flags)
        if ret > 0:
            self.buffers.msg_dirty = max(self.buffers.msg_dirty, ret)
            return ret, received(ctypes.addressof(buf), ret)
        return ret, None

    def msgctl(self, qid, cmd, stat_set=False, fields=()):
        return self._ctl("msgctl", (qid,), cmd, stat_set, fields)

    def shmget(self, key, size, flags):
        return _raw(SYS_SHMGET, key, to_long(size), flags), None

    def shmctl(self, shmid, cmd, stat_set=False, fields=()):
        return self._ctl("shmctl", (shmid,), cmd, stat_set, fields)

    def shmat(self, shmid, addr, flags):
        return _raw(NR["shmat"], shmid, to_long(addr), flags), None

    def shmdt(self, addr):
        return _raw(NR["shmdt"], to_long(addr)), None

    def semget(self, key, nsems, flags):
        ret = _raw(SYS_SEMGET, key, nsems, flags)
        if ret >= 0:
            self.buffers.ctl_for(nsems)     # room for GETALL/SETALL of this set
        return ret, None

    def semctl(self, semid, semnum, cmd, value=None, stat_set=False, fields=()):
        """`value`: SETVAL's int, SETALL's list, or None (part 1's zeroed
        buffer; for SETVAL the union -1, always ERANGE)."""
        if cmd == SETVAL:
            return _raw(SYS_SEMCTL, semid, semnum, cmd, -1 if value is None else value), None
        if cmd in (GETALL, SETALL):
            return self._semctl_all(semid, semnum, cmd, value)
        return self._ctl("semctl", (semid, semnum), cmd, stat_set, fields)

    def semop(self, semid, sops):
        buf = _sembufs(sops)
        return self._sleepy(0, NR["semop"], semid, ctypes.addressof(buf), len(sops)), None

    def semtimedop(self, semid, timeout_ns, sops):
        buf = _sembufs(sops)
        ts = ctypes.create_string_buffer(struct.pack("<qq", to_long(timeout_ns // 10 ** 9), timeout_ns % 10 ** 9))
        return _raw(NR["semtimedop"], semid, ctypes.addressof(buf), len(sops), ctypes.addressof(ts)), None

    # -- *ctl buffers

    def _stat_any(self, call, ident):
        """The object's current buffer into `stat`, read by *_STAT_ANY on the
        id's index (no permission needed); False, buffer zeroed, when the id
        names no object."""
        buf = self.buffers.stat
        ctypes.memset(buf, 0, len(buf))
        prefix = (ident & IPCMNI_MASK, 0) if call == "semctl" else (ident & IPCMNI_MASK,)
        if ident >= 0 and _raw(NR[call], *prefix, STAT_ANY[call], ctypes.addressof(buf)) == ident:
            return True
        ctypes.memset(buf, 0, len(buf))
        return False

    def _ctl(self, call, head, cmd, stat_set, fields):
        """A *ctl call whose last argument points at a buffer.

        `fields` with values (IPC_SET): the object's current buffer with those
        fields replaced.  `fields` without values (a STAT or INFO command): a
        zeroed buffer, then ("fields", [(name, how, value)]) on success.
        `stat_set` (the bare name IPC_SET, no fields): IPC_STAT into the
        zeroed buffer, then, if that returned 0, IPC_SET with it.  Otherwise
        the zeroed buffer."""
        if fields and fields[0][1] is not None:
            self._stat_any(call, head[0])
            buf = self.buffers.stat
            for name, value in fields:
                offset, fmt, _ = STRUCTS[SETTABLE[call][0]][name]
                struct.pack_into("<" + fmt, buf, offset, value)
            return _raw(NR[call], *head, cmd, ctypes.addressof(buf)), None
        if fields:
            buf = self.buffers.stat
            ctypes.memset(buf, 0, len(buf))
            ret = _raw(NR[call], *head, cmd, ctypes.addressof(buf))
            if ret < 0:
                return ret, None
            out = []
            for name, _ in fields:
                offset, fmt, how = field_layout(name)
                out.append((name, how, struct.unpack_from("<" + fmt, buf.raw, offset)[0]))
            return ret, ("fields", out)
        buf = ctypes.addressof(self.buffers.ctl)
        try:
            if stat_set:
                ret = _raw(NR[call], *head, IPC_STAT, buf)
                if ret < 0:
                    return ret, None
            return _raw(NR[call], *head, IPC_SET if stat_set else cmd, buf), None
        finally:
            self.buffers.clean_ctl()

    def _semctl_all(self, semid, semnum, cmd, values):
        nsems = struct.unpack_from("<Q", self.buffers.stat.raw, SEM_NSEMS_OFFSET)[0] \
            if self._stat_any("semctl", semid) else None
        if cmd == SETALL and values is not None:
            if nsems is not None and len(values) != nsems:
                raise CallRefused(f"SETALL with {len(values)} values for a set of {nsems} semaphores")
            raw = struct.pack(f"<{len(values)}H", *values)
        else:
            raw = b""
        buf = ctypes.create_string_buffer(raw, max(CTL_DIRTY_BYTES, 2 * (nsems or 0), len(raw)))
        ret = _raw(SYS_SEMCTL, semid, semnum, cmd, ctypes.addressof(buf))
        if cmd == GETALL and ret == 0 and nsems is not None:
            return ret, ("values", list(struct.unpack_from(f"<{nsems}H", buf.raw)))
        return ret, None


def _sembufs(sops):
    """struct sembuf[]: (unsigned short num, short op, short flg) each; never a
    zero-sized buffer, so nsops 0 still passes a valid pointer."""
    raw = b"".join(struct.pack("<Hhh", *sop) for sop in sops)
    return ctypes.create_string_buffer(raw, max(len(raw), 6))


# ---------------------------------------------------------------- files

def _errno_of(exc):
    return -(exc.errno or errno_module.EIO)


def write_sysctl(path, value):
    """open(O_WRONLY|O_TRUNC) + one write() of `value`; 0 or -errno."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    except OSError as exc:
        return _errno_of(exc)
    try:
        os.write(fd, value)
        return 0
    except OSError as exc:
        return _errno_of(exc)
    finally:
        os.close(fd)


def read_file(path):
    """The whole file in 128 KiB read()s: (0, bytes) or (-errno, None)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as exc:
        return _errno_of(exc), None
    chunks = []
    try:
        while True:
            chunk = os.read(fd, READ_CHUNK)
            if not chunk:
                return 0, b"".join(chunks)
            chunks.append(chunk)
    except OSError as exc:
        return _errno_of(exc), None
    finally:
        os.close(fd)


def list_dir(path):
    """Entries in getdents order without dot-names: (0, [names]) or (-errno, None)."""
    try:
        names = os.listdir(os.fsencode(path))
    except OSError as exc:
        return _errno_of(exc), None
    return 0, [n for n in names if not n.startswith(b".")]


# ---------------------------------------------------------------- rtnetlink

RTM_NEWLINK, RTM_DELLINK = 16, 17
NLMSG_ERROR = 2
NLM_F_REQUEST, NLM_F_ACK, NLM_F_EXCL, NLM_F_CREATE = 0x1, 0x4, 0x200, 0x400
IFLA_IFNAME, IFLA_LINKINFO, IFLA_INFO_KIND = 3, 18, 1


def _attr(kind, payload):
    length = 4 + len(payload)
    return struct.pack("<HH", length, kind) + payload + b"\0" * ((4 - length % 4) % 4)


class Rtnetlink:
    def __init__(self):
        self.sock = None
        self.seq = 0

    def _request(self, msg_type, flags, attrs):
        if self.sock is None:
            self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
            self.sock.bind((0, 0))
        self.seq += 1
        body = struct.pack("<BxHiII", socket.AF_UNSPEC, 0, 0, 0, 0) + attrs
        header = struct.pack("<IHHII", 16 + len(body), msg_type, flags, self.seq, 0)
        self.sock.send(header + body)
        while True:
            data = self.sock.recv(65536)
            offset = 0
            while offset + 16 <= len(data):
                length, rtype, _flags, seq, _pid = struct.unpack_from("<IHHII", data, offset)
                if rtype == NLMSG_ERROR and seq == self.seq:
                    return struct.unpack_from("<i", data, offset + 16)[0]
                offset += max((length + 3) & ~3, 16)

    def link_add(self, name, kind):
        attrs = b"" if name is None else _attr(IFLA_IFNAME, name + b"\0")
        attrs += _attr(IFLA_LINKINFO, _attr(IFLA_INFO_KIND, kind + b"\0"))
        return self._request(RTM_NEWLINK, NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL, attrs)

    def link_del(self, name):
        return self._request(RTM_DELLINK, NLM_F_REQUEST | NLM_F_ACK, _attr(IFLA_IFNAME, name + b"\0"))
