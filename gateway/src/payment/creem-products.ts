import { z } from 'zod';

/** One product of CreemProducts, as new-api keeps it: Creem's product id, what it costs, and the quota it credits. */
export const creemProductSchema = z.object({
  productId: z.string().trim().min(1),
  name: z.string(),
  /** In whole currency units (4.99). */
  price: z.number().positive(),
  currency: z.string().trim().min(1),
  /** Quota credited as is (not multiplied by QuotaPerUnit), as new-api credits it. */
  quota: z.number().int().positive(),
});
export type CreemProduct = z.infer<typeof creemProductSchema>;

export const creemProductsSchema = z.array(creemProductSchema);

/** The products an operator configured; none when the option is not a valid list (the option's kind keeps it valid). */
export function creemProducts(text: string): CreemProduct[] {
  try {
    const parsed = creemProductsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A price in its currency's minor unit (4.99 USD → 499), as Creem reports amounts. */
export const minorUnits = (price: number) => Math.round(price * 100);
