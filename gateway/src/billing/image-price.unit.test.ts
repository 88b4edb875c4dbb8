import { describe, expect, it } from 'vitest';
import { imageQuote } from './image-price.js';
import { costOf, type PriceQuote } from './pricing.js';

const priced = (modelPrice: number, groupRatio = 1): PriceQuote => ({ modelRatio: 0, completionRatio: 0, groupRatio, modelPrice, quotaPerUnit: 500_000 });
const ratioOnly = (modelRatio: number): PriceQuote => ({ modelRatio, completionRatio: 1, groupRatio: 1, modelPrice: -1, quotaPerUnit: 500_000 });
const noTokens = { promptTokens: 0, completionTokens: 0 };

describe('image prices', () => {
  it('bill ModelPrice per image, times n and the group ratio', () => {
    const quote = imageQuote(priced(0.04, 1.5), { model: 'dall-e-3', n: 2, size: '1024x1024', quality: 'standard' });
    expect(costOf(quote, noTokens)).toBe(60_000);
  });

  it('weigh the size against 1024x1024, and unknown sizes as 1', () => {
    const cost = (size: string) => costOf(imageQuote(priced(0.02), { model: 'dall-e-2', n: 1, size, quality: '' }), noTokens);
    expect([cost('256x256'), cost('512x512'), cost('1024x1024'), cost('1792x1024'), cost('1536x1024')]).toEqual([4000, 4500, 10_000, 20_000, 10_000]);
  });

  it('double dall-e-3 hd, and make a tall or wide hd image 1.5 times its size price', () => {
    const hd = (size: string) => costOf(imageQuote(priced(0.04), { model: 'dall-e-3', n: 1, size, quality: 'hd' }), noTokens);
    expect([hd('1024x1024'), hd('1024x1792')]).toEqual([40_000, 60_000]);
    expect(costOf(imageQuote(priced(0.04), { model: 'gpt-image-1', n: 1, size: '1024x1024', quality: 'hd' }), noTokens)).toBe(20_000);
  });

  it('price a ratio-only model at $0.0025 a ratio point per image', () => {
    const quote = imageQuote(ratioOnly(16), { model: 'img', n: 3, size: '1024x1024', quality: '' });
    expect(quote).toMatchObject({ modelRatio: 0, completionRatio: 0 });
    expect(costOf(quote, { promptTokens: 3, completionTokens: 0 })).toBe(60_000);
  });
});
