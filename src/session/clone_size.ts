/**
 * A rough size, in bytes, of what structuredClone copies: enough to keep
 * the checkpoints of a run within a memory budget, not an exact heap size.
 * Objects and arrays count a header and a slot per property, strings two
 * bytes a character. Walks iteratively, so deep structures cannot overflow
 * the stack; shared references are counted once.
 */

const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;
const BIGINT_BYTES = 16;

export function estimateCloneBytes(root: unknown): number {
  let bytes = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        bytes += SLOT_BYTES + 2 * v.length;
        continue;
      case 'bigint':
        bytes += BIGINT_BYTES;
        continue;
      case 'object':
        break;
      default:
        bytes += SLOT_BYTES;
        continue;
    }
    if (v === null || seen.has(v)) {
      bytes += SLOT_BYTES;
      continue;
    }
    seen.add(v);
    bytes += OBJECT_BYTES;
    if (ArrayBuffer.isView(v)) {
      bytes += v.byteLength;
    } else if (v instanceof Map) {
      for (const [key, value] of v) stack.push(key, value);
    } else if (v instanceof Set) {
      for (const value of v) stack.push(value);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else {
      for (const key in v) stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return bytes;
}
