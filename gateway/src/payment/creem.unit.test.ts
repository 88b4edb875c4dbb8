import { describe, expect, it } from 'vitest';
import { creemSignature, verifyCreemSignature } from './creem.js';
import { creemProducts, minorUnits } from './creem-products.js';

const BODY = Buffer.from('{"id":"evt_1"}');
// printf '%s' '{"id":"evt_1"}' | openssl dgst -sha256 -hmac 'creem_secret' -hex
const SIGNATURE = 'c7f442cbd5cfb89c121d75aef4525830372b0b25c10d0786494fc51c8dc4d936';

describe('Creem webhook signatures', () => {
  it('is HMAC-SHA256 of the raw body with the webhook secret, in hex', () => {
    expect(creemSignature(BODY, 'creem_secret')).toBe(SIGNATURE);
    expect(verifyCreemSignature(SIGNATURE, BODY, 'creem_secret')).toBe(true);
  });

  it('refuses another secret, a tampered body, a missing or truncated signature', () => {
    expect(verifyCreemSignature(SIGNATURE, BODY, 'other')).toBe(false);
    expect(verifyCreemSignature(SIGNATURE, Buffer.from('{"id":"evt_2"}'), 'creem_secret')).toBe(false);
    expect(verifyCreemSignature(undefined, BODY, 'creem_secret')).toBe(false);
    expect(verifyCreemSignature(SIGNATURE.slice(0, 10), BODY, 'creem_secret')).toBe(false);
  });
});

describe('CreemProducts', () => {
  it('reads new-api\'s product list, and nothing from a malformed one', () => {
    const list = '[{"productId":"prod_1","name":"10 USD","price":4.99,"currency":"USD","quota":5000000}]';
    expect(creemProducts(list)).toEqual([{ productId: 'prod_1', name: '10 USD', price: 4.99, currency: 'USD', quota: 5_000_000 }]);
    expect(creemProducts('[{"productId":"p"}]')).toEqual([]);
    expect(creemProducts('not json')).toEqual([]);
    expect(minorUnits(4.99)).toBe(499);
    expect(minorUnits(19.9)).toBe(1990);
  });
});
