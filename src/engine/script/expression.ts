/**
 * Phase 2a: integer expressions, by recursive descent over the lexer's
 * tokens. Loosest first: `|`, then `+ -`, then `*`; unary `-`/`+`; `( )`.
 * All binary operators are left-associative. Values are unbounded
 * (bigint); the interpreter wraps them to the parameter's C type.
 */
import type { Expression, Span } from './ast';
import { empty_expression, missing_close_paren, unexpected_token } from './errors';
import { tokenizeExpression, type ExprToken } from './lexer';

const OPERAND = 'a number, a name, `(`, `-` or `+`';

/** The expression being parsed (one at a time; parsing never re-enters). */
let src = '';
let tokens: ExprToken[] = [];
let pos = 0;

/**
 * Parses source[span.start, span.end) as one expression.
 * Throws empty_expression, unexpected_token, missing_close_paren and the
 * lexer's unexpected_character, invalid_octal_literal, expression_too_long.
 */
export function parseExpression(source: string, span: Span): Expression {
  const toks = tokenizeExpression(source, span.start, span.end);
  if (toks.length === 0) empty_expression(span);
  const only = toks[0]!;
  if (toks.length === 1 && only.type !== 'op') {
    return only.type === 'number'
      ? { type: 'NumberLiteral', value: only.value, start: only.start, end: only.end }
      : { type: 'Identifier', name: only.name, start: only.start, end: only.end };
  }
  src = source;
  tokens = toks;
  pos = 0;
  try {
    const tree = or();
    if (pos < tokens.length) {
      const t = tokens[pos]!;
      unexpected_token(t, describe(t), 'an operator (`|`, `+`, `-`, `*`) or the end of the expression');
    }
    return tree;
  } finally {
    tokens = [];
    src = '';
  }
}

function peekOp(): string | null {
  const t = tokens[pos];
  return t !== undefined && t.type === 'op' ? t.op : null;
}

function describe(t: ExprToken): string {
  return src.slice(t.start, t.end);
}

function or(): Expression {
  let left = add();
  while (peekOp() === '|') {
    pos++;
    const right = add();
    left = { type: 'BinaryExpression', operator: '|', left, right, start: left.start, end: right.end };
  }
  return left;
}

function add(): Expression {
  let left = mul();
  for (let op = peekOp(); op === '+' || op === '-'; op = peekOp()) {
    pos++;
    const right = mul();
    left = { type: 'BinaryExpression', operator: op, left, right, start: left.start, end: right.end };
  }
  return left;
}

function mul(): Expression {
  let left = unary();
  while (peekOp() === '*') {
    pos++;
    const right = unary();
    left = { type: 'BinaryExpression', operator: '*', left, right, start: left.start, end: right.end };
  }
  return left;
}

function unary(): Expression {
  const t = tokens[pos];
  if (t === undefined) {
    const at = tokens[tokens.length - 1]!.end;
    return unexpected_token({ start: at, end: at }, 'end of expression', OPERAND);
  }
  pos++;
  if (t.type === 'number') return { type: 'NumberLiteral', value: t.value, start: t.start, end: t.end };
  if (t.type === 'name') return { type: 'Identifier', name: t.name, start: t.start, end: t.end };
  if (t.op === '-' || t.op === '+') {
    const argument = unary();
    return { type: 'UnaryExpression', operator: t.op, argument, start: t.start, end: argument.end };
  }
  if (t.op === '(') {
    const inner = or();
    const close = tokens[pos];
    if (close === undefined) missing_close_paren(t);
    if (close.type !== 'op' || close.op !== ')') unexpected_token(close, describe(close), 'an operator or `)`');
    pos++;
    return inner;
  }
  return unexpected_token(t, describe(t), OPERAND);
}
