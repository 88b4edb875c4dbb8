import { api, apiEnvelope, ApiError } from '../../api/client';

/** The signed form `/api/user/pay` answers: its fields in `data`, where to post them in `url`. */
export interface PaymentForm {
  url: string;
  fields: Record<string, string>;
}

/** `/api/user/amount` and `/pay` answer as new-api: message 'success' or 'error', the detail in `data`. */
async function paymentCall<T>(path: string, body: object): Promise<{ data: T; url?: string }> {
  try {
    const envelope = await apiEnvelope<T>('POST', path, body, { quiet: true });
    return envelope as typeof envelope & { url?: string };
  } catch (error) {
    const detail = error instanceof ApiError ? (error.payload as { data?: unknown } | undefined)?.data : undefined;
    throw new Error(typeof detail === 'string' ? detail : error instanceof Error ? error.message : String(error));
  }
}

/** What GET /api/user/topup/info says the wallet may offer (the fields this page reads). */
export interface TopUpInfo {
  enable_stripe_topup: boolean;
  enable_creem_topup: boolean;
  stripe_min_topup: number;
  /** CreemProducts as the operator wrote it: a JSON list. */
  creem_products: string;
}

/** One product of CreemProducts (new-api's shape). */
export interface CreemProduct {
  productId: string;
  name: string;
  price: number;
  currency: string;
  quota: number;
}

/** The products the info lists; none when the text is not a list. */
export function creemProductsOf(info: TopUpInfo | undefined): CreemProduct[] {
  try {
    const parsed: unknown = JSON.parse(info?.creem_products ?? '[]');
    return Array.isArray(parsed) ? (parsed as CreemProduct[]).filter((p) => typeof p?.productId === 'string') : [];
  } catch {
    return [];
  }
}

export const topupApi = {
  info: () => api<TopUpInfo>('GET', '/api/user/topup/info'),
  /** What Stripe will be asked for `amount` (amount × StripeUnitPrice × the group's ratio), e.g. "60.00". */
  stripePayable: async (amount: number) => (await paymentCall<string>('/api/user/stripe/amount', { amount })).data,
  /** A Stripe Checkout Session for `amount`: the page to send the buyer to. */
  stripePay: async (amount: number) => (await paymentCall<{ pay_link: string }>('/api/user/stripe/pay', { amount, payment_method: 'stripe' })).data.pay_link,
  /** A Creem checkout for one product: the page to send the buyer to. */
  creemPay: async (productId: string) => (await paymentCall<{ checkout_url: string }>('/api/user/creem/pay', { product_id: productId, payment_method: 'creem' })).data.checkout_url,
  /** Redeems a code; the amount credited. */
  redeem: (key: string) => api<number>('POST', '/api/user/topup', { key }),
  /** What paying for `amount` costs, as the server prices it ("73.00"). */
  payable: async (amount: number) => (await paymentCall<string>('/api/user/amount', { amount, top_up_code: '' })).data,
  /** A pending order and the signed form to post to the payment gateway. */
  pay: async (amount: number, method: 'zfb' | 'wx'): Promise<PaymentForm> => {
    const answer = await paymentCall<Record<string, string>>('/api/user/pay', { amount, top_up_code: '', payment_method: method });
    return { url: answer.url ?? '', fields: answer.data };
  },
};

/** Sends the browser to a provider's checkout page (Stripe's, Creem's). */
export function openCheckout(url: string): void {
  window.location.assign(url);
}

/** Posts the payment form from the page, as the browser leaves for the gateway (a hidden form, as the spec says). */
export function submitPaymentForm({ url, fields }: PaymentForm): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = name;
    field.value = value;
    form.appendChild(field);
  }
  document.body.appendChild(form);
  form.submit();
}
