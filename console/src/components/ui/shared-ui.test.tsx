import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { CopyButton } from './copy-button';
import { RelativeTime } from './relative-time';
import { StatCard } from './stat-card';

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => vi.useRealTimers());

describe('CopyButton', () => {
  it('copies the text, says so, and shows a tick for a moment', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard(writeText);
    renderPage(<CopyButton text="sk-abc" label="复制令牌" />);
    fireEvent.click(screen.getByRole('button', { name: '复制令牌' }));
    expect(await screen.findByRole('button', { name: '已复制' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('sk-abc');
    expect(await screen.findByText('已复制到剪贴板！')).toBeTruthy();
  });

  it('copies what getText fetches, and shows it for copying by hand when the browser refuses', async () => {
    setClipboard(async () => Promise.reject(new Error('denied')));
    renderPage(<CopyButton getText={async () => 'sk-revealed'} />);
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    const dialog = await screen.findByRole('dialog', { name: '无法复制到剪贴板，请手动复制' });
    expect(dialog.textContent).toContain('sk-revealed');
  });
});

describe('RelativeTime', () => {
  it('says how long ago in the console language, with the exact time on hover', () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const seconds = now / 1000 - 180;
    renderPage(<RelativeTime seconds={seconds} now={now} />);
    const time = screen.getByTestId('relative-time');
    expect(time.textContent).toBe('3 分钟前');
    expect(time.getAttribute('dateTime')).toBe('2026-11-26T11:57:00.000Z');
    expect(time.getAttribute('title')).toMatch(/^2026-11-26 \d\d:57:00$/);
  });

  it('says it in English, and looks ahead for a future moment', () => {
    localStorage.setItem('lang', 'en');
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    renderPage(<RelativeTime seconds={now / 1000 + 2 * 86_400} now={now} />);
    expect(screen.getByTestId('relative-time').textContent).toBe('in 2 days');
  });
});

describe('StatCard', () => {
  it('shows a skeleton until the value arrives, then the value with its label and context', () => {
    const { rerender } = renderPage(<StatCard testId="card" label="余额" value={undefined} />);
    expect(screen.getByTestId('card').querySelector('[data-testid="skeleton"]')).not.toBeNull();
    rerender(<StatCard testId="card" label="余额" value="$1.50" hint="3 次请求" raw={750_000} />);
    const card = screen.getByTestId('card');
    expect(card.querySelector('[data-testid="skeleton"]')).toBeNull();
    expect(card.textContent).toBe('余额$1.503 次请求');
    expect(card.dataset.value).toBe('750000');
  });
});

/** A delete button that asks first, as every list's delete does. */
function DeleteWithConfirm({ onDelete }: { onDelete(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>删除</Button>
      <ConfirmDialog open={open} title="确定删除？" confirmLabel="确认删除" cancelLabel="取消" onConfirm={onDelete} onClose={() => setOpen(false)} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('deletes only once confirmed; focus moves into the dialog and returns to the button that opened it', async () => {
    const onDelete = vi.fn();
    renderPage(<DeleteWithConfirm onDelete={onDelete} />);
    const opener = screen.getByRole('button', { name: '删除' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '确定删除？' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));

    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: '确认删除' }));
    await act(async () => undefined);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
