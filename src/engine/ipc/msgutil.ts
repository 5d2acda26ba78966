/**
 * ipc/msgutil.c of Linux 6.18: a message's payload. load_msg copies the
 * bytes in as alloc_msg lays them out, the first DATALEN_MSG (4048) in the
 * msg_msg header's page, the rest in a chain of msg_msgseg pages of
 * DATALEN_SEG (4088) each; store_msg (and MSG_COPY's copy_msg) reads them
 * back chunk by chunk, as copy_to_user does.
 *
 * Simplified: the pages are byte strings, not allocations: no kmalloc
 * failure (-ENOMEM), no free_msg; a message of the language's size form
 * (zero bytes) keeps no text (mtext null), only its size.
 *
 * Glossary: m_ts = the message's size in bytes; mtext = the bytes in the
 * header's page; next = the msg_msgseg chain, one byte string per page.
 */
import type { MsgMsg } from './namespace';

/** PAGE_SIZE - sizeof(struct msg_msg): the text bytes in the header's allocation (4 KiB pages, 64-bit). */
export const DATALEN_MSG = 4096 - 48;
/** PAGE_SIZE - sizeof(struct msg_msgseg): the text bytes in each further segment. */
export const DATALEN_SEG = 4096 - 8;
const NO_SEGS: readonly string[] = [];

/**
 * load_msg: a message of `len` bytes as alloc_msg lays it out: the first
 * DATALEN_MSG in the header's page, then one msg_msgseg per DATALEN_SEG.
 * `bytes` is a byte string of length `len`, or null for `len` zero bytes.
 */
export function load_msg(mtype: bigint, len: number, bytes: string | null): MsgMsg {
  if (bytes === null) return { m_type: mtype, m_ts: len, mtext: null, next: NO_SEGS as string[] };
  const next: string[] = [];
  for (let at = DATALEN_MSG; at < len; at += DATALEN_SEG) next.push(bytes.slice(at, at + DATALEN_SEG));
  return { m_type: mtype, m_ts: len, mtext: bytes.slice(0, DATALEN_MSG), next };
}

/** The msg_msgseg pages a message of `len` bytes needs (alloc_msg's loop). */
export function msg_segments(len: number): number {
  return len <= DATALEN_MSG ? 0 : Math.ceil((len - DATALEN_MSG) / DATALEN_SEG);
}

/**
 * store_msg: the first `len` bytes of the message, read chunk by chunk as
 * copy_to_user does; null when the message was zero-filled.
 */
export function store_msg(msg: MsgMsg, len: number): string | null {
  if (msg.mtext === null) return null;
  let out = msg.mtext.slice(0, len);
  for (let i = 0; i < msg.next.length && out.length < len; i++) out += msg.next[i]!.slice(0, len - out.length);
  return out;
}
