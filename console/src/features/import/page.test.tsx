import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import type { ImportJob } from '@tollgate/wire';
import { ImportPage } from './page';

const running: ImportJob = {
  status: 'running', source: 'mysql://newapi:***@db:3306/newapi', logs_source: '', dry_run: false, started_at: 1_700_000_000, finished_at: 0,
  tables: [{ table: 'users', done: 3, total: 3 }, { table: 'logs', done: 40_000, total: 100_000 }], report: '', error: '',
};

describe('import page', () => {
  it('sends the source, the log source and the dry-run switch, and shows a bar per table', async () => {
    const calls = stubApi({ 'GET /api/import/': { ...running, status: 'idle', tables: [] }, 'POST /api/import/': running });
    renderPage(<ImportPage />);
    fireEvent.change(await screen.findByLabelText('数据源'), { target: { value: ' newapi:pw@tcp(db:3306)/newapi ' } });
    fireEvent.change(screen.getByLabelText('日志数据源（可选：new-api 设置了 LOG_SQL_DSN 时填写）'), { target: { value: 'postgres://u@logs/l' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(await screen.findByText('正在导入…')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ source: 'newapi:pw@tcp(db:3306)/newapi', logs_source: 'postgres://u@logs/l', dry_run: false });
    expect(screen.getByRole('progressbar', { name: 'logs' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('progressbar', { name: 'users' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('button', { name: '开始导入' })).toHaveProperty('disabled', true);
  });

  it('shows the last report, and a failure in place', async () => {
    stubApi({ 'GET /api/import/': { ...running, status: 'failed', tables: [], error: 'connect ECONNREFUSED 127.0.0.1:9' } });
    renderPage(<ImportPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('connect ECONNREFUSED 127.0.0.1:9');
    expect(screen.getByText('导入失败')).toBeTruthy();
  });
});
