/**
 * The extractor of every view, by id. Each view adds its own line.
 */
import type { Extractor, ViewId } from './types';

export const EXTRACTORS: Partial<Record<ViewId, Extractor>> = {
  // idr: extract_idr,
  // maxidx: extract_maxidx,
  // proc: extract_proc,
  // percpu: extract_percpu,
  // seqfile: extract_seqfile,
};
