import { describe, expect, it } from 'vitest';
import { auditSearch } from '../features/audit/filters';
import { logSearch } from '../features/log/filters';

describe('URL filters of the list pages', () => {
  it('reads what the URL holds, and falls back to each default for anything malformed', () => {
    expect(auditSearch.parse(new URLSearchParams('actor=%20root%20&start_timestamp=-5&p=0'))).toEqual({ actor: 'root', type: '', target_kind: '', target_id: '', start_timestamp: undefined, end_timestamp: undefined, p: 1 });
    expect(logSearch.parse(new URLSearchParams('type=2&model_name=gpt&p=3'))).toMatchObject({ type: 2, model_name: 'gpt', p: 3 });
  });

  it('writes back only what differs from the defaults, so the link stays short and round-trips', () => {
    const search = { ...logSearch.parse(new URLSearchParams('')), model_name: 'gpt-4o', start_timestamp: 1700000000, p: 2 };
    const params = logSearch.toParams(search);
    expect(Object.fromEntries(params)).toEqual({ model_name: 'gpt-4o', start_timestamp: '1700000000', p: '2' });
    expect(logSearch.parse(params)).toEqual(search);
    expect(logSearch.toParams({ ...search, type: 0, model_name: '', start_timestamp: undefined, p: 1 }).toString()).toBe('');
    expect(auditSearch.toParams({ ...auditSearch.parse(new URLSearchParams('')), type: 'OptionUpdated' }).toString()).toBe('type=OptionUpdated');
  });
});
