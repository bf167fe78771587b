import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';

const mails = [
  {
    id: 2,
    to: 'grace@applicant.example',
    subject: 'Welcome to Sunrise Home Care',
    text: 'Hello http://evil.example,\n\nSet your password: http://portal.test/sign-up/MTI/[redacted]/sunrise',
    state: 'printed' as const,
    created_at: '2026-03-02T14:05:00Z',
  },
  {
    id: 1,
    to: 'nurse@sunrise.example',
    subject: 'Your TB test expires soon',
    text: 'Please upload the renewed document.',
    state: 'failed' as const,
    created_at: '2026-03-01T10:00:00Z',
  },
];

describe('/dev, the mail outbox', () => {
  it('shows each mail as plain text with its state in words, and no link to follow', async () => {
    const api = Object.assign(stubApi(), {
      dev_outbox_list: vi.fn(async () => page(mails)),
    });
    renderApp({ path: '/dev', user: makeUser('ROLE_ADMIN'), api });
    await screen.findByText('Welcome to Sunrise Home Care', {}, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Outbox' });
    const rowWith = (text: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(text))!;
    const welcome = rowWith('Welcome to Sunrise Home Care');
    expect(within(welcome).getByText(/sign-up\/MTI\/\[redacted\]\/sunrise/)).toBeInTheDocument();
    expect(
      within(welcome).getByText('Not sent: printed on the server console (no mail server is set up)'),
    ).toBeInTheDocument();
    expect(rowWith('TB test')).toHaveTextContent('Not sent: the mail server refused it');
    // what an applicant typed (here a name that looks like an address) stays text
    expect(within(table).queryAllByRole('link')).toEqual([]);
    expect(screen.getByText(/Sign-up and password-reset links show as \[redacted\]/)).toBeInTheDocument();
  });
});
