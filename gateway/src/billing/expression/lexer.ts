/** One token of a price expression (new-api's billing_expr, an expr-lang subset). */
export type Lexeme = { kind: 'number'; value: number } | { kind: 'string'; value: string } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '(', ')', ','];
/** expr-lang's word operators, read as their symbols. */
const WORD_OPERATORS: Readonly<Record<string, string>> = { and: '&&', or: '||', not: '!' };
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

export class ExpressionError extends Error {}

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i] as string;
    if (char === quote) return { value, end: i + 1 };
    if (char === '\\' && i + 1 < text.length) {
      value += text[++i];
      continue;
    }
    value += char;
  }
  throw new ExpressionError('字符串没有结束引号');
}

/** The expression's tokens; anything else in it is refused with where it stands. */
export function lex(text: string): Lexeme[] {
  const out: Lexeme[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    if (rest[0] === '"' || rest[0] === "'") {
      const { value, end } = readString(text, i);
      out.push({ kind: 'string', value });
      i = end;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      out.push({ kind: 'number', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      const word = Object.hasOwn(WORD_OPERATORS, name[0]) ? WORD_OPERATORS[name[0]] : undefined;
      out.push(word ? { kind: 'op', value: word } : { kind: 'name', value: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (!op) throw new ExpressionError(`无法识别的字符 “${rest[0]}”（位置 ${i}）`);
    out.push({ kind: 'op', value: op });
    i += op.length;
  }
  return out;
}
