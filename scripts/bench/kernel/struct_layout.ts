// Prints the byte offsets of kernel structs from the running kernel's BTF
// (/sys/kernel/btf/vmlinux), with the 64-byte line each field falls on:
//
//   npx tsx scripts/bench/kernel/struct_layout.ts ipc_namespace ipc_ids rw_semaphore idr xarray
//
// src/engine/smp/ipc_layout.ts takes its 6.x offsets from this output. Only
// the parts of the BTF format needed for struct members are decoded
// (Documentation/bpf/btf.rst: a header, then type records, then strings).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface BtfType {
  name: string;
  kind: number;
  bitfield: boolean;
  /** size in bytes, or the referenced type id */
  size: number;
  array?: { type: number; n: number };
  members?: { name: string; type: number; bits: number }[];
}

const KIND = {
  INT: 1,
  PTR: 2,
  ARRAY: 3,
  STRUCT: 4,
  UNION: 5,
  ENUM: 6,
  FWD: 7,
  TYPEDEF: 8,
  VOLATILE: 9,
  CONST: 10,
  RESTRICT: 11,
  FUNC: 12,
  FUNC_PROTO: 13,
  VAR: 14,
  DATASEC: 15,
  FLOAT: 16,
  DECL_TAG: 17,
  TYPE_TAG: 18,
  ENUM64: 19,
};

/** Trailing bytes after the 12-byte header of a type record of `kind` with `vlen` entries. */
function extra(kind: number, vlen: number): number {
  switch (kind) {
    case KIND.INT:
    case KIND.VAR:
    case KIND.DECL_TAG:
      return 4;
    case KIND.ARRAY:
      return 12;
    case KIND.STRUCT:
    case KIND.UNION:
    case KIND.DATASEC:
    case KIND.ENUM64:
      return 12 * vlen;
    case KIND.ENUM:
    case KIND.FUNC_PROTO:
      return 8 * vlen;
    default:
      return 0;
  }
}

function parse(buf: Buffer): (BtfType | null)[] {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (dv.getUint16(0, true) !== 0xeb9f) throw new Error('not a little-endian BTF blob');
  const hdrLen = dv.getUint32(4, true);
  const typeOff = hdrLen + dv.getUint32(8, true);
  const typeEnd = typeOff + dv.getUint32(12, true);
  const strOff = hdrLen + dv.getUint32(16, true);
  const str = (o: number): string => {
    let e = strOff + o;
    while (buf[e] !== 0) e++;
    return buf.toString('utf8', strOff + o, e);
  };
  const types: (BtfType | null)[] = [null];
  for (let p = typeOff; p < typeEnd;) {
    const info = dv.getUint32(p + 4, true);
    const t: BtfType = { name: str(dv.getUint32(p, true)), kind: (info >>> 24) & 0x1f, bitfield: info >>> 31 === 1, size: dv.getUint32(p + 8, true) };
    const vlen = info & 0xffff;
    if (t.kind === KIND.ARRAY) t.array = { type: dv.getUint32(p + 12, true), n: dv.getUint32(p + 20, true) };
    if (t.kind === KIND.STRUCT || t.kind === KIND.UNION) {
      t.members = [];
      for (let i = 0; i < vlen; i++) {
        const q = p + 12 + 12 * i;
        const off = dv.getUint32(q + 8, true);
        t.members.push({ name: str(dv.getUint32(q, true)), type: dv.getUint32(q + 4, true), bits: t.bitfield ? off & 0xffffff : off });
      }
    }
    types.push(t);
    p += 12 + extra(t.kind, vlen);
  }
  return types;
}

const types = parse(readFileSync('/sys/kernel/btf/vmlinux'));

function sizeOf(id: number): number {
  if (id === 0) return 0;
  const t = types[id]!;
  if (t.kind === KIND.PTR) return 8;
  if (t.kind === KIND.ARRAY) return t.array!.n * sizeOf(t.array!.type);
  if ([KIND.TYPEDEF, KIND.VOLATILE, KIND.CONST, KIND.RESTRICT, KIND.TYPE_TAG].includes(t.kind)) return sizeOf(t.size);
  return t.size;
}

function typeName(id: number): string {
  if (id === 0) return 'void';
  const t = types[id]!;
  if (t.kind === KIND.PTR) return `${typeName(t.size)} *`;
  if (t.kind === KIND.ARRAY) return `${typeName(t.array!.type)}[${t.array!.n}]`;
  if ([KIND.VOLATILE, KIND.CONST, KIND.RESTRICT, KIND.TYPE_TAG].includes(t.kind)) return typeName(t.size);
  const tag = t.kind === KIND.STRUCT ? 'struct ' : t.kind === KIND.UNION ? 'union ' : '';
  return tag + (t.name || '(anonymous)');
}

const names = (() => {
  try {
    return parseArgs({ allowPositionals: true }).positionals;
  } catch (e) {
    process.stderr.write(`struct_layout: ${e instanceof Error ? e.message : String(e)}\n`);
    return [];
  }
})();
if (names.length === 0) {
  process.stderr.write('usage: struct_layout.ts STRUCT...\n');
  process.exit(2);
}
for (const name of names) {
  const id = types.findIndex((t) => t !== null && t.kind === KIND.STRUCT && t.name === name);
  if (id < 0) {
    process.stdout.write(`struct ${name}: not in this kernel's BTF\n`);
    continue;
  }
  const t = types[id]!;
  process.stdout.write(`struct ${name}: ${t.size} bytes\n`);
  for (const m of t.members ?? []) {
    const byte = Math.floor(m.bits / 8);
    process.stdout.write(`  +${String(byte).padStart(5)}  line ${Math.floor(byte / 64)} byte ${String(byte % 64).padStart(2)}  ${m.name}: ${typeName(m.type)} (${sizeOf(m.type)} bytes)\n`);
  }
}
