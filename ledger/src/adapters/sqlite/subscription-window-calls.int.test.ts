import { describe, expect, it } from 'vitest';
import { usageRecorded } from '../../testing/event-builders.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteEventLog } from './sqlite-event-log.js';
import { openSqliteWindowUsage } from './subscription-window-calls.js';

const NOW = Date.UTC(2026, 10, 30);
const day = { key: 's7:w0:1', endsAt: NOW + 3_600_000 };
const week = { key: 's7:w1:1', endsAt: NOW + 7 * 3_600_000 };

describe('the embedded log records what each subscription window counted (issue #41)', () => {
  it('in the append: every window a call counted in, once per call however often its event is appended; wallet calls count nowhere', async () => {
    const path = tempSqlitePath();
    const log = createSqliteEventLog({ path });
    const first = usageRecorded({ quota: 30, subscriptionId: 7, subscriptionWindows: [day, week] });
    await log.append([first, usageRecorded({ quota: 12, subscriptionId: 7, subscriptionWindows: [day] }), usageRecorded({ quota: 1_000 })]);
    // A retried append carries the same call again (its hold): it must not count twice.
    await log.append([first]);
    await log.close();
    const record = openSqliteWindowUsage(path, NOW);
    expect([record.counted(day.key), record.counted(week.key), record.counted('s8:w0:1')]).toEqual([42, 30, 0]);
    record.close();
  });

  it('forgets the calls of windows that ended, when a reader opens', async () => {
    const path = tempSqlitePath();
    const log = createSqliteEventLog({ path });
    await log.append([usageRecorded({ quota: 5, subscriptionId: 7, subscriptionWindows: [day, week] })]);
    await log.close();
    const later = openSqliteWindowUsage(path, day.endsAt);
    expect([later.counted(day.key), later.counted(week.key)]).toEqual([0, 5]);
    later.close();
  });
});
