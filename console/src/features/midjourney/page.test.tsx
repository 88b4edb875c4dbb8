import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { MidjourneyPage } from './page';

const live = vi.hoisted(() => ({ socket: undefined as ReturnType<typeof fakeSocket> | undefined }));
vi.mock('../../live/socket', () => ({
  connectSocket: () => {
    live.socket = fakeSocket();
    return live.socket.connect();
  },
}));

const drawing = {
  id: 3, code: 1, user_id: 1, action: 'IMAGINE', mj_id: '1712', prompt: 'a cat', prompt_en: 'a cat', description: '', submit_time: 1_700_000_000_000, start_time: 0, finish_time: 0,
  image_url: '', status: 'IN_PROGRESS', progress: '50%', fail_reason: '', channel_id: 4, quota: 100, buttons: null, properties: null, created_at: 1_700_000_000,
};
/** A song with the drawing's id: the page must not take another platform's row. */
const song = { id: 3, created_at: 1_700_000_000, task_id: 'suno-1', platform: 'suno', user_id: 1, channel_id: 6, quota: 10, action: 'MUSIC', status: 'SUBMITTED', fail_reason: '', submit_time: 1_700_000_000, start_time: 0, finish_time: 0, progress: '0%', data: null };
const page = { items: [drawing], total: 1, page: 1, page_size: 10 };

describe('MidjourneyPage', () => {
  it("lists the user's drawings from 30 days ago and moves a row's progress when the server pushes it", async () => {
    signIn(1);
    const calls = stubApi({ '/api/mj/self/?': page, '/api/status': {} });
    renderPage(<MidjourneyPage />, '/midjourney');
    const row = await screen.findByTestId('mj-row');
    expect(row.textContent).toContain('1712');
    expect(row.textContent).toContain('已提交');
    expect(screen.getByTestId('task-status').textContent).toBe('执行中');
    const url = calls.map((c) => c.url).find((u) => u.startsWith('/api/mj/self/?')) ?? '';
    const start = Number(new URLSearchParams(url.split('?')[1]).get('start_timestamp'));
    expect(Math.abs(Date.now() - 30 * 86_400_000 - start)).toBeLessThan(120_000);
    live.socket?.emit('task', { platform: 'mj', row: { ...drawing, status: 'SUCCESS', progress: '100%', image_url: 'http://img/1.png', finish_time: drawing.submit_time + 90_000 } });
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('task-status').textContent).toBe('成功');
    expect(screen.getByRole('img').getAttribute('src')).toBe('http://img/1.png');
    live.socket?.emit('task', { platform: 'suno', row: song });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('uses the admin list with the channel column and warns when the callback is off', async () => {
    signIn(10);
    stubApi({ '/api/mj/?': page, '/api/status': { mj_notify_enabled: false } });
    renderPage(<MidjourneyPage />, '/midjourney');
    expect((await screen.findByTestId('mj-row')).textContent).toContain('4');
    expect(await screen.findByRole('note')).toBeTruthy();
    expect(screen.getByLabelText('渠道 ID')).toBeTruthy();
  });
});
