import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeChecklist, makeDocument } from '../../app/testing/onboarding-fixtures';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

describe('Onboarding (employee)', { timeout: 20_000 }, () => {
  it('shows the progress and the checklist of forms, documents and tests with their status', async () => {
    const checklist = makeChecklist({
      missing: ['Form "W-4" is not signed yet.', 'No competency test has been passed yet.'],
      forms: [
        { id: 11, name: 'W-4', required: true, status: 'PENDING', completed_at: null },
        {
          id: 12,
          name: 'Emergency contact',
          required: true,
          status: 'COMPLETED',
          completed_at: '2026-03-01T10:00:00Z',
        },
      ],
      documents: [
        makeDocument({ id: 1, name: 'CPR card', status: 'APPROVED', expiring_soon: true, expires_on: '2026-04-01' }),
      ],
      tests: [
        { id: 21, name: 'Home care competency', status: 'PENDING', score: null, pass_mark: 80, submitted_at: null },
      ],
    });
    const api = Object.assign(stubApi(), {
      onboarding_checklist_retrieve: vi.fn(async () => checklist),
      test_requests_list: vi.fn(),
    });
    const { container } = renderApp({ path: '/onboarding', user: makeUser('ROLE_EMPLOYEE', { status: 'NEW' }), api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' }, { timeout: 5000 })).toBeInTheDocument();
    const progress = await screen.findByRole('region', { name: 'Your progress' });
    expect(within(progress).getByText('2 of 4 required steps done')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: '2 of 4 required steps done' })).toHaveAttribute(
      'value',
      '2',
    );
    expect(within(progress).getByText('Form "W-4" is not signed yet.')).toBeInTheDocument();
    const forms = screen.getByRole('region', { name: 'Forms' });
    expect(within(forms).getByRole('link', { name: 'W-4' })).toHaveAttribute(
      'href',
      '/onboarding/form-request/11/onboarding',
    );
    expect(within(forms).getByText('To sign')).toBeInTheDocument();
    expect(within(forms).getByText('Completed')).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByText('Expires soon')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Competency tests' })).getByRole('link', {
        name: 'Home care competency',
      }),
    ).toHaveAttribute('href', '/onboarding/test-request/21');
    // Not a READY RN: no skills checks to observe.
    expect(screen.queryByRole('region', { name: 'Skills checks awaiting observation' })).not.toBeInTheDocument();
    expect(api.test_requests_list).not.toHaveBeenCalled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
