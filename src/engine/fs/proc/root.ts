/** Which mechanism owns which part of /proc (fs/proc/root.c registers them in the kernel). */
import type { Mount } from '../vfs';
import { ipc_sysctl_mounts } from '../../ipc/ipc_sysctl';
import { sysvipc_mount } from './sysvipc';
import { net_mounts } from '../../net/proc';
import { proc_sysctl_mount } from './proc_sysctl';

/** in lookup order: proc_sysctl_mount answers for the /proc/sys names the mechanisms before it leave */
export const PROC_MOUNTS: readonly Mount[] = [...ipc_sysctl_mounts, sysvipc_mount, ...net_mounts, proc_sysctl_mount];
