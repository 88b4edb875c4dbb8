import { describe, expect, it } from 'vitest';
import { BreakerView } from './breaker-view.js';

describe('BreakerView', () => {
  it('admits every channel while no breaker is open', () => {
    const view = new BreakerView(() => 0);
    expect(view.admits({ channelId: 1 })).toBe(true);
    expect(view.isDue({ channelId: 1 })).toBe(false);
    expect(view.isOpen({ channelId: 1 })).toBe(false);
    expect(view.isClosed({ channelId: 1 })).toBe(true);
  });

  // A call picked while the slot was free, whose hold was taken while another call claimed it, must not go as a second probe.
  it('holds a half-open channel that another call probes: not closed, not due, not admitted', () => {
    const view = new BreakerView(() => 2_500);
    view.apply({ channelId: 7, state: 'half-open', until: 3_000, coolDownMs: 1_000 });
    expect([view.isClosed({ channelId: 7 }), view.isDue({ channelId: 7 }), view.admits({ channelId: 7 }), view.isClosed({ channelId: 8 })]).toEqual([false, false, false, true]);
  });

  it('keeps an open channel out until its cool-down has passed, then admits it as due a probe', () => {
    let now = 1_000;
    const view = new BreakerView(() => now);
    view.apply({ channelId: 7, state: 'open', until: 2_000, coolDownMs: 1_000 });
    expect([view.admits({ channelId: 7 }), view.isDue({ channelId: 7 }), view.isOpen({ channelId: 7 }), view.admits({ channelId: 8 })]).toEqual([false, false, true, true]);
    now = 2_000;
    expect([view.admits({ channelId: 7 }), view.isDue({ channelId: 7 }), view.isOpen({ channelId: 7 })]).toEqual([true, true, false]);
  });

  it('passes the channel by for a cool-down while this gateway claims its probe, and forgets it once closed', () => {
    let now = 2_000;
    const view = new BreakerView(() => now);
    view.apply({ channelId: 7, state: 'open', until: 2_000, coolDownMs: 1_000 });
    view.claiming({ channelId: 7 });
    expect(view.admits({ channelId: 7 })).toBe(false);
    now = 3_000;
    expect(view.isDue({ channelId: 7 })).toBe(true);
    view.apply({ channelId: 7, state: 'closed', until: 0, coolDownMs: 0 });
    expect(view.entries()).toEqual([]);
    expect(view.admits({ channelId: 7 })).toBe(true);
  });

  it("holds a multi-key channel's keys apart: one key open leaves the others and the channel's own admitted; the channel counts as held until every key closes", () => {
    const view = new BreakerView(() => 1_000);
    view.apply({ channelId: 7, keyIndex: 1, state: 'open', until: 2_000, coolDownMs: 1_000 });
    view.apply({ channelId: 7, keyIndex: 2, state: 'half-open', until: 2_000, coolDownMs: 1_000 });
    expect([view.admits({ channelId: 7, keyIndex: 1 }), view.admits({ channelId: 7, keyIndex: 0 }), view.admits({ channelId: 7 })]).toEqual([false, true, true]);
    expect([view.holds(7), view.holds(8)]).toEqual([true, false]);
    view.apply({ channelId: 7, keyIndex: 1, state: 'closed', until: 0, coolDownMs: 0 });
    view.apply({ channelId: 7, keyIndex: 1, state: 'closed', until: 0, coolDownMs: 0 });
    expect(view.holds(7)).toBe(true);
    view.apply({ channelId: 7, keyIndex: 2, state: 'closed', until: 0, coolDownMs: 0 });
    expect([view.holds(7), view.entries()]).toEqual([false, []]);
  });
});
