/**
 * ipc/shm.c (2.6.25 … 6.18): attach, detach, removal and shm_rmid_forced.
 */
import type { CodeListing } from '../listings';

export const SHM_LISTINGS = {
  do_shmat: {
    name: 'do_shmat',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'do_shmat(shmid, shmaddr, shmflg):'],
      ['args', '  shmid < 0 → -EINVAL; unaligned addr: SHM_RND rounds it down (to 0 with SHM_REMAP → -EINVAL), else -EINVAL; no addr with SHM_REMAP → -EINVAL'],
      ['lookup', '  shp = shm_obtain_object_check(ns, shmid)            ‹-EINVAL›'],
      ['perms', '  ipcperms(shp, S_IRUGO | S_IWUGO unless SHM_RDONLY | S_IXUGO with SHM_EXEC)   ‹-EACCES›'],
      ['hold', '  shp->shm_nattch++          (held while mapping, so the segment cannot go)'],
      ['overlap', '  fixed addr without SHM_REMAP: a mapping in [addr, addr + size) → -EINVAL'],
      ['mmap', '  addr = do_mmap(file, addr, size, prot, MAP_SHARED [| MAP_FIXED])  → shm_mmap → __shm_open'],
      ['release', '  shp->shm_nattch--; if shm_may_destroy(shp): shm_destroy(shp)   (also after a late failure)'],
      ['ret', '  return addr'],
    ],
  },
  shm_open: {
    name: '__shm_open',
    file: 'ipc/shm.c',
    lines: [
      ['entry', '__shm_open(vma):   ‹a new VMA of the segment: shmat, fork, a split›'],
      ['count', '  shp->shm_atim = now; shp->shm_lprid = current; shp->shm_nattch++'],
    ],
  },
  shm_close: {
    name: '__shm_close',
    file: 'ipc/shm.c',
    lines: [
      ['entry', '__shm_close(vma):   ‹a VMA of the segment goes: shmdt, munmap, exit›'],
      ['count', '  shp->shm_lprid = current; shp->shm_dtim = now; shp->shm_nattch--'],
      ['destroy', '  if shm_may_destroy(shp)   (nattch == 0 and (SHM_DEST or shm_rmid_forced)): shm_destroy(shp)'],
    ],
  },
  ksys_shmdt: {
    name: 'ksys_shmdt',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'ksys_shmdt(shmaddr):'],
      ['align', '  shmaddr not page aligned → -EINVAL'],
      ['find', '  the first shm VMA at or above shmaddr with (vm_start - shmaddr) / PAGE_SIZE == vm_pgoff'],
      ['unmap', '  do_munmap it (→ __shm_close), then every later fragment of the same file within the segment size'],
      ['ret', '  return 0, or -EINVAL when nothing starts there'],
    ],
  },
  do_shm_rmid: {
    name: 'do_shm_rmid',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'do_shm_rmid(ns, shp):   ‹shmctl(IPC_RMID)›'],
      ['dest', '  if shp->shm_nattch: shp->shm_perm.mode |= SHM_DEST; ipc_set_key_private(&shm_ids(ns), &shp->shm_perm)'],
      ['destroy', '  else: shm_destroy(ns, shp)'],
    ],
  },
  shm_destroy: {
    name: 'shm_destroy',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'shm_destroy(ns, shp):'],
      ['tot', '  ns->shm_tot -= pages of shp'],
      ['rmid', '  shm_rmid(ns, shp): list_del(&shp->shm_clist); ipc_rmid(&shm_ids(ns), &shp->shm_perm)'],
      ['free', '  unlock a SHM_LOCKED file; fput(shm_file); drop cprid, lprid'],
    ],
  },
  exit_shm: {
    name: 'exit_shm',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'exit_shm(task):   ‹do_exit, after exit_mm has unmapped every attachment›'],
      ['orphan', '  for each shp on task->sysvshm.shm_clist: shp->shm_creator = NULL   (an orphan)'],
      ['forced', '  shm_rmid_forced: if shm_may_destroy(shp): shm_destroy(ns, shp)'],
    ],
  },
  shm_destroy_orphaned: {
    name: 'shm_destroy_orphaned',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'shm_destroy_orphaned(ns):   ‹any access to kernel.shm_rmid_forced while it is 1›'],
      ['walk', '  idr_for_each: shp->shm_creator == NULL and shm_may_destroy(shp) → shm_destroy(ns, shp)'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
