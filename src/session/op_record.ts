/**
 * What the console shows of one executed operation, and the cache of the
 * most recent ones. The output of one operation is capped (a `cat` of
 * /proc/sysvipc/msg with 32000 queues is 32001 lines): the page receives
 * at most RECORD_MAX_LINES lines of it and the number left out.
 */

export const RECORD_MAX_LINES = 200;
export const RECORD_MAX_CHARS = 32 * 1024;

export interface OpRecord {
  /** 1-based index of the operation in the run */
  op: number;
  /** 1-based source line and offsets of the statement */
  line: number;
  start: number;
  end: number;
  /** the operation's output lines (at most RECORD_MAX_LINES) */
  lines: string[];
  /** output lines not included */
  omitted: number;
  /** the operation returned an error (`= -1 E...`) */
  failed: boolean;
}

export function makeRecord(op: number, line: number, start: number, end: number, output: string, result: number): OpRecord {
  const text = output.endsWith('\n') ? output.slice(0, -1) : output;
  const all = text.length <= RECORD_MAX_CHARS ? text.split('\n') : null;
  let lines: string[];
  let omitted: number;
  if (all !== null && all.length <= RECORD_MAX_LINES) {
    lines = all;
    omitted = 0;
  } else {
    const total = all?.length ?? countLines(text);
    let head = all;
    if (head === null) {
      head = text.slice(0, RECORD_MAX_CHARS).split('\n');
      head.pop(); // the last piece may be cut
    }
    lines = head.slice(0, RECORD_MAX_LINES);
    omitted = total - lines.length;
  }
  return { op, line, start, end, lines, omitted, failed: result < 0 };
}

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * The records of a contiguous range of operations, `first` to
 * `first + records.length - 1`, at most 2 * keep of them; trimmed from the
 * front in batches so that appending stays cheap.
 */
export interface RecordCache {
  first: number;
  records: OpRecord[];
  readonly keep: number;
}

export function createRecordCache(keep: number): RecordCache {
  return { first: 1, records: [], keep };
}

/** Adds the record of operation `r.op`: appended when it follows the range, else the range restarts at it. */
export function cacheRecord(cache: RecordCache, r: OpRecord): void {
  const next = cache.first + cache.records.length;
  if (r.op >= cache.first && r.op < next) return;
  if (r.op !== next) {
    cache.first = r.op;
    cache.records = [];
  }
  cache.records.push(r);
  if (cache.records.length >= 2 * cache.keep) {
    cache.records = cache.records.slice(cache.keep);
    cache.first += cache.keep;
  }
}

/** The first operation in [from, to] the cache lacks, or to + 1 when it has them all. */
export function firstMissing(cache: RecordCache, from: number, to: number): number {
  const next = cache.first + cache.records.length;
  if (from < cache.first || from >= next) return from;
  return Math.min(next, to + 1);
}

export function cachedRecord(cache: RecordCache, op: number): OpRecord | undefined {
  return cache.records[op - cache.first];
}

/**
 * The records that end at operation `last`, going back at most `maxOps`
 * operations and `maxLines` output lines (the record of `last` always
 * included); all of them must be cached.
 */
export function recordWindow(cache: RecordCache, last: number, maxOps: number, maxLines: number): OpRecord[] {
  const out: OpRecord[] = [];
  let lines = 0;
  for (let op = last; op >= 1 && out.length < maxOps; op--) {
    const r = cachedRecord(cache, op);
    if (r === undefined) break;
    lines += r.lines.length;
    if (out.length > 0 && lines > maxLines) break;
    out.push(r);
  }
  return out.reverse();
}
