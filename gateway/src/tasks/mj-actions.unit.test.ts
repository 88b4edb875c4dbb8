import { describe, expect, it } from 'vitest';
import { actionOfCustomId, parseSimpleChange } from './mj-actions.js';
import { mjModelName } from './task-models.js';

describe('Midjourney actions', () => {
  it('reads a simple change: upscale and variation need an index, reroll none', () => {
    expect(parseSimpleChange('1712 U2')).toEqual({ taskId: '1712', action: 'UPSCALE' });
    expect(parseSimpleChange('1712 V4')).toEqual({ taskId: '1712', action: 'VARIATION' });
    expect(parseSimpleChange('1712 R')).toEqual({ taskId: '1712', action: 'REROLL' });
    expect(parseSimpleChange('1712 U')).toBeNull();
    expect(parseSimpleChange('1712 X1')).toBeNull();
  });

  it('names the action of a button custom id, high and low variation before plain variation', () => {
    expect(actionOfCustomId('MJ::JOB::upsample::1::abc')).toBe('UPSCALE');
    expect(actionOfCustomId('MJ::JOB::low_variation::1::abc::SOLO')).toBe('LOW_VARIATION');
    expect(actionOfCustomId('MJ::JOB::variation::2::abc')).toBe('VARIATION');
    expect(actionOfCustomId('MJ::Outpaint::50::1::abc::SOLO')).toBe('ZOOM');
    expect(actionOfCustomId('MJ::Unknown')).toBeNull();
  });

  it('prices an action under its new-api model name', () => {
    expect(mjModelName('IMAGINE')).toBe('mj_imagine');
    expect(mjModelName('SWAP_FACE')).toBe('swap_face');
  });
});
