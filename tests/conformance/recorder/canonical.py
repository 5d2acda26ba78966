"""The canonical text of a call (workload-language.md "Output" and
workload-language-ops.md): arguments converted to their C types and printed
the way strace would, plus the workload errors that depend on evaluated
arguments.  Pure Python, no kernel access."""

from language import Symbol, runtime_error
from syscalls import to_int, to_long, to_size
from uapi import (CONSTANTS, FIELD_BUFFERS, FIXED_ADDR_LIMIT, IPC_SET, MAX_TIMEOUT_NS, SETALL, SETTABLE, SETVAL,
                  SHM_RND, SHMLBA, STRUCTS, field_layout)

GET_FLAG_NAMES = ("IPC_CREAT", "IPC_EXCL", "IPC_NOWAIT")
MSG_FLAG_NAMES = ("IPC_NOWAIT", "MSG_NOERROR", "MSG_EXCEPT", "MSG_COPY")
SHM_FLAG_NAMES = ("SHM_RDONLY", "SHM_RND", "SHM_REMAP", "SHM_EXEC")
SEM_FLAG_NAMES = ("SEM_UNDO", "IPC_NOWAIT")

COMMON_CMDS = {0: "IPC_RMID", 1: "IPC_SET", 2: "IPC_STAT", 3: "IPC_INFO"}
CMD_NAMES = {
    "msgctl": {**COMMON_CMDS, 11: "MSG_STAT", 12: "MSG_INFO", 13: "MSG_STAT_ANY"},
    # SHM_LOCK (11) and SHM_UNLOCK (12) keep part 1's numeric printing
    "shmctl": {**COMMON_CMDS, 13: "SHM_STAT", 14: "SHM_INFO", 15: "SHM_STAT_ANY"},
    "semctl": {**COMMON_CMDS, 11: "GETPID", 12: "GETVAL", 13: "GETALL", 14: "GETNCNT", 15: "GETZCNT",
               16: "SETVAL", 17: "SETALL", 18: "SEM_STAT", 19: "SEM_INFO", 20: "SEM_STAT_ANY"},
}


# ---------------------------------------------------------------- canonical text

def fmt_key(key):
    return "IPC_PRIVATE" if key == 0 else f"{key & 0xFFFFFFFF:#x}"


def c_octal(value):
    """C's %#o."""
    return "0" + format(value, "o") if value else "0"


def fmt_get_flags(flags):
    u = flags & 0xFFFFFFFF
    parts = [name for name in GET_FLAG_NAMES if u & CONSTANTS[name]]
    other = u & ~0o7777
    if other:
        parts.append(f"{other:#x}")
    parts.append(c_octal(u & 0o777).rjust(3, "0"))
    return "|".join(parts)


def fmt_bits(value, names):
    """The named bits in table order, then the rest as one %#x; `0` when none."""
    parts = [name for name in names if value & CONSTANTS[name]]
    other = value & ~sum(CONSTANTS[name] for name in names)
    if other:
        parts.append(f"{other:#x}")
    return "|".join(parts) or "0"


def fmt_msg_flags(flags):
    return fmt_bits(flags & 0xFFFFFFFF, MSG_FLAG_NAMES)


def fmt_cmd(call, cmd):
    return CMD_NAMES[call].get(cmd, str(cmd))


def fmt_addr(value):
    if isinstance(value, Symbol):
        return value.text
    value = to_size(value)
    return f"{value:#x}" if value else "0"


def fmt_sops(sops):
    """Every sembuf as {num, op, flg}, runs of identical ones as `{...} x N`."""
    out, i = [], 0
    while i < len(sops):
        j = i
        while j < len(sops) and sops[j] == sops[i]:
            j += 1
        num, op, flg = sops[i]
        text = f"{{{num}, {op}, {fmt_bits(flg & 0xFFFF, SEM_FLAG_NAMES)}}}"
        out.append(text if j - i == 1 else f"{text} x {j - i}")
        i = j
    return ", ".join(out)


def to_ushort(v):
    return v & 0xFFFF


def to_short(v):
    v &= 0xFFFF
    return v - 0x10000 if v >= 0x8000 else v


def to_field(name, value):
    """`value` converted to the C type of the buffer field."""
    fmt = field_layout(name)[1]
    bits = {"H": 16, "i": 32, "I": 32, "q": 64, "Q": 64}[fmt]
    value &= (1 << bits) - 1
    return value - (1 << bits) if fmt.islower() and value >> (bits - 1) else value


def fmt_fields(fields):
    return ", ".join(name if value is None else f"{name}={c_octal(value) if name == 'mode' else value}"
                     for name, value in fields)


def fmt_field_value(how, value, pid_text):
    if how == "time":
        return "T" if value else "0"
    if how == "mode":
        return c_octal(value)
    if how == "key":
        return f"{value & 0xFFFFFFFF:#x}" if value else "0"
    if how == "pid":
        return pid_text(value)
    return str(value)


def quote_bytes(data):
    """strace's quoting: \\" \\\\ \\f \\n \\r \\t \\v, printable ASCII as is,
    every other byte octal, three digits when an octal digit follows."""
    named = {0x22: '\\"', 0x5C: "\\\\", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x0B: "\\v"}
    out = []
    for i, c in enumerate(data):
        if c in named:
            out.append(named[c])
        elif 0x20 <= c < 0x7F:
            out.append(chr(c))
        elif i + 1 < len(data) and 0x30 <= data[i + 1] <= 0x37:
            out.append(f"\\{c:03o}")
        else:
            out.append(f"\\{c:o}")
    return "".join(out)


def prepare_call(name, v, stat_set):
    """Converts the evaluated arguments to their C types: (canonical text,
    the arguments of Ipc.<name>)."""
    if name in ("msgget", "shmget", "semget"):
        key, flags = to_int(v[0]), to_int(v[-1])
        if name == "msgget":
            return f"msgget({fmt_key(key)}, {fmt_get_flags(flags)})", (key, flags)
        if name == "shmget":
            size = to_size(v[1])
            return f"shmget({fmt_key(key)}, {size}, {fmt_get_flags(flags)})", (key, size, flags)
        nsems = to_int(v[1])
        return f"semget({fmt_key(key)}, {nsems}, {fmt_get_flags(flags)})", (key, nsems, flags)
    if name in ("msgsnd", "msgrcv"):
        qid, mtype = to_int(v[0]), to_long(v[1])
        flags = to_int(v[3]) if len(v) > 3 else 0
        if isinstance(v[2], bytes):
            return f'msgsnd({qid}, {mtype}, "{quote_bytes(v[2])}", {fmt_msg_flags(flags)})', (qid, mtype, v[2], flags)
        size = to_size(v[2])
        return f"{name}({qid}, {mtype}, {size}, {fmt_msg_flags(flags)})", (qid, mtype, size, flags)
    if name == "shmat":
        shmid, addr, flags = to_int(v[0]), to_size(v[1]), to_int(v[2])
        return f"shmat({shmid}, {fmt_addr(addr)}, {fmt_bits(flags & 0xFFFFFFFF, SHM_FLAG_NAMES)})", (shmid, addr, flags)
    if name == "shmdt":
        return f"shmdt({fmt_addr(v[0])})", (v[0].real if isinstance(v[0], Symbol) else to_size(v[0]),)
    if name in ("semop", "semtimedop"):
        semid, sops = to_int(v[0]), v[-1]
        if name == "semop":
            return f"semop({', '.join(filter(None, [str(semid), fmt_sops(sops)]))})", (semid, sops)
        return (f"semtimedop({', '.join(filter(None, [str(semid), str(v[1]), fmt_sops(sops)]))})",
                (semid, v[1], sops))
    fields = [(f, None if value is None else to_field(f, value)) for f, value in v[-1]]
    extra = [fmt_fields(fields)] if fields else []
    if name == "semctl":
        semid, semnum, cmd, value = to_int(v[0]), to_int(v[1]), to_int(v[2]), v[3]
        if isinstance(value, list):
            value = [to_ushort(x) for x in value]
            extra.insert(0, "{" + ", ".join(map(str, value)) + "}")
        elif value is not None:
            value = to_int(value)
            extra.insert(0, str(value))
        text = ", ".join([str(semid), str(semnum), fmt_cmd(name, cmd)] + extra)
        return f"semctl({text})", (semid, semnum, cmd, value, stat_set, fields)
    ipc_id, cmd = to_int(v[0]), to_int(v[1])
    return f"{name}({', '.join([str(ipc_id), fmt_cmd(name, cmd)] + extra)})", (ipc_id, cmd, stat_set, fields)


def check_call(name, v, process, line):
    """The workload errors that depend on evaluated arguments."""
    if name in SETTABLE and v[-1]:
        cmd = to_int(v[2 if name == "semctl" else 1])
        settings = [f for f, value in v[-1] if value is not None]
        if settings:
            if cmd != IPC_SET or len(settings) != len(v[-1]):
                raise runtime_error(line, "name=value fields go with IPC_SET, alone")
            for f in settings:
                if f not in SETTABLE[name][1]:
                    raise runtime_error(line, f"{name} IPC_SET takes {', '.join(SETTABLE[name][1])}, not {f}")
        else:
            buffer = FIELD_BUFFERS.get((name, cmd))
            if buffer is None:
                raise runtime_error(line, "fields to print need a STAT or INFO command")
            for f, _ in v[-1]:
                if f not in STRUCTS[buffer]:
                    raise runtime_error(line, f"{buffer} has no field {f}")
        if name == "semctl" and v[3] is not None:
            raise runtime_error(line, "semctl takes either a union argument or fields")
    if name == "semctl" and v[3] is not None:
        cmd = to_int(v[2])
        if not ((cmd == SETVAL and isinstance(v[3], int)) or (cmd == SETALL and isinstance(v[3], list))):
            raise runtime_error(line, "semctl's 4th argument is a value for SETVAL or a {list} for SETALL")
    if name == "semtimedop" and v[1] > MAX_TIMEOUT_NS:
        raise runtime_error(line, f"semtimedop timeout {v[1]} ns is above {MAX_TIMEOUT_NS}")
    if name == "shmat":
        addr, flags = to_size(v[1]), to_int(v[2])
        if addr % SHMLBA and flags & SHM_RND:
            addr -= addr % SHMLBA
        elif addr % SHMLBA:
            return          # the kernel's EINVAL
        if addr >= FIXED_ADDR_LIMIT:
            raise runtime_error(line, f"shmat at {addr:#x}: a fixed address must lie below {FIXED_ADDR_LIMIT:#x}")
        if to_size(v[1]) and process.creds is not None:
            raise runtime_error(line, "shmat at a fixed address after creds: below vm.mmap_min_addr "
                                      "the result would depend on the machine")
