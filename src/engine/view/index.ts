/**
 * The extractor of every view, by id. Each view adds its own line.
 */
import type { Extractor, ViewId } from './types';
import { extract_idr } from './idr';
import { extract_maxidx } from './maxidx';
import { extract_proc } from './proc';
import { extract_percpu } from './percpu';
import { extract_seqfile } from './seqfile';
import { extract_keyht } from './keyht';
import { extract_sem } from './sem';
import { extract_shm } from './shm';

export const EXTRACTORS: Partial<Record<ViewId, Extractor>> = {
  idr: extract_idr,
  maxidx: extract_maxidx,
  proc: extract_proc,
  percpu: extract_percpu,
  seqfile: extract_seqfile,
  keyht: extract_keyht,
  sem: extract_sem,
  shm: extract_shm,
};
