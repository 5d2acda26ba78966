/**
 * The workload language's syntax tree (types only).
 *
 * Every node is plain data `{ type, start, end, ... }`: `start`/`end` are
 * offsets into the workload text (end exclusive); line and column are
 * derived from them (see source_map.ts). The tree is produced by parser.ts
 * and read by interpreter.ts; it holds no functions and no class instances.
 *
 * Glossary: a *piece* is the text of one statement as the lexer cut it
 * (between newlines, `;`, `{` and `}`); a *word* is a whitespace-separated
 * run of characters in which `$VAR` / `${VAR}` are interpolated.
 */

export interface Span {
  start: number;
  end: number;
}

// --- integer expressions -------------------------------------------------------

export interface NumberLiteral extends Span {
  type: 'NumberLiteral';
  value: bigint;
}

/** A constant or variable name; `$q` and `${q}` are the same name as `q`. */
export interface Identifier extends Span {
  type: 'Identifier';
  name: string;
}

export interface UnaryExpression extends Span {
  type: 'UnaryExpression';
  operator: '-' | '+';
  argument: Expression;
}

export interface BinaryExpression extends Span {
  type: 'BinaryExpression';
  operator: '|' | '+' | '-' | '*';
  left: Expression;
  right: Expression;
}

/** `ADDR(k)`: the k-th successful shmat's address, a symbolic value only shmdt accepts (part 2). */
export interface AddrExpression extends Span {
  type: 'AddrExpression';
  index: Expression;
}

export type Expression = NumberLiteral | Identifier | UnaryExpression | BinaryExpression | AddrExpression;

// --- words -----------------------------------------------------------------------

/** `$NAME` or `${NAME}` inside a word: replaced by the variable's decimal value. */
export interface Interpolation extends Span {
  type: 'Interpolation';
  name: string;
}

/** Literal text and interpolations, concatenated at run time. */
export interface Word extends Span {
  type: 'Word';
  parts: (string | Interpolation)[];
}

// --- statements ------------------------------------------------------------------

export type CallName = 'msgget' | 'msgsnd' | 'msgrcv' | 'msgctl' | 'shmget' | 'shmctl' | 'shmat' | 'shmdt' | 'semget' | 'semctl' | 'semop' | 'semtimedop';

/** What every statement may carry: `@NAME STATEMENT` runs it in process NAME (part 2 of the language). */
export interface InProcess {
  /** the process of the `@NAME` prefix; absent: the enclosing block's, else `main` */
  proc?: string;
}

/** `{num, op[, flg]} [x COUNT]`: COUNT copies of one struct sembuf. */
export interface SemBufNode extends Span {
  type: 'SemBuf';
  num: Expression;
  op: Expression;
  /** absent: 0 */
  flg: Expression | null;
  /** absent: 1 */
  count: Expression | null;
}

/** `[VAR =] CALL(ARG, ...)` */
export interface CallStatement extends Span, InProcess {
  type: 'CallStatement';
  /** the variable that receives the result (or -1 on failure) */
  assign: Identifier | null;
  callee: CallName;
  calleeSpan: Span;
  /** as written: optional trailing arguments may be missing */
  args: Expression[];
  /**
   * `msgctl(ID, IPC_SET)`, `shmctl(ID, IPC_SET)`, `semctl(ID, N, IPC_SET)` with
   * the bare name: IPC_STAT into the buffer, then IPC_SET with it (the cmd
   * argument is then the literal 1). Absent for every other call.
   */
  statSet?: true;
  /** semop/semtimedop: the sembufs after the fixed arguments */
  sops?: SemBufNode[];
  /** semctl's 4th argument: SETVAL's value, or SETALL's `{v0, v1, ...}` */
  semarg?: Expression | Expression[];
  /** msgctl/shmctl/semctl: the buffer fields after the command (and after semctl's union argument, if any) */
  fields?: BufferFieldNode[];
  /** msgsnd: the message given as a string literal, as a byte string (its length is the size) */
  payload?: string;
}

/** A buffer field of a *ctl call: `name` (printed after a successful STAT or INFO command) or `name=value` (IPC_SET). */
export interface BufferFieldNode extends Span {
  type: 'BufferField';
  name: string;
  /** null: a field to print */
  value: Expression | null;
}

/** `@NAME exit`, `@NAME kill`, `@NAME creds UID GID` */
export interface ProcessStatement extends Span, InProcess {
  type: 'ProcessStatement';
  proc: string;
  action: 'exit' | 'kill' | 'creds';
  /** creds only */
  uid: Expression | null;
  gid: Expression | null;
}

/** `echo WORDS > PATH`; PATH is a literal, checked against the allowed sysctls at parse time. */
export interface EchoStatement extends Span, InProcess {
  type: 'EchoStatement';
  words: Word[];
  path: string;
}

/** `cat PATH` */
export interface CatStatement extends Span, InProcess {
  type: 'CatStatement';
  path: Word;
}

/** `ls -U DIR` */
export interface LsStatement extends Span, InProcess {
  type: 'LsStatement';
  path: Word;
}

/** `ip link add [[name] NAME] type KIND` */
export interface IpLinkAddStatement extends Span, InProcess {
  type: 'IpLinkAddStatement';
  name: Word | null;
  kind: Word;
}

/** `ip link del|delete [dev] NAME` */
export interface IpLinkDelStatement extends Span, InProcess {
  type: 'IpLinkDelStatement';
  name: Word;
}

/** `repeat N { ... }`; the span runs from `repeat` to the closing brace. */
export interface RepeatStatement extends Span, InProcess {
  type: 'RepeatStatement';
  count: Expression;
  body: Statement[];
  /** where the header ends (before the `{`), for messages about the header */
  headerEnd: number;
}

/** `for VAR in A..B { ... }`: VAR = A .. B-1, keeping its last value afterwards. */
export interface ForStatement extends Span, InProcess {
  type: 'ForStatement';
  variable: Identifier;
  from: Expression;
  to: Expression;
  body: Statement[];
  headerEnd: number;
}

export type LoopStatement = RepeatStatement | ForStatement;

/** The statements that print one output line group when executed. */
export type OperationStatement = CallStatement | EchoStatement | CatStatement | LsStatement | IpLinkAddStatement | IpLinkDelStatement | ProcessStatement;

export type Statement = OperationStatement | LoopStatement;

// --- multi-CPU declarations (the SMP extension) ------------------------------------

/** `cpus N` or `cpus SOCKETS x CORES x THREADS`, optionally followed by `machine NAME`. */
export interface CpusDeclaration extends Span {
  type: 'CpusDeclaration';
  sockets: Expression;
  cores: Expression;
  threads: Expression;
  /** a machine of smp/constants.ts (null: the default) */
  machine: string | null;
  machineSpan: Span | null;
}

export type DurationUnit = 'ns' | 'us' | 'ms' | 's';

/** `duration AMOUNT UNIT`: how much simulated time is measured; `warmup AMOUNT UNIT`: how much runs before. */
export interface DurationDeclaration extends Span {
  type: 'DurationDeclaration';
  amount: Expression;
  unit: DurationUnit;
}

/**
 * `task NAME [x COUNT] [on CPU] { ... }`: COUNT instances (default 1) of the
 * block, each with its own copy of the variables and `TASK` = its instance
 * number; CPU (evaluated per instance) places it, default round-robin.
 */
export interface TaskDeclaration extends Span {
  type: 'TaskDeclaration';
  name: string;
  count: Expression | null;
  cpu: Expression | null;
  body: Statement[];
  headerEnd: number;
}

/** Present on a Program that declares CPUs, a duration or tasks. */
export interface SmpDeclarations {
  cpus: CpusDeclaration | null;
  duration: DurationDeclaration | null;
  warmup: DurationDeclaration | null;
  tasks: TaskDeclaration[];
}

export interface Program extends Span {
  type: 'Program';
  /** the workload text the offsets refer to */
  source: string;
  /** the statements the single task runs (in a multi-CPU program: the setup, before the tasks start) */
  body: Statement[];
  /** only on a multi-CPU program */
  smp?: SmpDeclarations;
  /** a multi-process workload (some statement has an `@NAME` prefix) */
  multiProcess?: true;
  /** the `#@default NAME=INT` values, in order (set by parse(); absent on a task's own body) */
  defaults?: ReadonlyMap<string, bigint>;
}

export type Node = Program | Statement | Expression | Word | Interpolation;
