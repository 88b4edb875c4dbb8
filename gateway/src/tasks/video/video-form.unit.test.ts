import { describe, expect, it } from 'vitest';
import { videoFormBody } from './video-form.js';

describe('videoFormBody', () => {
  it('reads the fields, duration as a whole number, metadata as JSON, and each input_reference as a data: URL image', () => {
    const form = { parts: [
      { name: 'model', value: 'jimeng_v30' }, { name: 'prompt', value: 'a fox' }, { name: 'duration', value: '10' }, { name: 'metadata', value: '{"seed":7}' },
      { name: 'input_reference', filename: 'a.png', type: 'image/png', bytes: Buffer.from('first') },
      { name: 'input_reference', filename: 'b.jpg', type: 'image/jpeg', bytes: Buffer.from('last') },
      { name: 'other_file', filename: 'c.txt', type: 'text/plain', bytes: Buffer.from('ignored') },
    ] };
    expect(videoFormBody(form)).toEqual({
      model: 'jimeng_v30', prompt: 'a fox', duration: 10, metadata: { seed: 7 },
      images: [`data:image/png;base64,${Buffer.from('first').toString('base64')}`, `data:image/jpeg;base64,${Buffer.from('last').toString('base64')}`],
    });
  });

  it('leaves a duration that is not a whole number as sent, for the schema to refuse', () => {
    expect(videoFormBody({ parts: [{ name: 'model', value: 'm' }, { name: 'duration', value: '1e3' }] })).toEqual({ model: 'm', duration: '1e3' });
  });
});
