import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from './test/render';

const status = { system_name: 'Gate X', footer_html: '', quota_per_unit: 500000, display_in_currency: false };

describe('routes', () => {
  it('sends a guarded route to /login when no user is stored', async () => {
    stubApi({ '/api/status': status });
    const router = renderApp('/channel');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says the page does not exist for an unknown path, under the status name', async () => {
    stubApi({ '/api/status': status });
    renderApp('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(await screen.findByText('Gate X')).toBeTruthy();
  });
});
