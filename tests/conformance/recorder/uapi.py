"""The kernel ABI the recorder speaks (x86_64, IPC_64 layout): the constants
of the workload language, the system call numbers and the layout of the
*ctl buffers whose fields a workload may set or print.

Sources: include/uapi/linux/{ipc,msg,shm,sem}.h and
arch/x86/include/uapi/asm/{msgbuf,shmbuf,sembuf}.h of Linux 6.18.
"""

# ---------------------------------------------------------------- constants of the language

CONSTANTS = {
    "IPC_PRIVATE": 0, "IPC_CREAT": 0o1000, "IPC_EXCL": 0o2000, "IPC_NOWAIT": 0o4000,
    "MSG_NOERROR": 0o10000, "MSG_EXCEPT": 0o20000, "MSG_COPY": 0o40000,
    "SEM_UNDO": 0x1000,
    "SHM_RDONLY": 0o10000, "SHM_RND": 0o20000, "SHM_REMAP": 0o40000, "SHM_EXEC": 0o100000,
    "IPC_RMID": 0, "IPC_SET": 1, "IPC_STAT": 2, "IPC_INFO": 3,
    "MSG_STAT": 11, "MSG_INFO": 12, "MSG_STAT_ANY": 13,
    "SHM_LOCK": 11, "SHM_UNLOCK": 12,
    "SHM_STAT": 13, "SHM_INFO": 14, "SHM_STAT_ANY": 15,
    "GETPID": 11, "GETVAL": 12, "GETALL": 13, "GETNCNT": 14, "GETZCNT": 15, "SETVAL": 16, "SETALL": 17,
    "SEM_STAT": 18, "SEM_INFO": 19, "SEM_STAT_ANY": 20,
}
IPC_NOWAIT = CONSTANTS["IPC_NOWAIT"]
MSG_COPY = CONSTANTS["MSG_COPY"]
IPC_SET, IPC_STAT = 1, 2
GETPID, GETALL, SETVAL, SETALL = 11, 13, 16, 17
SHM_RND = CONSTANTS["SHM_RND"]

# names a variable may not take: the constants, and ADDR (ADDR(k) names an attachment)
RESERVED = frozenset(CONSTANTS) | {"ADDR"}

# ---------------------------------------------------------------- system calls (asm/unistd_64.h)

NR = {"shmget": 29, "shmat": 30, "shmctl": 31, "semget": 64, "semop": 65, "semctl": 66,
      "shmdt": 67, "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "semtimedop": 220}
# the calls that sleep until another process acts (semtimedop sleeps at most its timeout)
SLEEPING_CALLS = frozenset({"semop", "msgsnd", "msgrcv"})

# ---------------------------------------------------------------- limits the language sets

SHMLBA = 4096
FIXED_ADDR_LIMIT = 0x10000      # fixed shmat addresses must lie below this (vm.mmap_min_addr territory)
MAX_TIMEOUT_NS = 10 ** 8        # semtimedop: longer timeouts are a workload error
MAX_SEMBUF_COUNT = 1 << 20      # {num, op, flg} x COUNT
IPCMNI_MASK = 0x7fff            # ipcid_to_idx without ipcmni_extend

# ---------------------------------------------------------------- buffer layouts

# field -> (byte offset, struct format, how it prints: num, key (%#x), mode (%#o), time (0/T), pid)
_PERM = {"key": (0, "i", "key"), "uid": (4, "I", "num"), "gid": (8, "I", "num"),
         "cuid": (12, "I", "num"), "cgid": (16, "I", "num"), "mode": (20, "I", "mode"),
         "seq": (24, "H", "num")}


def _run_of(offset, size, fmt, names):
    return {name: (offset + i * size, fmt, "num") for i, name in enumerate(names.split())}


STRUCTS = {
    "msqid64_ds": {**_PERM, "msg_stime": (48, "q", "time"), "msg_rtime": (56, "q", "time"),
                   "msg_ctime": (64, "q", "time"), "msg_cbytes": (72, "Q", "num"),
                   "msg_qnum": (80, "Q", "num"), "msg_qbytes": (88, "Q", "num"),
                   "msg_lspid": (96, "i", "pid"), "msg_lrpid": (100, "i", "pid")},
    "shmid64_ds": {**_PERM, "shm_segsz": (48, "Q", "num"), "shm_atime": (56, "q", "time"),
                   "shm_dtime": (64, "q", "time"), "shm_ctime": (72, "q", "time"),
                   "shm_cpid": (80, "i", "pid"), "shm_lpid": (84, "i", "pid"),
                   "shm_nattch": (88, "Q", "num")},
    "semid64_ds": {**_PERM, "sem_otime": (48, "q", "time"), "sem_ctime": (64, "q", "time"),
                   "sem_nsems": (80, "Q", "num")},
    "msginfo": {**_run_of(0, 4, "i", "msgpool msgmap msgmax msgmnb msgmni msgssz msgtql"),
                "msgseg": (28, "H", "num")},
    "shminfo64": _run_of(0, 8, "Q", "shmmax shmmin shmmni shmseg shmall"),
    "shm_info": {"used_ids": (0, "i", "num"),
                 **_run_of(8, 8, "Q", "shm_tot shm_rss shm_swp swap_attempts swap_successes")},
    "seminfo": _run_of(0, 4, "i", "semmap semmni semmns semmnu semmsl semopm semume semusz semvmx semaem"),
}
ALL_FIELDS = frozenset(f for layout in STRUCTS.values() for f in layout)

# (call, cmd) -> the buffer a STAT or INFO command fills
FIELD_BUFFERS = {
    **{("msgctl", c): "msqid64_ds" for c in (2, 11, 13)},
    ("msgctl", 3): "msginfo", ("msgctl", 12): "msginfo",
    **{("shmctl", c): "shmid64_ds" for c in (2, 13, 15)},
    ("shmctl", 3): "shminfo64", ("shmctl", 14): "shm_info",
    **{("semctl", c): "semid64_ds" for c in (2, 18, 20)},
    ("semctl", 3): "seminfo", ("semctl", 19): "seminfo",
}
# what IPC_SET takes from the buffer (ipc_update_perm, plus msg_qbytes for queues)
SETTABLE = {"msgctl": ("msqid64_ds", ("msg_qbytes", "mode", "uid", "gid")),
            "shmctl": ("shmid64_ds", ("mode", "uid", "gid")),
            "semctl": ("semid64_ds", ("mode", "uid", "gid"))}
# the command that reads an object's buffer by index without a permission check
STAT_ANY = {"msgctl": 13, "shmctl": 15, "semctl": 20}
SEM_NSEMS_OFFSET = STRUCTS["semid64_ds"]["sem_nsems"][0]


def field_layout(name):
    """(offset, format, how) of a field; one name has one C type in every buffer."""
    for layout in STRUCTS.values():
        if name in layout:
            return layout[name]
    raise KeyError(name)
