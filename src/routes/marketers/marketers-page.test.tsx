import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { makeFigures, makeReferral } from '../../app/testing/referral-fixtures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const mia = makeFigures();
const noah = makeFigures({
  id: 32,
  first_name: 'Noah',
  last_name: 'Kim',
  is_active: false,
  conversion: null,
  median_days_to_admission: null,
});
const rosa = makeReferral({ overdue: true });
const walkIn = makeReferral({ id: 14, first_name: 'Ivy', last_name: 'Chen', marketer: null });

function setUp(path: string) {
  const api = Object.assign(stubApi(), {
    marketers_list: vi.fn(async (params: { from?: string; to?: string }) => ({
      count: 2,
      next: null,
      previous: null,
      results: [mia, noah],
      from: params.from ?? '2025-12-03',
      to: params.to ?? '2026-03-02',
    })),
    marketers_report_retrieve: vi.fn(async () => 'Dimension,Name\r\nSource,Hospital\r\n'),
    referrals_list: vi.fn(async () => page([rosa, walkIn])),
  });
  return renderApp({ path, user: admin, api });
}

describe('Marketers page', { timeout: 30000 }, () => {
  it("shows the board and each marketer's figures: conversion as a percent, '—' when nothing is decided", async () => {
    const user = userEvent.setup();
    const { api } = setUp('/marketers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketers' }, { timeout: 5000 })).toBeInTheDocument();
    const figures = await screen.findByRole('table', { name: "Marketers' figures" });
    const row = (name: string) => within(figures).getByText(name, { exact: false }).closest('tr')!;
    await within(figures).findByText('Mia Lane', { exact: false });
    expect(within(row('Mia Lane')).getByText('42.9%')).toBeInTheDocument();
    expect(within(row('Mia Lane')).getByText('4.5 days')).toBeInTheDocument();
    expect(within(row('Noah Kim')).getAllByText('—')).toHaveLength(2);
    expect(within(row('Noah Kim')).getByText('Inactive')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'View referrals of Mia Lane' })).toHaveAttribute(
      'href',
      '/marketers/31/referrals',
    );
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('2025-12-03'));
    expect(api.marketers_list).toHaveBeenCalledWith({ limit: 20, offset: 0 });

    const board = screen.getByRole('table', { name: 'Referral board' });
    expect(within(board).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute(
      'href',
      '/marketers/31/referrals/12',
    );
    expect(within(board).getByRole('link', { name: 'Ivy Chen' })).toHaveAttribute(
      'href',
      '/marketers/office/referrals/14',
    );
    expect(within(board).getByText('Entered by the office')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Marketer' }), 'Mia Lane');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Follow-up' }), 'New for more than 48 hours');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Hospital');
    await waitForLastCall(api.referrals_list, {
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      marketer_id: 31,
      overdue: true,
      source: 'HOSPITAL',
    });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitForLastCall(api.marketers_list, {
      limit: 20,
      offset: 0,
      from: '2026-01-01',
      to: '2026-03-02',
    });
  });

  it('downloads the report of the period as a CSV file', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('referral-conversion-2025-12-03-to-2026-03-02.csv');
      expect(this.href).toBe('blob:report');
    });
    const { api } = setUp('/marketers');
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveValue('2026-03-02'), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Download report (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.marketers_report_retrieve).toHaveBeenCalledWith({ from: '2025-12-03', to: '2026-03-02' }, null, {
      responseType: 'text',
    });
    const blob = createObjectURL.mock.calls[0][0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(blob.size).toBe('Dimension,Name\r\nSource,Hospital\r\n'.length);
  });

  it("lists one marketer's referrals with the way back", async () => {
    const { api } = setUp('/marketers/31/referrals');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Referrals of Mia Lane' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to marketers' })).toHaveAttribute('href', '/marketers');
    await waitFor(() =>
      expect(api.referrals_list).toHaveBeenCalledWith({
        limit: 20,
        offset: 0,
        ordering: '-created_at',
        marketer_id: 31,
      }),
    );
    expect(screen.queryByRole('combobox', { name: 'Marketer' })).not.toBeInTheDocument();
  });
});
