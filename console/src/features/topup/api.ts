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

export const topupApi = {
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
