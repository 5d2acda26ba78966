/**
 * The local draft: the workload as the user last edited it, kept in
 * localStorage as `{ v: 1, workload }` so a reload finds it. Storage may be
 * missing or full (private windows): every access is allowed to fail.
 */

export const DRAFT_KEY = 'ipcscope:draft';
export const DRAFT_VERSION = 1;

export interface Draft {
  v: 1;
  workload: string;
}

export function loadDraft(storage: Storage | null = globalThis.localStorage ?? null): Draft | null {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (raw == null) return null;
    const d: unknown = JSON.parse(raw);
    if (typeof d === 'object' && d !== null && (d as Draft).v === DRAFT_VERSION && typeof (d as Draft).workload === 'string') {
      return { v: 1, workload: (d as Draft).workload };
    }
    return null;
  } catch {
    return null;
  }
}

/** Saves the draft; false when the storage refused it. */
export function saveDraft(workload: string, storage: Storage | null = globalThis.localStorage ?? null): boolean {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify({ v: DRAFT_VERSION, workload } satisfies Draft));
    return storage != null;
  } catch {
    return false;
  }
}
