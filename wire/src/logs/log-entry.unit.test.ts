import { describe, expect, it } from 'vitest';
import { adminLogEntrySchema, type LogEntry, logEntrySchema, selfLogEntrySchema, shownLogEntrySchema } from './log-entry.js';

const entry: LogEntry = {
  id: '0190-a', created_at: 1_700_000_000, type: 3, content: 'admin set quota', user_id: 7, username: 'amy', token_id: 0, token_name: '', model_name: '',
  quota: -500, prompt_tokens: 0, completion_tokens: 0, use_time: 0, is_stream: false, group: '', other: '{}', channel: 0,
};

describe('log entries', () => {
  it('every row a console is sent (admin, self, plain) parses as a shown row', () => {
    const admin = adminLogEntrySchema.parse({ ...entry, channel_name: '' });
    const { channel: _channel, ...withoutChannel } = entry;
    const self = selfLogEntrySchema.parse({ ...withoutChannel, channel_name: '' });
    for (const row of [entry, admin, self]) expect(shownLogEntrySchema.parse(row)).toEqual(row);
  });

  it('keeps a negative quota (an admin decrease) and refuses a fraction', () => {
    expect(logEntrySchema.parse(entry).quota).toBe(-500);
    expect(logEntrySchema.safeParse({ ...entry, quota: 1.5 }).success).toBe(false);
  });

  it("refuses a user's own row that names a channel", () => {
    expect(selfLogEntrySchema.safeParse({ ...entry, channel_name: 'main' }).success).toBe(false);
  });
});
