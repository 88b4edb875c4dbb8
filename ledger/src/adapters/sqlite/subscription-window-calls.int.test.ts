import { describe, expect, it } from 'vitest';
import { usageRecorded } from '../../testing/event-builders.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteEventLog } from './sqlite-event-log.js';
import { openDatabase } from './open-database.js';
import { openSqliteWindowUsage, SubscriptionWindowCalls } from './subscription-window-calls.js';

/** Now, so the writer (which prunes by the wall clock) keeps these windows. */
const NOW = Date.now();
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

  it('the writer forgets ended windows as it goes, a bounded batch a minute while more remain, so a long-running process keeps only running windows', () => {
    const db = openDatabase(tempSqlitePath());
    let clock = NOW;
    const calls = new SubscriptionWindowCalls(db, () => clock);
    const rows = (key: string) => db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM subscription_window_calls WHERE window_key = ?').get(key)?.n;
    const ended = { key: 's7:w0:0', endsAt: NOW + 1_000 };
    for (let i = 0; i < 2_500; i++) calls.record(usageRecorded({ quota: 1, subscriptionId: 7, subscriptionWindows: [ended, week] }));
    expect([rows(ended.key), rows(week.key)]).toEqual([2_500, 2_500]);
    clock = ended.endsAt + 30_000; // the first call pruned at NOW: the next look is a minute later
    calls.record(usageRecorded({ quota: 1, subscriptionId: 7, subscriptionWindows: [week] }));
    expect(rows(ended.key)).toBe(2_500);
    clock = NOW + 61_000;
    const wallet = usageRecorded({ quota: 1 });
    calls.record(wallet); // a wallet call records nothing and prunes nothing
    expect(rows(ended.key)).toBe(2_500);
    for (let i = 0; i < 3; i++) calls.record(usageRecorded({ quota: 1, subscriptionId: 7, subscriptionWindows: [week] }));
    expect([rows(ended.key), rows(week.key)]).toEqual([0, 2_504]);
    db.close();
  });
});
