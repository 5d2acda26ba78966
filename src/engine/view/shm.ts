/**
 * The model of the shared-memory attachments view: every segment of the
 * namespace (ipc/shm.c shmid_kernel: key, mode with SHM_DEST and
 * SHM_LOCKED, size, nattch, creator, lpid) and every process with its
 * attachments (the shm VMAs of its mm, ipc/shmat.ts and mm/mmap.ts), plus
 * what the operation did to them, from its trace.
 *
 * Simplified: at most MAX_SEGMENTS segments and MAX_TASKS processes are
 * listed (the rest are counted); a VMA split by SHM_REMAP is listed as its
 * pieces, each with the ADDR number of the shmat it came from.
 *
 * Glossary: `k` = the attachment's ADDR(k) number (the kernel's count of
 * successful shmats, which is the workload's); `dest` = SHM_DEST, removed
 * while attached; `orphan` = its creator has exited.
 */
import { shm_ids, SHM_DEST, SHM_LOCKED } from '../ipc/shm';
import { ipc_idr_get_next } from '../ipc/ipc_idr';
import { NO_PROBE } from '../probe';
import type { TraceEvent } from '../trace';
import type { Extractor } from './types';

export const MAX_SEGMENTS = 64;
export const MAX_TASKS = 32;

export interface ShmSegmentView {
  id: number;
  key: number;
  /** the permission bits (0777) */
  perms: number;
  dest: boolean;
  locked: boolean;
  /** shm_segsz, decimal (a size_t) */
  size: string;
  nattch: number;
  cpid: number;
  lpid: number;
  /** the creator's pid, 0 for an orphan */
  creator: number;
}

export interface ShmAttachmentView {
  /** ADDR(k) */
  k: number;
  shmid: number;
  /** the mapping's start and end (exclusive), `%#x` */
  start: string;
  end: string;
  /** the page of the segment the mapping starts at (0 unless a split) */
  pgoff: number;
  rdonly: boolean;
  exec: boolean;
}

export interface ShmTaskView {
  pid: number;
  name: string;
  attachments: ShmAttachmentView[];
}

/** What the operation did, from its trace. */
export interface ShmOpSummary {
  /** ADDR numbers attached */
  attached: number[];
  /** segment ids whose VMAs were opened / closed, in order (repeats kept) */
  opened: number[];
  closed: number[];
  /** segments marked SHM_DEST */
  dest: number[];
  /** segments destroyed, with why */
  destroyed: { id: number; why: string }[];
  /** segments whose creator exited */
  orphaned: number[];
}

export interface ShmModel {
  segments: ShmSegmentView[];
  /** segments not listed (beyond MAX_SEGMENTS) */
  more_segments: number;
  tasks: ShmTaskView[];
  more_tasks: number;
  rmid_forced: boolean;
  op: ShmOpSummary;
}

const hex = (a: bigint) => '0x' + a.toString(16);

function summarise(events: readonly TraceEvent[]): ShmOpSummary {
  const op: ShmOpSummary = { attached: [], opened: [], closed: [], dest: [], destroyed: [], orphaned: [] };
  for (const e of events) {
    if (e.kind === 'shm_attach') op.attached.push(e.k);
    else if (e.kind === 'shm_vma_open') op.opened.push(e.id);
    else if (e.kind === 'shm_vma_close') op.closed.push(e.id);
    else if (e.kind === 'shm_dest') op.dest.push(e.id);
    else if (e.kind === 'shm_destroy') op.destroyed.push({ id: e.id, why: e.why });
    else if (e.kind === 'shm_orphan') op.orphaned.push(e.id);
  }
  return op;
}

/** The shared-memory view's model (see the file comment). Pure. */
export const extract_shm: Extractor<ShmModel> = (kernel, events) => {
  const ids = shm_ids(kernel);
  const segments: ShmSegmentView[] = [];
  let count = 0;
  const cursor = { id: 0 };
  for (let shp = ipc_idr_get_next(ids.ipcs_idr, cursor, NO_PROBE); shp !== null; shp = ipc_idr_get_next(ids.ipcs_idr, cursor, NO_PROBE)) {
    cursor.id++;
    count++;
    if (segments.length >= MAX_SEGMENTS) continue;
    segments.push({
      id: shp.id,
      key: shp.key,
      perms: shp.mode & 0o777,
      dest: (shp.mode & SHM_DEST) !== 0,
      locked: (shp.mode & SHM_LOCKED) !== 0,
      size: shp.shm_segsz.toString(),
      nattch: shp.shm_nattch,
      cpid: shp.shm_cprid,
      lpid: shp.shm_lprid,
      creator: shp.shm_creator,
    });
  }
  const tasks: ShmTaskView[] = [];
  let taskCount = 0;
  for (const t of kernel.state.tasks.tasks.values()) {
    taskCount++;
    if (tasks.length >= MAX_TASKS) continue;
    tasks.push({
      pid: t.pid,
      name: t.comm,
      attachments: t.mm.map((v) => ({ k: v.file, shmid: v.shmid, start: hex(v.vm_start), end: hex(v.vm_end), pgoff: Number(v.vm_pgoff), rdonly: v.rdonly, exec: v.exec })),
    });
  }
  return {
    segments,
    more_segments: count - segments.length,
    tasks,
    more_tasks: taskCount - tasks.length,
    rmid_forced: kernel.state.ipc.shm_rmid_forced !== 0,
    op: summarise(events),
  };
};
