/**
 * The `__dev_alloc_name` scan as far as "step into" has gone: the devices
 * examined so far, the numbers they claimed (the bitmap), the number
 * allocated once the scan is over. At the end of the operation the
 * extractor's summary is used, which counts events beyond the frame's cap.
 */
import { MAX_SCAN_BITS, type NameScan, type ProcModel } from '../../../engine/view/proc';
import type { ViewFrame } from '../types';

export interface ScanAt extends NameScan {
  /** the scan has not started yet (sub before its first event) */
  started: boolean;
  done: boolean;
}

export function scan_at(frame: ViewFrame<ProcModel>, sub: number): ScanAt | null {
  const whole = frame.after.op.scan;
  if (whole === null) return null;
  if (sub >= frame.events.length) return { ...whole, started: true, done: true };
  const s: ScanAt = { pattern: whole.pattern, scanned: 0, claimed: 0, bits: [], alloc: null, name: null, started: false, done: false };
  for (let i = 0; i < sub; i++) {
    const e = frame.events[i]!;
    if (e.kind === 'dev_name_scan') {
      s.started = true;
      s.scanned++;
      if (e.bit !== null) {
        s.claimed++;
        if (e.bit < MAX_SCAN_BITS) s.bits.push(e.bit);
      }
    } else if (e.kind === 'dev_name_alloc') {
      s.started = s.done = true;
      s.alloc = e.bit;
      s.name = e.name;
    }
  }
  s.bits.sort((a, b) => a - b);
  return s;
}

/** Bitmap cells drawn: whole rows of 64 covering every claimed bit and the allocated one, at most MAX_SCAN_BITS. */
export function scan_cells(s: NameScan): number {
  const top = Math.max(s.alloc ?? 0, s.bits.length > 0 ? s.bits[s.bits.length - 1]! : 0) + 1;
  return Math.min(MAX_SCAN_BITS, Math.max(64, Math.ceil(top / 64) * 64));
}

/**
 * The bitmap as two SVG paths (numbers in use, free numbers) of `cell`-sized
 * squares, 64 to a row: three elements instead of a thousand.
 */
export function scan_paths(s: NameScan, cells: number, cell: number): { used: string; free: string } {
  const inUse = new Set(s.bits);
  let used = '';
  let free = '';
  for (let bit = 0; bit < cells; bit++) {
    if (bit === s.alloc) continue;
    const sq = `M${(bit % 64) * cell} ${Math.floor(bit / 64) * cell}h${cell - 1}v${cell - 1}h${1 - cell}z`;
    if (inUse.has(bit)) used += sq;
    else free += sq;
  }
  return { used, free };
}
