/**
 * The names of /proc/sys that no mechanism of the engine models:
 * fs/proc/proc_sysctl.c (proc_sys_lookup, proc_sys_readdir), Linux 6.18 on
 * x86_64, with the configuration of the reference host the conformance
 * recordings come from (each name checked against the host's listing and the
 * 6.18 sources; kernel/sysctl.c and the register_sysctl_init() calls spread
 * over kernel/, fs/, mm/, arch/x86/, drivers/char/random.c, security/keys/).
 *
 * A name the kernel does not have is -ENOENT, a path through a file
 * -ENOTDIR, as proc_sys_lookup answers. A name the kernel has but whose
 * contents the engine does not model is `null` (not modelled), so a workload
 * never gets a made-up value. The IPC files (ipc/ipc_sysctl.ts), the mqueue
 * directory and /proc/sys/net (net/proc.ts) are answered by their own mounts,
 * which come first in fs/proc/root.ts; this mount sees what they leave.
 *
 * Simplified: a directory lists its names in bytewise order (the ctl_dir's
 * rb-tree, namecmp), which is what the host shows; /proc/sys/kernel is not
 * listed because the host carries four entries that are no part of Linux
 * (`init_private*`, HOST_ONLY below: not modelled at any depth). Directories
 * owned by other file systems or too config-dependent to list (binfmt_misc,
 * abi, debug, dev, user, vm, net below what net/proc.ts models) are UNLISTED:
 * every path inside them is not modelled.
 *
 * Glossary: a SysctlNode is FILE (a leaf), UNLISTED (a directory whose names
 * are not known here) or a SysctlDir (its names, and whether it may be listed).
 */
import type { Kernel } from '../../kernel';
import type { Dentry, Mount } from '../vfs';
import { ENOENT, ENOTDIR } from '../../uapi/errno';

const FILE = 'file';
const UNLISTED = 'unlisted';

interface SysctlDir {
  entries: ReadonlyMap<string, SysctlNode>;
  /** false: readdir is not modelled (the host's listing is not Linux's) */
  listed: boolean;
}

type SysctlNode = typeof FILE | typeof UNLISTED | SysctlDir;

/** A directory of `names`: a trailing '/' makes a name a subdirectory from `subdirs` (UNLISTED when absent). */
function dir(names: string, subdirs: Record<string, SysctlNode> = {}, listed = true): SysctlDir {
  const entries = new Map<string, SysctlNode>();
  for (const word of names.trim().split(/\s+/)) {
    if (!word.endsWith('/')) entries.set(word, FILE);
    else {
      const name = word.slice(0, -1);
      entries.set(name, Object.hasOwn(subdirs, name) ? subdirs[name]! : UNLISTED);
    }
  }
  return { entries, listed };
}

/** /proc/sys/kernel on the reference host, without HOST_ONLY (bytewise order) */
const KERNEL = dir(
  `acct arch auto_msgmni bootloader_type bootloader_version bpf_stats_enabled cad_pid cap_last_cap
   core_file_note_size_limit core_modes core_pattern core_pipe_limit core_sort_vma core_uses_pid ctrl-alt-del
   dmesg_restrict domainname firmware_config/ ftrace_dump_on_oops ftrace_enabled hardlockup_all_cpu_backtrace
   hardlockup_panic hostname hung_task_all_cpu_backtrace hung_task_check_count hung_task_check_interval_secs
   hung_task_detect_count hung_task_panic hung_task_timeout_secs hung_task_warnings io_delay_type
   io_uring_disabled io_uring_group keys/ kptr_restrict max_lock_depth max_rcu_stall_to_panic msg_next_id msgmax
   msgmnb msgmni ngroups_max nmi_watchdog ns_last_pid numa_balancing numa_balancing_promote_rate_limit_MBps
   oops_all_cpu_backtrace oops_limit osrelease ostype overflowgid overflowuid panic panic_on_io_nmi panic_on_oops
   panic_on_rcu_stall panic_on_unrecovered_nmi panic_on_warn panic_print panic_sys_info perf_cpu_time_max_percent
   perf_event_max_contexts_per_stack perf_event_max_sample_rate perf_event_max_stack perf_event_mlock_kb
   perf_event_paranoid pid_max poweroff_cmd print-fatal-signals printk printk_delay printk_devkmsg
   printk_ratelimit printk_ratelimit_burst pty/ random/ randomize_va_space real-root-dev sched_autogroup_enabled
   sched_cfs_bandwidth_slice_us sched_deadline_period_max_us sched_deadline_period_min_us sched_rr_timeslice_ms
   sched_rt_period_us sched_rt_runtime_us seccomp/ sem sem_next_id shm_next_id shm_rmid_forced shmall shmmax
   shmmni soft_watchdog softlockup_all_cpu_backtrace softlockup_panic split_lock_mitigate sysctl_writes_strict
   tainted task_delayacct threads-max timer_migration traceoff_on_warning tracepoint_printk unknown_nmi_panic
   unprivileged_bpf_disabled usermodehelper/ version warn_limit watchdog watchdog_cpumask watchdog_thresh`,
  {
    firmware_config: dir('force_sysfs_fallback ignore_sysfs_fallback'),
    keys: dir('gc_delay maxbytes maxkeys persistent_keyring_expiry root_maxbytes root_maxkeys'),
    pty: dir('max nr reserve'),
    random: dir('boot_id entropy_avail poolsize urandom_min_reseed_secs uuid write_wakeup_threshold'),
    seccomp: dir('actions_avail actions_logged'),
    usermodehelper: dir('bset inheritable'),
  },
  false,
);

/** entries of the reference host's /proc/sys/kernel that are no part of Linux 6.18 (a vendor patch) */
const HOST_ONLY: ReadonlySet<string> = new Set(['init_private', 'init_private_helper', 'init_private_vsock_local_port', 'init_private_vsock_port']);

const FS = dir(
  `aio-max-nr aio-nr binfmt_misc/ dentry-negative dentry-state dir-notify-enable epoll/ fanotify/ file-max file-nr
   fuse/ inode-nr inode-state inotify/ lease-break-time leases-enable mount-max mqueue/ nr_open overflowgid
   overflowuid pipe-max-size pipe-user-pages-hard pipe-user-pages-soft protected_fifos protected_hardlinks
   protected_regular protected_symlinks quota/ suid_dumpable xfs/`,
  {
    epoll: dir('max_user_watches'),
    fanotify: dir('max_queued_events max_user_groups max_user_marks watchdog_timeout'),
    fuse: dir('default_request_timeout max_pages_limit max_request_timeout'),
    inotify: dir('max_queued_events max_user_instances max_user_watches'),
    quota: dir('allocated_dquots cache_hits drops free_dquots lookups reads syncs writes'),
    xfs: dir(
      `error_level filestream_centisecs inherit_noatime inherit_nodefrag inherit_nodump inherit_nosymlinks
       inherit_sync panic_mask rotorstep speculative_prealloc_lifetime stats_clear xfssyncd_centisecs`,
    ),
  },
);

const ROOT = dir('abi/ debug/ dev/ fs/ kernel/ net/ user/ vm/', { fs: FS, kernel: KERNEL });

const SYS = '/proc/sys';

/**
 * proc_sys_lookup along `path` (under /proc/sys): a listed directory, -ENOENT
 * for a name the kernel does not have, -ENOTDIR for a path through a file,
 * or null where the engine does not model what is there.
 */
function proc_sys_lookup(_k: Kernel, path: string): Dentry | number | null {
  const rest = path.slice(SYS.length);
  const parts = rest.split('/').filter((c) => c !== '' && c !== '.');
  let node: SysctlNode = ROOT;
  for (const [i, name] of parts.entries()) {
    if (node === FILE) return -ENOTDIR;
    if (node === UNLISTED || name === '..') return null;
    if (node === KERNEL && i === 1 && HOST_ONLY.has(name)) return null;
    const child = node.entries.get(name);
    if (child === undefined) return -ENOENT;
    node = child;
  }
  if (node === FILE) return rest.endsWith('/') ? -ENOTDIR : null;
  if (node === UNLISTED || !node.listed) return null;
  const names = [...node.entries.keys()];
  return { type: 'dir', readdir: () => names.slice() };
}

/** The rest of /proc/sys, after the mounts of the mechanisms that model parts of it. */
export const proc_sysctl_mount: Mount = { prefix: SYS + '/', lookup: proc_sys_lookup };
