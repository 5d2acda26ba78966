/**
 * A task's credentials as SysV IPC and /proc/sys see them (Linux 6.18):
 * include/linux/cred.h `struct cred`, the capability checks of
 * kernel/capability.c (`capable`, `ns_capable`), in_group_p/in_egroup_p of
 * kernel/groups.c, and the three calls the language's `@NAME creds UID GID`
 * makes: setgroups(0, NULL), setresgid(g, g, g), setresuid(u, u, u)
 * (kernel/groups.c, kernel/sys.c), with security/commoncap.c's
 * cap_emulate_setxuid dropping every capability once no uid is 0.
 *
 * Simplified: one user namespace (the initial one), so every uid and gid
 * but (uid_t)-1 maps and ns_capable is capable; capability sets are the
 * effective set only (a task that drops its capabilities never gets them
 * back: the language makes one `creds` per process); no securebits, keepcaps,
 * LSM or audit. Only root (every uid 0) may call setresuid/setresgid with
 * other ids, which is all the language does.
 *
 * Glossary: *euid/egid* = the ids permission checks use; *fsuid/fsgid* =
 * the ids file checks use (in_group_p looks at fsgid); *suid/sgid* = the
 * saved ids; *cap_effective* = the capabilities in force, a bit per
 * capability number (include/uapi/linux/capability.h).
 */

/** include/uapi/linux/capability.h: the capability numbers the IPC code asks for. */
export const CAP_DAC_OVERRIDE = 1;
export const CAP_NET_ADMIN = 12;
export const CAP_IPC_LOCK = 14;
export const CAP_IPC_OWNER = 15;
export const CAP_SYS_ADMIN = 21;
export const CAP_SYS_RESOURCE = 24;
export const CAP_CHECKPOINT_RESTORE = 40;
/** CAP_LAST_CAP of 6.18 */
export const CAP_LAST_CAP = 40;

/** Every capability: what root in the initial namespace holds. */
export const CAP_FULL_SET = (1n << BigInt(CAP_LAST_CAP + 1)) - 1n;

/** `(uid_t)-1` / `(gid_t)-1`: INVALID_UID after make_kuid; to setresuid "leave this id unchanged". */
export const INVALID_ID = 0xffffffff;

/** The parts of `struct cred` the model reads. Plain data. */
export interface Cred {
  uid: number;
  gid: number;
  suid: number;
  sgid: number;
  euid: number;
  egid: number;
  fsuid: number;
  fsgid: number;
  /** the supplementary groups (group_info), sorted */
  groups: number[];
  /** cap_effective: bit n = capability n */
  cap_effective: bigint;
}

/** init_cred: root with every capability. */
export function root_cred(): Cred {
  return { uid: 0, gid: 0, suid: 0, sgid: 0, euid: 0, egid: 0, fsuid: 0, fsgid: 0, groups: [], cap_effective: CAP_FULL_SET };
}

/** capable / ns_capable (the initial user namespace): whether `cap` is in the effective set. */
export function cap_raised(cred: Readonly<Cred>, cap: number): boolean {
  const set = cred.cap_effective;
  // the two sets tasks hold (root's, and none after setresuid away from 0), decided without a bigint operation
  if (set === CAP_FULL_SET) return cap <= CAP_LAST_CAP;
  if (set === 0n) return false;
  return ((set >> BigInt(cap)) & 1n) === 1n;
}

/** checkpoint_restore_ns_capable: CAP_CHECKPOINT_RESTORE, or CAP_SYS_ADMIN (include/linux/capability.h). */
export function checkpoint_restore_ns_capable(cred: Readonly<Cred>): boolean {
  return cap_raised(cred, CAP_SYS_ADMIN) || cap_raised(cred, CAP_CHECKPOINT_RESTORE);
}

/** groups_search on the supplementary groups. */
function groups_search(cred: Readonly<Cred>, gid: number): boolean {
  return cred.groups.includes(gid);
}

/** in_group_p: whether `gid` is the task's fsgid or one of its supplementary groups (ipcperms asks this). */
export function in_group_p(cred: Readonly<Cred>, gid: number): boolean {
  return gid === cred.fsgid || groups_search(cred, gid);
}

/** in_egroup_p: the same with the egid (sysctl permissions ask this). */
export function in_egroup_p(cred: Readonly<Cred>, gid: number): boolean {
  return gid === cred.egid || groups_search(cred, gid);
}

/** setgroups(0, NULL): an empty supplementary group list. Return: 0, -EPERM without CAP_SETGID (never for the language's root). */
export function set_groups_empty(cred: Cred): number {
  cred.groups = [];
  return 0;
}

/**
 * setresgid(rgid, egid, sgid) for a privileged caller: each id other than
 * -1 replaces the old one, and fsgid follows egid. Return: 0.
 */
export function setresgid(cred: Cred, rgid: number, egid: number, sgid: number): number {
  if (rgid !== INVALID_ID) cred.gid = rgid;
  if (egid !== INVALID_ID) cred.egid = egid;
  if (sgid !== INVALID_ID) cred.sgid = sgid;
  cred.fsgid = cred.egid;
  return 0;
}

/**
 * setresuid(ruid, euid, suid) for a privileged caller: each id other than
 * -1 replaces the old one, fsuid follows euid, and cap_emulate_setxuid
 * clears the capabilities when a uid was 0 and none is any more (a nonzero
 * euid alone would clear the effective set too). Return: 0.
 */
export function setresuid(cred: Cred, ruid: number, euid: number, suid: number): number {
  const was_root = cred.uid === 0 || cred.euid === 0 || cred.suid === 0;
  if (ruid !== INVALID_ID) cred.uid = ruid;
  if (euid !== INVALID_ID) cred.euid = euid;
  if (suid !== INVALID_ID) cred.suid = suid;
  cred.fsuid = cred.euid;
  if ((was_root && cred.uid !== 0 && cred.euid !== 0 && cred.suid !== 0) || cred.euid !== 0) cred.cap_effective = 0n;
  return 0;
}
