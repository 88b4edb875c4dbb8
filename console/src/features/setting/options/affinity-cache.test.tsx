import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../../test/render';
import { SettingPage } from '../page';

const stats = {
  enabled: true, total: 7, unknown: 2, by_rule_name: { 'codex cli trace': 4, 'claude cli trace': 1 }, cache_capacity: 100000, cache_algo: 'lru',
  lookups_by_rule_name: { 'codex cli trace': { hits: 12, misses: 4 }, 'claude cli trace': { hits: 0, misses: 1 }, anonymous: { hits: 3, misses: 2 } },
};

function open() {
  signIn(100);
  const calls = stubApi({ 'GET /api/option/': [], 'GET /api/option/channel_affinity_cache': stats, 'DELETE /api/option/channel_affinity_cache': { deleted: 4 } });
  renderPage(<SettingPage />, '/setting?tab=operation');
  return calls;
}

describe('the channel affinity cache card', () => {
  it("shows the cache's entries per rule and each rule's hits and misses, under the affinity settings", async () => {
    open();
    const cacheCard = await screen.findByRole('region', { name: '渠道亲和缓存' });
    await waitFor(() => expect(within(cacheCard).getAllByTestId('affinity-rule-row')).toHaveLength(3));
    const rows = within(cacheCard).getAllByTestId('affinity-rule-row').map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
    expect(rows).toEqual([['codex cli trace', '4', '12', '4'], ['claude cli trace', '1', '0', '1'], ['anonymous', '—', '3', '2']]);
    expect(within(cacheCard).getByTestId('affinity-cache-total').textContent).toContain('7');
    // A rule without its name in its keys cannot be cleared alone (new-api refuses it).
    expect(within(cacheCard).getAllByRole('button', { name: '清空' })).toHaveLength(2);
    // The card sits right after the affinity settings.
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions[regions.indexOf('affinity-cache') - 1]).toBe('group-affinity');
  });

  it('clears one rule or everything after asking, with new-api\'s query', async () => {
    const calls = open();
    const cacheCard = await screen.findByRole('region', { name: '渠道亲和缓存' });
    fireEvent.click((await within(cacheCard).findAllByRole('button', { name: '清空' }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('已清空 4 个条目')).toBeTruthy();
    fireEvent.click(within(cacheCard).getByRole('button', { name: '清空全部' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/option/channel_affinity_cache?rule_name=codex%20cli%20trace', '/api/option/channel_affinity_cache?all=true']));
  });
});
