import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader, verifyStripeSignature } from './stripe.js';

const BODY = Buffer.from('{"id":"evt_1"}');
const SECRET = 'whsec_test';
const T = 1_700_000_000;
// printf '%s' '1700000000.{"id":"evt_1"}' | openssl dgst -sha256 -hmac 'whsec_test' -hex
const V1 = 'c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925';

describe('Stripe webhook signatures', () => {
  it('signs t.body with HMAC-SHA256 of the webhook secret, as Stripe documents', () => {
    expect(stripeSignatureHeader(BODY, SECRET, T)).toBe(`t=${T},v1=${V1}`);
  });

  it('accepts a v1 signature among others (a rolled secret signs twice), within 300 s either way', () => {
    expect(verifyStripeSignature(`t=${T},v1=${'0'.repeat(64)},v1=${V1},v0=abc`, BODY, SECRET, T + 300)).toEqual({ ok: true });
    expect(verifyStripeSignature(`t=${T},v1=${V1}`, BODY, SECRET, T - 300)).toEqual({ ok: true });
  });

  it('refuses a stale or far-future timestamp, another secret, a tampered body, a missing header', () => {
    expect(verifyStripeSignature(`t=${T},v1=${V1}`, BODY, SECRET, T + 301)).toEqual({ ok: false, reason: 'stale timestamp' });
    expect(verifyStripeSignature(`t=${T},v1=${V1}`, BODY, SECRET, T - 301)).toEqual({ ok: false, reason: 'stale timestamp' });
    expect(verifyStripeSignature(`t=${T},v1=${V1}`, BODY, 'whsec_other', T)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyStripeSignature(`t=${T},v1=${V1}`, Buffer.from('{"id":"evt_2"}'), SECRET, T)).toEqual({ ok: false, reason: 'bad signature' });
    // The timestamp is signed too: moving it forward to pass the tolerance breaks the signature.
    expect(verifyStripeSignature(`t=${T + 1000},v1=${V1}`, BODY, SECRET, T + 1000)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyStripeSignature(undefined, BODY, SECRET, T)).toEqual({ ok: false, reason: 'no signature' });
    expect(verifyStripeSignature(`t=${T},v0=${V1}`, BODY, SECRET, T)).toEqual({ ok: false, reason: 'no signature' });
    expect(verifyStripeSignature(`v1=${V1}`, BODY, SECRET, T)).toEqual({ ok: false, reason: 'no signature' });
  });
});
