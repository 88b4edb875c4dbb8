import { ExpressionError, type Lexeme, lex } from './lexer.js';

/** A parsed price expression. */
export type Node =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'variable'; name: string }
  | { kind: 'call'; name: string; args: Node[] }
  | { kind: 'unary'; op: string; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; then: Node; otherwise: Node };

/** Binary operators by precedence, loosest first (expr-lang's order). */
const LEVELS: readonly (readonly string[])[] = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
const MAX_DEPTH = 64;

/** A recursive-descent parser over the lexemes; the depth bound keeps a hostile expression from exhausting the stack. */
class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly lexemes: Lexeme[]) {}

  parseAll(): Node {
    const node = this.conditional();
    if (this.at < this.lexemes.length) throw new ExpressionError(`多余的内容：${describe(this.lexemes[this.at])}`);
    return node;
  }

  private peek(): Lexeme | undefined {
    return this.lexemes[this.at];
  }

  private takeOp(ops: readonly string[]): string | null {
    const next = this.peek();
    if (next?.kind !== 'op' || !ops.includes(next.value)) return null;
    this.at++;
    return next.value;
  }

  private expect(op: string): void {
    if (this.takeOp([op]) === null) throw new ExpressionError(`缺少 “${op}”，却是 ${describe(this.peek())}`);
  }

  private conditional(): Node {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('表达式嵌套过深');
    const test = this.binary(0);
    let node = test;
    if (this.takeOp(['?'])) {
      const then = this.conditional();
      this.expect(':');
      node = { kind: 'conditional', test, then, otherwise: this.conditional() };
    }
    this.depth--;
    return node;
  }

  private binary(level: number): Node {
    const ops = LEVELS[level];
    if (!ops) return this.unary();
    let left = this.binary(level + 1);
    for (let op = this.takeOp(ops); op !== null; op = this.takeOp(ops)) left = { kind: 'binary', op, left, right: this.binary(level + 1) };
    return left;
  }

  private unary(): Node {
    const op = this.takeOp(['-', '!', '+']);
    if (op === null) return this.primary();
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('表达式嵌套过深');
    const operand = this.unary();
    this.depth--;
    return op === '+' ? operand : { kind: 'unary', op, operand };
  }

  private primary(): Node {
    const next = this.peek();
    if (!next) throw new ExpressionError('表达式不完整');
    this.at++;
    if (next.kind === 'number' || next.kind === 'string') return next;
    if (next.kind === 'name') return this.takeOp(['(']) === null ? { kind: 'variable', name: next.value } : { kind: 'call', name: next.value, args: this.args() };
    if (next.value === '(') {
      const inner = this.conditional();
      this.expect(')');
      return inner;
    }
    throw new ExpressionError(`意外的 ${describe(next)}`);
  }

  private args(): Node[] {
    const args: Node[] = [];
    if (this.takeOp([')'])) return args;
    do args.push(this.conditional());
    while (this.takeOp([',']));
    this.expect(')');
    return args;
  }
}

function describe(lexeme: Lexeme | undefined): string {
  return lexeme ? `“${String(lexeme.value)}”` : '结尾';
}

/** The expression's tree, or an ExpressionError saying what is wrong. */
export function parse(text: string): Node {
  return new Parser(lex(text)).parseAll();
}
