import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../../test/render';
import { TwoFactorCard } from './two-factor-card';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', qr_code_data: 'otpauth://totp/Tollgate:amy?secret=JBSWY3DPEHPK3PXP&issuer=Tollgate', backup_codes: ['AAAA-1111', 'BBBB-2222'] };

describe('TwoFactorCard', () => {
  it('sets up with the secret and the otpauth URL as text, then enables with the typed code', async () => {
    const calls = stubApi({ 'GET /api/user/2fa/status': { enabled: false, locked: false }, 'POST /api/user/2fa/setup': SETUP, 'POST /api/user/2fa/enable': null });
    renderPage(<TwoFactorCard />);
    fireEvent.click(await screen.findByRole('button', { name: '启用验证' }));
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe(SETUP.secret);
    expect(screen.getByTestId('two-factor-url').textContent).toBe(SETUP.qr_code_data);
    expect(screen.getByTestId('two-factor-backup-codes').textContent).toBe('AAAA-1111\nBBBB-2222');
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: '完成设置并启用两步验证' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/2fa/enable')?.body).toEqual({ code: '123456' }));
    expect(await screen.findByText('两步验证启用成功！')).toBeTruthy();
  });

  it('shows the remaining recovery codes and new ones on request, and no demand once it is on', async () => {
    const calls = stubApi({
      'GET /api/user/2fa/status': { enabled: true, locked: false, backup_codes_remaining: 3, required: true },
      'POST /api/user/2fa/backup_codes': { backup_codes: ['CCCC-3333'] },
    });
    renderPage(<TwoFactorCard />);
    expect(await screen.findByText('剩余备用码：3个')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getAllByLabelText('验证码')[0] as HTMLElement, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '重新生成备用码' }));
    expect((await screen.findByTestId('two-factor-backup-codes')).textContent).toBe('CCCC-3333');
    expect(calls.find((c) => c.url === '/api/user/2fa/backup_codes')?.body).toEqual({ code: '654321' });
  });

  it('says an administrator must turn it on while the operator requires it', async () => {
    stubApi({ 'GET /api/user/2fa/status': { enabled: false, locked: false, required: true } });
    renderPage(<TwoFactorCard />);
    expect((await screen.findByRole('alert')).textContent).toBe('管理员要求管理员账户启用两步验证，启用前无法进行管理操作。');
  });
});
