import { ExpressionError } from './lexer.js';
import type { Node } from './parser.js';

type Value = number | string | boolean;

/** What an expression reads: the token counts by kind and the time its clock functions see. */
export interface Inputs {
  variables: Readonly<Record<string, number>>;
  now: Date;
}

/** An evaluation: the cost in USD x 1e6 (coefficients are $ per 1M tokens) and the tier it went through. */
export interface Evaluated {
  value: number;
  tier: string | null;
}

/** new-api's fixed(): a per-request USD price, scaled as token prices are. */
const FIXED_SCALE = 1_000_000;

const asNumber = (value: Value): number => {
  if (typeof value !== 'number') throw new ExpressionError(`需要数字，却是 ${JSON.stringify(value)}`);
  return value;
};

/** A clock function (hour, weekday...) in a time zone, as new-api's hour(tz) and the like read it. */
function clockPart(now: Date, zone: Value, part: 'hour' | 'minute' | 'weekday' | 'month' | 'day'): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: String(zone || 'UTC'), hour12: false, hour: 'numeric', minute: 'numeric', weekday: 'short', month: 'numeric', day: 'numeric' });
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  if (part === 'weekday') return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return Number(parts[part]) % (part === 'hour' ? 24 : Number.POSITIVE_INFINITY);
}

type Fn = (args: Value[], inputs: Inputs) => Value;

const FUNCTIONS: Readonly<Record<string, Fn>> = {
  fixed: ([amount = 0]) => asNumber(amount) * FIXED_SCALE,
  max: ([a = 0, b = 0]) => Math.max(asNumber(a), asNumber(b)),
  min: ([a = 0, b = 0]) => Math.min(asNumber(a), asNumber(b)),
  abs: ([x = 0]) => Math.abs(asNumber(x)),
  ceil: ([x = 0]) => Math.ceil(asNumber(x)),
  floor: ([x = 0]) => Math.floor(asNumber(x)),
  has: ([source = '', part = '']) => String(source).includes(String(part)),
  hour: ([zone = 'UTC'], { now }) => clockPart(now, zone, 'hour'),
  minute: ([zone = 'UTC'], { now }) => clockPart(now, zone, 'minute'),
  weekday: ([zone = 'UTC'], { now }) => clockPart(now, zone, 'weekday'),
  month: ([zone = 'UTC'], { now }) => clockPart(now, zone, 'month'),
  day: ([zone = 'UTC'], { now }) => clockPart(now, zone, 'day'),
};

/** The functions an expression may call: these and tier(). */
export const KNOWN_FUNCTIONS: ReadonlySet<string> = new Set([...Object.keys(FUNCTIONS), 'tier']);

function binary(op: string, left: Value, right: Value): Value {
  switch (op) {
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '&&':
      return Boolean(left) && Boolean(right);
    case '||':
      return Boolean(left) || Boolean(right);
    case '<':
      return asNumber(left) < asNumber(right);
    case '<=':
      return asNumber(left) <= asNumber(right);
    case '>':
      return asNumber(left) > asNumber(right);
    case '>=':
      return asNumber(left) >= asNumber(right);
    case '+':
      return asNumber(left) + asNumber(right);
    case '-':
      return asNumber(left) - asNumber(right);
    case '*':
      return asNumber(left) * asNumber(right);
    case '/':
      return asNumber(left) / asNumber(right);
    default:
      return asNumber(left) % asNumber(right);
  }
}

/**
 * Evaluates a tree. In `worst` mode a condition takes the dearer of its two branches, whatever it
 * tests: the hold of a tiered price is its highest tier (issue #39), so a call whose real usage
 * crosses into a dearer tier than its estimate still settles within its hold.
 */
class Evaluator {
  tier: string | null = null;

  constructor(
    private readonly inputs: Inputs,
    private readonly worst: boolean,
  ) {}

  run(node: Node): Value {
    switch (node.kind) {
      case 'number':
      case 'string':
        return node.value;
      case 'variable':
        if (!Object.hasOwn(this.inputs.variables, node.name)) throw new ExpressionError(`未知的变量 ${node.name}`);
        return this.inputs.variables[node.name] as number;
      case 'unary':
        return node.op === '-' ? -asNumber(this.run(node.operand)) : !this.run(node.operand);
      case 'binary':
        return this.binaryNode(node.op, node.left, node.right);
      case 'conditional':
        return this.worst ? this.dearerBranch(node.then, node.otherwise) : this.run(this.run(node.test) ? node.then : node.otherwise);
      case 'call':
        return this.call(node.name, node.args);
    }
  }

  private binaryNode(op: string, left: Node, right: Node): Value {
    // && and || short-circuit, as expr-lang's do.
    if (op === '&&') return Boolean(this.run(left)) && Boolean(this.run(right));
    if (op === '||') return Boolean(this.run(left)) || Boolean(this.run(right));
    return binary(op, this.run(left), this.run(right));
  }

  private call(name: string, args: Node[]): Value {
    if (name === 'tier') {
      const value = asNumber(this.run(args[1] ?? { kind: 'number', value: 0 }));
      this.tier = String(this.run(args[0] ?? { kind: 'string', value: '' }));
      return value;
    }
    const fn = FUNCTIONS[name];
    if (!fn) throw new ExpressionError(`未知的函数 ${name}()`);
    return fn(args.map((arg) => this.run(arg)), this.inputs);
  }

  private dearerBranch(a: Node, b: Node): Value {
    const first = new Evaluator(this.inputs, true);
    const second = new Evaluator(this.inputs, true);
    const [x, y] = [first.run(a), second.run(b)];
    if (typeof x !== 'number' || typeof y !== 'number') return this.run(a);
    const dearer = x >= y ? first : second;
    this.tier = dearer.tier ?? this.tier;
    return Math.max(x, y);
  }
}

/** The expression's value for these inputs; `worst` takes every condition's dearer branch. */
export function evaluate(tree: Node, inputs: Inputs, worst = false): Evaluated {
  const evaluator = new Evaluator(inputs, worst);
  const value = evaluator.run(tree);
  if (typeof value !== 'number') throw new ExpressionError(`表达式的结果必须是数字，却是 ${JSON.stringify(value)}`);
  return { value, tier: evaluator.tier };
}
