/**
 * Run-time values: integer expressions (unbounded, as bigint) and words
 * with their `$VAR` interpolations. Variables are looked up before
 * constants (they can never share a name: the parser forbids it).
 */
import type { AddrExpression, BinaryExpression, Expression, Identifier, NumberLiteral, Span, UnaryExpression, Word } from './ast';
import type { RunContext } from './context';
import { symbolic_value, undefined_variable } from './errors';
import { LANGUAGE_CONSTANTS } from '../uapi/ipc';

const CONSTANTS = new Map(Object.entries(LANGUAGE_CONSTANTS).map(([k, v]) => [k, BigInt(v)]));

type Evaluators = { [T in Expression['type']]: (ctx: RunContext<unknown>, e: Extract<Expression, { type: T }>) => bigint };

const EVAL = {
  NumberLiteral: (_ctx, e: NumberLiteral) => e.value,
  Identifier: (ctx, e: Identifier) => {
    const v = ctx.state.vars.get(e.name) ?? CONSTANTS.get(e.name);
    if (v !== undefined) return v;
    return symbolicOrUndefined(ctx, e, e.name);
  },
  AddrExpression: (_ctx, e: AddrExpression) => symbolic_value(e, 'ADDR(k)'),
  UnaryExpression: (ctx, e: UnaryExpression) => (e.operator === '-' ? -evaluate(ctx, e.argument) : evaluate(ctx, e.argument)),
  BinaryExpression: (ctx, e: BinaryExpression) => {
    const a = evaluate(ctx, e.left);
    const b = evaluate(ctx, e.right);
    switch (e.operator) {
      case '|':
        return a | b;
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
    }
  },
} satisfies Evaluators;

/** A name that is not a number: a symbolic value (ADDR(k), pid(NAME)) used where a number is needed, or undefined. Throws. */
function symbolicOrUndefined(ctx: RunContext<unknown>, at: Span, name: string): never {
  const k = ctx.state.addrs.get(name);
  if (k !== undefined) symbolic_value(at, `ADDR(${k})`);
  const pid = ctx.state.pids.get(name);
  if (pid !== undefined) symbolic_value(at, pid, true);
  return undefined_variable(at, name);
}

/** The value of `e`. Throws undefined_variable. */
export function evaluate(ctx: RunContext<unknown>, e: Expression): bigint {
  return (EVAL[e.type] as (ctx: RunContext<unknown>, e: Expression) => bigint)(ctx, e);
}

/** The text of `w` with each `$VAR` replaced by its decimal value. Throws undefined_variable. */
export function interpolate(ctx: RunContext<unknown>, w: Word): string {
  const parts = w.parts;
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  let s = '';
  for (const p of parts) {
    if (typeof p === 'string') s += p;
    else {
      const v = ctx.state.vars.get(p.name);
      if (v === undefined) symbolicOrUndefined(ctx, p, p.name);
      s += String(v);
    }
  }
  return s;
}
