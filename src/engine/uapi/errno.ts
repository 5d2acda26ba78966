/**
 * Error numbers as Linux x86_64 defines them (include/uapi/asm-generic/errno*.h),
 * with the names strace prints and glibc's strerror() texts.
 *
 * Engine functions return `-ERRNO` on failure, as the kernel does internally.
 */

export const EPERM = 1;
export const ENOENT = 2;
export const EINTR = 4;
export const EIO = 5;
export const E2BIG = 7;
export const EBADF = 9;
export const EAGAIN = 11;
export const ENOMEM = 12;
export const EACCES = 13;
export const EFAULT = 14;
export const EBUSY = 16;
export const EEXIST = 17;
export const ENODEV = 19;
export const ENOTDIR = 20;
export const EISDIR = 21;
export const EINVAL = 22;
export const ENFILE = 23;
export const ENOSPC = 28;
export const ERANGE = 34;
export const EFBIG = 27;
export const ENAMETOOLONG = 36;
export const ENOSYS = 38;
export const ENOMSG = 42;
export const EIDRM = 43;
export const EOPNOTSUPP = 95;

/** name (as strace prints it) and glibc message, by errno number */
const ERRNO_TABLE: Record<number, readonly [string, string]> = {
  [EPERM]: ['EPERM', 'Operation not permitted'],
  [ENOENT]: ['ENOENT', 'No such file or directory'],
  [EINTR]: ['EINTR', 'Interrupted system call'],
  [EIO]: ['EIO', 'Input/output error'],
  [E2BIG]: ['E2BIG', 'Argument list too long'],
  [EBADF]: ['EBADF', 'Bad file descriptor'],
  [EAGAIN]: ['EAGAIN', 'Resource temporarily unavailable'],
  [ENOMEM]: ['ENOMEM', 'Cannot allocate memory'],
  [EACCES]: ['EACCES', 'Permission denied'],
  [EFAULT]: ['EFAULT', 'Bad address'],
  [EBUSY]: ['EBUSY', 'Device or resource busy'],
  [EEXIST]: ['EEXIST', 'File exists'],
  [ENODEV]: ['ENODEV', 'No such device'],
  [ENOTDIR]: ['ENOTDIR', 'Not a directory'],
  [EISDIR]: ['EISDIR', 'Is a directory'],
  [EINVAL]: ['EINVAL', 'Invalid argument'],
  [ENFILE]: ['ENFILE', 'Too many open files in system'],
  [ENOSPC]: ['ENOSPC', 'No space left on device'],
  [EFBIG]: ['EFBIG', 'File too large'],
  [ERANGE]: ['ERANGE', 'Numerical result out of range'],
  [ENAMETOOLONG]: ['ENAMETOOLONG', 'File name too long'],
  [ENOSYS]: ['ENOSYS', 'Function not implemented'],
  [ENOMSG]: ['ENOMSG', 'No message of desired type'],
  [EIDRM]: ['EIDRM', 'Identifier removed'],
  [EOPNOTSUPP]: ['EOPNOTSUPP', 'Operation not supported'],
};

/** strace's symbolic name for an errno (positive number). */
export function errnoName(errno: number): string {
  return ERRNO_TABLE[errno]?.[0] ?? `E${errno}`;
}

/** glibc's strerror() text for an errno (positive number). */
export function strerror(errno: number): string {
  return ERRNO_TABLE[errno]?.[1] ?? `Unknown error ${errno}`;
}

/** The result column of the contract output: `N` or `-1 ENAME (message)`. */
export function formatResult(ret: number): string {
  if (ret >= 0) return String(ret);
  const e = -ret;
  return `-1 ${errnoName(e)} (${strerror(e)})`;
}
