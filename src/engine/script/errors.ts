/**
 * Every error a workload can end with: a stable code, a message, and the
 * source span it is about. Each code has a named constructor that throws a
 * WorkloadAbort; the two boundaries (`parse` and the interpreter's `step`)
 * catch it and hand out a plain `WorkloadError` with line and column, so no
 * JS exception ever reaches a user.
 */
import type { Span } from './ast';
import { lineColumn, lineStarts } from './source_map';

export type ErrorCode =
  // lexer and block structure
  | 'unterminated_interpolation'
  | 'unmatched_close_brace'
  | 'unexpected_open_brace'
  | 'missing_block'
  | 'missing_close_brace'
  // statements
  | 'unknown_statement'
  | 'unknown_call'
  | 'wrong_argument_count'
  | 'constant_as_variable'
  | 'unsupported_ip_command'
  | 'forbidden_sysctl'
  | 'variable_in_sysctl_path'
  // processes and the operations half (part 2)
  | 'bad_process_name'
  | 'missing_process_statement'
  | 'main_cannot_end'
  | 'main_creds'
  | 'bad_sembuf'
  | 'misplaced_sembuf'
  | 'misplaced_value_list'
  | 'process_blocked'
  | 'sembuf_count_out_of_range'
  | 'timeout_too_long'
  | 'bad_semctl_argument'
  | 'setall_count_mismatch'
  | 'unmodeled_operation'
  | 'unknown_field'
  | 'fields_need_stat'
  | 'unterminated_string'
  | 'bad_string_literal'
  | 'misplaced_string'
  | 'symbolic_value'
  | 'no_such_attachment'
  | 'fixed_address_out_of_range'
  | 'second_creds'
  | 'bad_field_setting'
  | 'fields_with_union'
  // multi-CPU declarations
  | 'misplaced_declaration'
  | 'duplicate_declaration'
  | 'misplaced_machine'
  | 'missing_declaration_value'
  | 'bad_cpus_form'
  | 'bad_duration_form'
  | 'missing_task_name'
  | 'bad_task_form'
  | 'forever_with_arguments'
  /** a declared value out of its range, an unknown machine, a bad machine constant (the SMP model's checks) */
  | 'bad_declaration'
  | 'multi_cpu_not_steppable'
  // #@default directives (directives.ts)
  | 'bad_default'
  | 'empty_default'
  | 'default_out_of_range'
  | 'duplicate_default'
  // expressions
  | 'empty_expression'
  | 'unexpected_character'
  | 'invalid_octal_literal'
  | 'unexpected_token'
  | 'missing_close_paren'
  | 'expression_too_long'
  // run time
  | 'undefined_variable'
  | 'unmodeled_path'
  | 'step_limit'
  | 'internal_error';

/** A parse or run-time error as plain data. `line`/`column` are 1-based. */
export interface WorkloadError {
  code: ErrorCode;
  message: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

/** Thrown by the constructors below; caught at the parse/step boundaries only. */
export class WorkloadAbort extends Error {
  readonly code: ErrorCode;
  readonly start: number;
  readonly end: number;
  constructor(code: ErrorCode, message: string, span: Span) {
    super(message);
    this.code = code;
    this.start = span.start;
    this.end = span.end;
  }
}

/** The plain error for an abort, positioned in `source`. */
export function toWorkloadError(source: string, abort: WorkloadAbort): WorkloadError {
  return makeError(source, abort.code, abort.message, abort);
}

export function makeError(source: string, code: ErrorCode, message: string, span: Span): WorkloadError {
  const { line, column } = lineColumn(lineStarts(source), span.start);
  return { code, message, line, column, start: span.start, end: span.end };
}

/** The exit status an error ends a workload with: 3 for an internal failure, else 2. */
export function errorExitCode(e: WorkloadError): 2 | 3 {
  return e.code === 'internal_error' ? 3 : 2;
}

function fail(code: ErrorCode, message: string, span: Span): never {
  throw new WorkloadAbort(code, message, span);
}

/** Source text as shown in a one-line message: control characters escaped, long text cut. */
export function shown(text: string, max = 60): string {
  const cut = text.length > max ? text.slice(0, max) + '…' : text;
  return cut.replace(/[\x00-\x1f\x7f\x85\u2028\u2029]/g, (c) => {
    const n = c.charCodeAt(0);
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return n < 0x100 ? '\\x' + n.toString(16).padStart(2, '0') : '\\u' + n.toString(16);
  });
}

// --- lexer and blocks -------------------------------------------------------------

export function unterminated_interpolation(span: Span): never {
  return fail('unterminated_interpolation', '`${` is never closed by `}`', span);
}

export function unmatched_close_brace(span: Span): never {
  return fail('unmatched_close_brace', '`}` does not close any block', span);
}

export function unexpected_open_brace(span: Span): never {
  return fail('unexpected_open_brace', '`{` can only open the block of a `repeat` or `for`', span);
}

export function missing_block(span: Span, keyword: string): never {
  return fail('missing_block', `\`${keyword}\` must be followed by a \`{ ... }\` block`, span);
}

export function missing_close_brace(span: Span, keyword: string): never {
  return fail('missing_close_brace', `the block of this \`${keyword}\` is never closed with \`}\``, span);
}

// --- statements ---------------------------------------------------------------------

export function unknown_statement(span: Span, text: string, expected: string | null): never {
  return fail('unknown_statement', expected === null ? `cannot parse statement \`${shown(text)}\`` : `cannot parse \`${shown(text)}\`: expected ${expected}`, span);
}

export function unknown_call(span: Span, name: string, known: readonly string[]): never {
  return fail('unknown_call', `unknown call \`${name}\` (the calls are ${known.join(', ')})`, span);
}

export function wrong_argument_count(span: Span, name: string, min: number, max: number, got: number): never {
  return fail('wrong_argument_count', `${name} takes ${min === max ? min : `${min} or ${max}`} arguments, got ${got}`, span);
}

export function constant_as_variable(span: Span, name: string): never {
  return fail('constant_as_variable', `\`${name}\` is a constant and cannot be used as a variable`, span);
}

export function unsupported_ip_command(span: Span): never {
  return fail('unsupported_ip_command', 'unsupported ip command: expected `ip link add [[name] NAME] type KIND` or `ip link del [dev] NAME`', span);
}

export function forbidden_sysctl(span: Span, path: string): never {
  return fail(
    'forbidden_sysctl',
    `refusing to write ${shown(path)}: echo may only write an IPC-namespaced sysctl ` + '(/proc/sys/kernel/msg*, sem*, shm*, auto_msgmni), /proc/sys/fs/mqueue/* or /proc/sys/net/*',
    span,
  );
}

export function variable_in_sysctl_path(span: Span): never {
  return fail('variable_in_sysctl_path', 'the path written by echo cannot contain a variable', span);
}

// --- processes and the operations half ---------------------------------------------

export function bad_process_name(span: Span, name: string): never {
  return fail('bad_process_name', `bad process name @${shown(name)} (a process name is [a-z][a-z0-9_]*)`, span);
}

export function missing_process_statement(span: Span, name: string): never {
  return fail('missing_process_statement', `@${name} needs a statement`, span);
}

export function main_cannot_end(span: Span): never {
  return fail('main_cannot_end', '`main` can neither exit nor be killed', span);
}

export function main_creds(span: Span): never {
  return fail('main_creds', '`main` stays root: `creds` needs another process', span);
}

export function bad_sembuf(span: Span, text: string): never {
  return fail('bad_sembuf', `expected a sembuf \`{num, op[, flg]} [x COUNT]\`, got \`${shown(text)}\``, span);
}

export function misplaced_sembuf(span: Span, call: string): never {
  return fail('misplaced_sembuf', `${call}'s arguments before the sembufs are expressions, not \`{...}\``, span);
}

export function misplaced_value_list(span: Span): never {
  return fail('misplaced_value_list', "a `{list}` is only allowed as semctl's 4th argument or as a semop sembuf", span);
}

export function process_blocked(span: Span, name: string, call: string): never {
  return fail('process_blocked', `process ${name} is blocked in ${call}`, span);
}

export function sembuf_count_out_of_range(span: Span, n: bigint, max: number): never {
  return fail('sembuf_count_out_of_range', `sembuf count ${n} out of 0..${max}`, span);
}

export function timeout_too_long(span: Span, ns: bigint, max: bigint): never {
  return fail('timeout_too_long', `semtimedop timeout ${ns} ns is above ${max}`, span);
}

export function bad_semctl_argument(span: Span): never {
  return fail('bad_semctl_argument', "semctl's 4th argument is a value for SETVAL or a {list} for SETALL", span);
}

export function setall_count_mismatch(span: Span, given: number, nsems: number): never {
  return fail('setall_count_mismatch', `SETALL with ${given} values for a set of ${nsems} semaphores`, span);
}

export function unknown_field(span: Span, name: string, struct: string): never {
  return fail('unknown_field', `no field ${shown(name)} in ${struct}`, span);
}

export function fields_need_stat(span: Span): never {
  return fail('fields_need_stat', 'fields to print need a STAT or INFO command', span);
}

export function unterminated_string(span: Span): never {
  return fail('unterminated_string', 'unterminated string literal (a string ends with `"` on its own line)', span);
}

/** A bad escape in a string literal: `what` says which. */
export function bad_string_literal(span: Span, what: string): never {
  return fail('bad_string_literal', `bad string literal: ${what}`, span);
}

export function misplaced_string(span: Span): never {
  return fail('misplaced_string', "a string is only allowed as msgsnd's message", span);
}

/** `what` (ADDR(k), or a variable holding it) used where only shmdt may take it; a pid(NAME) (`pid`) not even there. */
export function symbolic_value(span: Span, what: string, pid = false): never {
  return fail('symbolic_value', `${what} is symbolic: it can only be stored${pid ? ' (it is no address for shmdt)' : ' and passed to shmdt'}`, span);
}

export function no_such_attachment(span: Span, k: bigint): never {
  return fail('no_such_attachment', `ADDR(${k}): there is no such attachment (yet)`, span);
}

export function fixed_address_out_of_range(span: Span, addr: bigint, limit: bigint): never {
  return fail('fixed_address_out_of_range', `shmat at 0x${addr.toString(16)}: a fixed address must lie below 0x${limit.toString(16)}`, span);
}

/** A fixed-address shmat in a process after `creds`: below vm.mmap_min_addr only root may map, so the result would depend on the machine. */
export function fixed_address_after_creds(span: Span): never {
  return fail('fixed_address_out_of_range', 'shmat at a fixed address after creds: below vm.mmap_min_addr the result would depend on the machine', span);
}

export function second_creds(span: Span, name: string, uid: number, gid: number): never {
  return fail('second_creds', `creds is allowed once per process (${name} has ${uid} ${gid})`, span);
}

/** `name=value` outside IPC_SET, mixed with fields to print, or naming a field IPC_SET does not read. */
export function bad_field_setting(span: Span, message: string): never {
  return fail('bad_field_setting', message, span);
}

export function fields_with_union(span: Span): never {
  return fail('fields_with_union', 'semctl takes either a union argument or fields', span);
}

/** A statement of part 2 that ipcscope does not model yet (`what` says which). */
export function unmodeled_operation(span: Span, what: string): never {
  return fail('unmodeled_operation', `ipcscope does not model ${what} yet`, span);
}

// --- expressions --------------------------------------------------------------------

export function empty_expression(span: Span): never {
  return fail('empty_expression', 'missing expression', span);
}

export function unexpected_character(span: Span, ch: string): never {
  return fail('unexpected_character', `unexpected character \`${shown(ch)}\` in an expression`, span);
}

export function invalid_octal_literal(span: Span, raw: string): never {
  return fail('invalid_octal_literal', `\`${shown(raw)}\` starts with 0, so it is octal, and 8 and 9 are not octal digits`, span);
}

export function unexpected_token(span: Span, found: string, expected: string): never {
  return fail('unexpected_token', `expected ${expected}, found \`${shown(found)}\``, span);
}

export function missing_close_paren(span: Span): never {
  return fail('missing_close_paren', '`(` is never closed by `)`', span);
}

export function expression_too_long(span: Span, limit: number): never {
  return fail('expression_too_long', `expression longer than ${limit} tokens`, span);
}

// --- run time -----------------------------------------------------------------------

export function undefined_variable(span: Span, name: string): never {
  return fail('undefined_variable', `undefined variable \`${name}\``, span);
}

export function unmodeled_path(span: Span, path: string): never {
  return fail('unmodeled_path', `ipcscope does not model the path ${shown(path, 200)}`, span);
}

export function step_limit(span: Span, message: string): never {
  return fail('step_limit', message, span);
}

/** Not thrown: wraps an unexpected exception of the engine at the statement that raised it. */
export const internal_error = (span: Span, message: string) => new WorkloadAbort('internal_error', `internal error: ${message}`, span);

// --- multi-CPU declarations -----------------------------------------------------------

export function misplaced_declaration(span: Span, what: string, where: string): never {
  return fail('misplaced_declaration', `\`${what}\` ${where}`, span);
}

export function duplicate_declaration(span: Span, what: string): never {
  return fail('duplicate_declaration', `\`${what}\` may appear only once`, span);
}

export function misplaced_machine(span: Span): never {
  return fail('misplaced_machine', '`machine` must be followed by one machine name at the end of the `cpus` line', span);
}

/** `what` names the missing value, e.g. "the COUNT after `x`". */
export function missing_declaration_value(span: Span, what: string): never {
  return fail('missing_declaration_value', `${what} is missing`, span);
}

export function bad_cpus_form(span: Span, form: string): never {
  return fail('bad_cpus_form', `expected ${form}`, span);
}

export function bad_duration_form(span: Span, keyword: string): never {
  return fail('bad_duration_form', `expected \`${keyword} AMOUNT UNIT\` with UNIT one of ns, us, ms, s`, span);
}

export function missing_task_name(span: Span, form: string): never {
  return fail('missing_task_name', `expected ${form}: a task needs a name`, span);
}

export function bad_task_form(span: Span, form: string): never {
  return fail('bad_task_form', `expected ${form}`, span);
}

export function forever_with_arguments(span: Span): never {
  return fail('forever_with_arguments', 'expected `forever` alone, followed by a block', span);
}

/** A declared value the SMP model refuses (range, unknown machine); `message` says which. */
export function bad_declaration(span: Span, message: string): never {
  return fail('bad_declaration', message, span);
}

export function multi_cpu_not_steppable(span: Span): never {
  return fail('multi_cpu_not_steppable', 'multi-CPU workloads run with `ipcscope run FILE` and `ipcscope sweep`; the playground cannot step through them', span);
}
