import { parseJsonTable } from '@tollgate/wire';
import type { Options } from '../../ports/options.js';
import { compilePriceExpression, type PriceExpression } from './price-expression.js';

/** new-api's billing mode that prices a model by its expression (billing_setting.billing_mode). */
export const TIERED_EXPR = 'tiered_expr';

interface Compiled {
  modes: string;
  texts: string;
  byModel: ReadonlyMap<string, PriceExpression>;
}
let compiled: Compiled | null = null;

/** Every model in tiered_expr mode with an expression that compiles, parsed once per text of the two options (bounded by the models they name). */
function expressions(options: Options): ReadonlyMap<string, PriceExpression> {
  const modes = options.string('billing_setting.billing_mode') || '{}';
  const texts = options.string('billing_setting.billing_expr') || '{}';
  // Two comparisons, not a joined key: this runs on every priced call.
  if (compiled?.modes === modes && compiled.texts === texts) return compiled.byModel;
  const byModel = new Map<string, PriceExpression>();
  const exprs = parseJsonTable(texts);
  for (const [model, mode] of Object.entries(parseJsonTable(modes))) {
    const text = exprs[model];
    // The options' own check refused a bad expression when it was saved; a stale one prices nothing.
    if (mode !== TIERED_EXPR || typeof text !== 'string') continue;
    try {
      byModel.set(model, compilePriceExpression(text));
    } catch {
      continue;
    }
  }
  compiled = { modes, texts, byModel };
  return byModel;
}

/** The model's price expression when its billing mode is tiered_expr, else null (ratios or a per-call price apply). */
export function priceExpressionFor(options: Options, model: string): PriceExpression | null {
  return expressions(options).get(model) ?? null;
}
