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
import { extract_shm } from './shm';

export const EXTRACTORS: Partial<Record<ViewId, Extractor>> = {
  idr: extract_idr as Extractor,
  maxidx: extract_maxidx as Extractor,
  proc: extract_proc as Extractor,
  percpu: extract_percpu as Extractor,
  seqfile: extract_seqfile as Extractor,
  keyht: extract_keyht as Extractor,
  shm: extract_shm as Extractor,
};
