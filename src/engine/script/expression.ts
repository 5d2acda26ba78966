/**
 * Phase 2a: integer expressions, by recursive descent over the lexer's
 * tokens. Loosest first: `|`, then `+ -`, then `*`; unary `-`/`+`; `( )`.
 * All binary operators are left-associative. Values are unbounded
 * (bigint); the interpreter wraps them to the parameter's C type.
 * `ADDR(k)` (part 2) is an operand: the k-th attachment's symbolic address.
 */
import type { Expression, Span } from './ast';
import { empty_expression, missing_close_paren, unexpected_token } from './errors';
import { tokenizeExpression, type ExprToken } from './lexer';

const OPERAND = 'a number, a name, `(`, `-` or `+`';

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
    return only.type === 'number' ? { type: 'NumberLiteral', value: only.value, start: only.start, end: only.end } : { type: 'Identifier', name: only.name, start: only.start, end: only.end };
  }
  return new ExpressionParser(source, toks).parse();
}

/** One expression's tokens and the position in them; each parse gets its own. */
class ExpressionParser {
  private pos = 0;

  constructor(
    private readonly src: string,
    private readonly tokens: readonly ExprToken[],
  ) {}

  /** The whole token list as one expression. */
  parse(): Expression {
    const tree = this.or();
    if (this.pos < this.tokens.length) {
      const t = this.tokens[this.pos]!;
      unexpected_token(t, this.describe(t), 'an operator (`|`, `+`, `-`, `*`) or the end of the expression');
    }
    return tree;
  }

  private peekOp(): string | null {
    const t = this.tokens[this.pos];
    return t !== undefined && t.type === 'op' ? t.op : null;
  }

  private describe(t: ExprToken): string {
    return this.src.slice(t.start, t.end);
  }

  private or(): Expression {
    let left = this.add();
    while (this.peekOp() === '|') {
      this.pos++;
      const right = this.add();
      left = { type: 'BinaryExpression', operator: '|', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private add(): Expression {
    let left = this.mul();
    for (let op = this.peekOp(); op === '+' || op === '-'; op = this.peekOp()) {
      this.pos++;
      const right = this.mul();
      left = { type: 'BinaryExpression', operator: op, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private mul(): Expression {
    let left = this.unary();
    while (this.peekOp() === '*') {
      this.pos++;
      const right = this.unary();
      left = { type: 'BinaryExpression', operator: '*', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private unary(): Expression {
    const tokens = this.tokens;
    const t = tokens[this.pos];
    if (t === undefined) {
      const at = tokens[tokens.length - 1]!.end;
      return unexpected_token({ start: at, end: at }, 'end of expression', OPERAND);
    }
    this.pos++;
    if (t.type === 'number') return { type: 'NumberLiteral', value: t.value, start: t.start, end: t.end };
    if (t.type === 'name') {
      const next = tokens[this.pos];
      if (t.name === 'ADDR' && next !== undefined && next.type === 'op' && next.op === '(') {
        const index = this.unary();
        return { type: 'AddrExpression', index, start: t.start, end: this.tokens[this.pos - 1]!.end };
      }
      return { type: 'Identifier', name: t.name, start: t.start, end: t.end };
    }
    if (t.op === '-' || t.op === '+') {
      const argument = this.unary();
      return { type: 'UnaryExpression', operator: t.op, argument, start: t.start, end: argument.end };
    }
    if (t.op === '(') {
      const inner = this.or();
      const close = tokens[this.pos];
      if (close === undefined) missing_close_paren(t);
      if (close.type !== 'op' || close.op !== ')') unexpected_token(close, this.describe(close), 'an operator or `)`');
      this.pos++;
      return inner;
    }
    return unexpected_token(t, this.describe(t), OPERAND);
  }
}
