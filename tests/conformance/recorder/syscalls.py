"""The kernel side of the recorder: raw x86_64 SysV IPC system calls through
ctypes (libc's generic syscall(2) entry, not the msgget()/... wrappers),
sysctl writes, procfs reads and rtnetlink link add/del.

Every operation returns the kernel's result: a non-negative value, or
-errno on failure.
"""

import ctypes
import errno as errno_module
import os
import signal
import socket
import struct

SYS_SHMGET, SYS_SHMCTL = 29, 31
SYS_SEMGET, SYS_SEMCTL = 64, 66
SYS_MSGGET, SYS_MSGSND, SYS_MSGRCV, SYS_MSGCTL = 68, 69, 70, 71

IPC_NOWAIT = 0o4000
IPC_STAT = 2
READ_CHUNK = 128 * 1024          # cat reads like coreutils cat
CTL_DIRTY_BYTES = 4096           # *_STAT / *_INFO structs are far smaller

_libc = ctypes.CDLL(None, use_errno=True)
_syscall = _libc.syscall
_syscall.restype = ctypes.c_long


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
        self.ctl = ctypes.create_string_buffer(1 << 20)

    def msg_for(self, size):
        if len(self.msg) < 8 + size:
            self.msg = ctypes.create_string_buffer(8 + size)
        return self.msg

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


class Ipc:
    def __init__(self, block_timeout):
        self.buffers = Buffers()
        self.timeout = block_timeout
        self.largest_sent = 0

    def msgget(self, key, flags):
        return _raw(SYS_MSGGET, key, flags)

    def msgsnd(self, qid, mtype, size, flags):
        if 8 + size > len(self.buffers.msg) and size > _msgmax():
            # the kernel refuses a size above msgmax (EINVAL) before reading the buffer
            return _raw(SYS_MSGSND, qid, ctypes.addressof(self.buffers.msg), to_long(size), flags)
        buf = self.buffers.msg_for(size)
        struct.pack_into("<q", buf, 0, mtype)
        ret = _maybe_blocking(flags, self.timeout, SYS_MSGSND, qid, ctypes.addressof(buf), size, flags)
        if ret == 0:
            self.largest_sent = max(self.largest_sent, size)
        return ret

    def msgrcv(self, qid, mtype, size, flags):
        buf = self.buffers.msg_for(self.largest_sent)
        return _maybe_blocking(flags, self.timeout, SYS_MSGRCV, qid, ctypes.addressof(buf), to_long(size),
                               mtype, flags)

    def msgctl(self, qid, cmd, stat_set=False):
        return self._ctl(SYS_MSGCTL, qid, cmd, stat_set=stat_set)

    def shmget(self, key, size, flags):
        return _raw(SYS_SHMGET, key, to_long(size), flags)

    def shmctl(self, shmid, cmd, stat_set=False):
        return self._ctl(SYS_SHMCTL, shmid, cmd, stat_set=stat_set)

    def semget(self, key, nsems, flags):
        ret = _raw(SYS_SEMGET, key, nsems, flags)
        if ret >= 0:
            self.buffers.ctl_for(nsems)     # room for GETALL/SETALL of this set
        return ret

    def semctl(self, semid, semnum, cmd, stat_set=False):
        return self._ctl(SYS_SEMCTL, semid, semnum, cmd, stat_set=stat_set)

    def _ctl(self, number, *args, stat_set=False):
        """A *ctl call whose last argument points at the zeroed buffer.

        With `stat_set` (the cmd, the last of `args`, is then IPC_SET): IPC_STAT
        into the buffer, then IPC_SET with that buffer (stress-ng's "same data
        back"); the IPC_STAT's error if it fails, else the IPC_SET's result."""
        buf = ctypes.addressof(self.buffers.ctl)
        try:
            if stat_set:
                ret = _raw(number, *args[:-1], IPC_STAT, buf)
                if ret < 0:
                    return ret
            return _raw(number, *args, buf)
        finally:
            self.buffers.clean_ctl()


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
