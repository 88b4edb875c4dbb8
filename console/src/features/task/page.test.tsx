import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { TaskPage } from './page';

const live = vi.hoisted(() => ({ socket: undefined as ReturnType<typeof fakeSocket> | undefined }));
vi.mock('../../live/socket', () => ({
  connectSocket: () => {
    live.socket = fakeSocket();
    return live.socket.connect();
  },
}));

const song = { id: 5, created_at: 1_700_000_000, task_id: 'suno-1', platform: 'suno', user_id: 1, channel_id: 6, quota: 10, action: 'MUSIC', status: 'SUBMITTED', fail_reason: '', submit_time: 1_700_000_000, start_time: 0, finish_time: 0, progress: '0%', data: null };
const page = { items: [song], total: 1, page: 1, page_size: 10 };

describe('TaskPage', () => {
  it("lists today's tasks, shows a task's JSON, and follows a pushed failure", async () => {
    signIn(1);
    const calls = stubApi({ '/api/task/self?': page, '/api/status': {} });
    renderPage(<TaskPage />, '/task');
    const row = await screen.findByTestId('task-row');
    expect(row.textContent).toContain('MUSIC');
    expect(row.textContent).toContain('suno');
    const url = calls.map((c) => c.url).find((u) => u.startsWith('/api/task/self?')) ?? '';
    expect(new URLSearchParams(url.split('?')[1]).get('start_timestamp')).toBe(String(Math.floor(new Date().setHours(0, 0, 0, 0) / 1000)));
    fireEvent.click(screen.getByText('suno-1'));
    expect((await screen.findByTestId('task-detail')).textContent).toContain('"task_id": "suno-1"');
    live.socket?.emit('task', { platform: 'suno', row: { ...song, status: 'FAILURE', fail_reason: 'banned', finish_time: song.submit_time + 61 } });
    expect((await screen.findAllByText('banned')).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('task-status')[0]?.textContent).toBe('失败');
    expect(screen.getByText('61.0 s').className).toContain('rose');
  });

  it("shows a video task's preview once it finishes, following the push from its provider's platform", async () => {
    signIn(1);
    const video = { ...song, id: 6, task_id: 'kt-1', platform: '50', action: 'generate', status: 'IN_PROGRESS', progress: '50%', result_url: '' };
    stubApi({ '/api/task/self?': { ...page, items: [video] }, '/api/status': {} });
    renderPage(<TaskPage />, '/task');
    expect((await screen.findByTestId('task-row')).textContent).toContain('50');
    expect(screen.queryByTestId('task-preview')).toBeNull();
    const url = 'https://cdn.example/kt-1.mp4';
    live.socket?.emit('task', { platform: '50', row: { ...video, status: 'SUCCESS', progress: '100%', result_url: url } });
    const preview = await screen.findByTestId('task-preview');
    expect(preview.tagName).toBe('VIDEO');
    expect(preview.getAttribute('src')).toBe(url);
    expect(screen.getByRole('link', { name: '↗' }).getAttribute('href')).toBe(url);
  });
});
