import { dict } from '@tollgate/wire';
import { z } from 'zod';
import type { Options } from '../ports/options.js';

/** One entry of PayMethods, as new-api's payment settings save it: the button's name, the Epay `type` it sends, its colour, and optionally its own minimum. */
export const payMethodSchema = z.object({
  name: z.string().trim().min(1),
  type: z.string().trim().min(1).max(32),
  color: z.string().max(64).optional(),
  min_topup: z.union([z.string(), z.number()]).optional(),
});
export type PayMethod = z.infer<typeof payMethodSchema>;
export const payMethodsSchema = z.array(payMethodSchema).max(32);

/** new-api's default methods (its PayMethods without the custom example). */
export const DEFAULT_PAY_METHODS: PayMethod[] = [
  { name: '支付宝', type: 'alipay', color: 'rgba(var(--semi-blue-5), 1)' },
  { name: '微信', type: 'wxpay', color: 'rgba(var(--semi-green-5), 1)' },
];

/** payment_setting.amount_options: the amounts the top-up page offers as buttons. */
export const amountOptionsSchema = z.array(z.number().int().positive()).max(100);
/** payment_setting.amount_discount: a factor on the price of a top-up of exactly that amount ({"100": 0.95}). */
export const amountDiscountSchema = z.record(z.string().regex(/^[1-9]\d*$/), z.number().positive().max(10));

/** Methods that have their own checkout, never sent to Epay even if an operator lists them. */
const OWN_CHECKOUT = new Set(['stripe', 'creem', 'waffo']);
/** The names new-api's older consoles send for Epay's two usual types. */
const LEGACY_NAMES: Record<string, string> = dict({ zfb: 'alipay', wx: 'wxpay' });

function parsedList<T>(text: string, schema: z.ZodType<T[]>): T[] {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

// Module-level, so the option cache parses each text once (it keys on the parse function).
const readPayMethods = (text: string) => parsedList(text, payMethodsSchema).filter((m) => !OWN_CHECKOUT.has(m.type));
const readAmountOptions = (text: string) => parsedList(text, amountOptionsSchema);

/** The Epay methods the operator offers (PayMethods; the option's kind keeps it valid). */
export const epayMethods = (options: Options): PayMethod[] => options.parsed('PayMethods', readPayMethods);

/** Epay's type for a method the console sends, or undefined unless the operator offers it, as new-api's ContainsPayMethod. */
export function epayMethod(options: Options, method: string | undefined): string | undefined {
  const type = LEGACY_NAMES[method ?? ''] ?? method;
  return epayMethods(options).some((m) => m.type === type) ? type : undefined;
}

export const amountOptions = (options: Options): number[] => options.parsed('payment_setting.amount_options', readAmountOptions);

/** The factor new-api applies to the price of a top-up of `amount` (1 when none is set). */
export const amountDiscount = (options: Options, amount: number): number => options.numberMap('payment_setting.amount_discount')[String(amount)] || 1;
