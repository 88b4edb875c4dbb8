import { describe, expect, it } from 'vitest';
import { ChannelType, channelTypeSchema, isChannelType } from './channel-type.js';

describe('ChannelType', () => {
  it('gives every id one name, as new-api numbers them', () => {
    const ids = Object.values(ChannelType);
    expect(new Set(ids).size).toBe(ids.length);
    expect([ChannelType.OpenAI, ChannelType.Azure, ChannelType.Anthropic, ChannelType.Gemini, ChannelType.VertexAI, ChannelType.DeepSeek]).toEqual([1, 3, 14, 24, 41, 43]);
  });

  it('round-trips every id through JSON and the schema, and back to its name', () => {
    const byId = new Map(Object.entries(ChannelType).map(([name, id]) => [id, name]));
    for (const [name, id] of Object.entries(ChannelType)) {
      const parsed = channelTypeSchema.parse(JSON.parse(JSON.stringify({ type: id })).type);
      expect(byId.get(parsed)).toBe(name);
    }
  });

  it('refuses ids new-api never gave, fractions and text', () => {
    for (const unknown of [0, 28, 29, 30, 32, 44, 1.5, -1]) {
      expect(isChannelType(unknown)).toBe(false);
      expect(channelTypeSchema.safeParse(unknown).success).toBe(false);
    }
    expect(channelTypeSchema.safeParse('1').success).toBe(false);
  });
});
