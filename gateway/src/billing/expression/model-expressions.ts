import { parseJsonTable } from '@tollgate/wire';
import type { Options } from '../../ports/options.js';
import { compilePriceExpression, type PriceExpression } from './price-expression.js';

/** new-api's billing mode that prices a model by its expression (billing_setting.billing_mode). */
export const TIERED_EXPR = 'tiered_expr';

/** Every model's expression that compiles (bounded by the models the option names). */
function compileAll(text: string): ReadonlyMap<string, PriceExpression> {
  const byModel = new Map<string, PriceExpression>();
  for (const [model, expression] of Object.entries(parseJsonTable(text))) {
    // The options' own check refused a bad expression when it was saved; a stale one prices nothing.
    if (typeof expression !== 'string') continue;
    try {
      byModel.set(model, compilePriceExpression(expression));
    } catch {
      continue;
    }
  }
  return byModel;
}

/** The model's price expression when its billing mode is tiered_expr, else null (ratios or a per-call price apply). */
export function priceExpressionFor(options: Options, model: string): PriceExpression | null {
  if (options.parsed('billing_setting.billing_mode', parseJsonTable)[model] !== TIERED_EXPR) return null;
  return options.parsed('billing_setting.billing_expr', compileAll).get(model) ?? null;
}
