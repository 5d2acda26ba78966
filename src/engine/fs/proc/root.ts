/** Which mechanism owns which part of /proc (fs/proc/root.c registers them in the kernel). */
import type { Mount } from '../vfs';
import { ipc_sysctl_mounts } from '../../ipc/ipc_sysctl';
import { sysvipc_mount } from './sysvipc';
import { net_mounts } from '../../net/proc';

export const PROC_MOUNTS: readonly Mount[] = [...ipc_sysctl_mounts, sysvipc_mount, ...net_mounts];
