import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderPage, stubApi } from '../../test/render';
import { QuotaEquivalent } from './quota-equivalent';

const home = { '/api/notice': '', '/api/home_page_content': '' };

describe('what /api/status switches on across the console', () => {
  it('general_setting.docs_link: the header (and the welcome) link the docs; unset, no link', async () => {
    stubApi({ '/api/status': { docs_link: 'https://docs.example.com' }, ...home });
    renderApp('/');
    expect((await screen.findByTestId('docs-link')).getAttribute('href')).toBe('https://docs.example.com');
  });

  it('general_setting.docs_link: empty, the header has no docs link', async () => {
    stubApi({ '/api/status': { docs_link: '' }, ...home });
    renderApp('/');
    await screen.findByTestId('system-name');
    expect(screen.queryByTestId('docs-link')).toBeNull();
  });

  it('DemoSiteEnabled: the home page marks a demo site with its version', async () => {
    stubApi({ '/api/status': { demo_site_enabled: true, version: 'v0.1.0' }, ...home });
    renderApp('/');
    expect((await screen.findByTestId('demo-site')).textContent).toContain('演示站点 · v0.1.0');
  });

  it('general_setting.quota_display_type: a quota input shows its worth in yuan for CNY, and nothing for TOKENS', async () => {
    stubApi({ '/api/status': { display_in_currency: true, quota_per_unit: 500_000, quota_display_type: 'CNY', usd_exchange_rate: 7 } });
    const { unmount } = renderPage(<QuotaEquivalent quota={1_000_000} testId="equivalent" />);
    expect((await screen.findByTestId('equivalent')).textContent).toContain('¥14.00');
    unmount();
    // The remembered (CNY) status shows the worth at once; the server's answer (TOKENS) takes it away.
    stubApi({ '/api/status': { display_in_currency: false, quota_per_unit: 500_000, quota_display_type: 'TOKENS' } });
    renderPage(<QuotaEquivalent quota={1_000_000} testId="tokens" />);
    expect(screen.getByTestId('tokens').textContent).toContain('¥14.00');
    await waitFor(() => expect(screen.queryByTestId('tokens')).toBeNull());
  });
});
