import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { isNewYearSeason, NewYearGreeting } from './new-year';

describe('the New Year easter egg', () => {
  it('shows on 1 January and from 9 to 24 February, and not around them', () => {
    const on = ['2027-01-01', '2027-02-09', '2027-02-17', '2027-02-24'];
    const off = ['2026-12-31', '2027-01-02', '2027-02-08', '2027-02-25', '2027-06-01'];
    expect(on.map((d) => isNewYearSeason(new Date(`${d}T12:00:00`)))).toEqual(on.map(() => true));
    expect(off.map((d) => isNewYearSeason(new Date(`${d}T12:00:00`)))).toEqual(off.map(() => false));
  });

  it('greets, and stays closed for the visit once closed', () => {
    const today = new Date('2027-02-10T09:00:00');
    const first = renderPage(<NewYearGreeting today={today} />, '/');
    expect(screen.getByRole('status').textContent).toContain('新年快乐');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('status')).toBeNull();
    first.unmount();
    renderPage(<NewYearGreeting today={today} />, '/');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is not there on an ordinary day', () => {
    renderPage(<NewYearGreeting today={new Date('2027-05-04T09:00:00')} />, '/');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
