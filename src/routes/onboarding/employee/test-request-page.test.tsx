import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { drawSignature } from '../../../app/testing/fake-signature-pad';
import { makeUser, renderApp, stubApi } from '../../../app/testing/render-app';
import { page } from '../../../app/testing/client-fixtures';
import { seriousAxeViolations } from '../../../ui/test-utils';
import { makeChecklist, makeTestRequest } from '../../../app/testing/onboarding-fixtures';
import type { TestRequest } from '../../../api/onboarding';
import { apiFailure } from '../../../app/testing/api-failures';

vi.mock('signature_pad', () => import('../../../app/testing/fake-signature-pad'));

const aide = makeUser('ROLE_EMPLOYEE', { id: 100, status: 'NEW', first_name: 'Ana', last_name: 'Ortiz' });
const nurse = makeUser('ROLE_EMPLOYEE', { id: 200, status: 'READY', first_name: 'Nina', last_name: 'Reyes' });
const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

/** The nurse's observation of the aide: the vital signs satisfactory, the transfer not. */
const failedTransfer = [
  {
    skill_id: 's1',
    label: 'Reading and recording temperature, pulse and respiration',
    satisfactory: true,
    comment: null,
  },
  {
    skill_id: 's2',
    label: 'Safe transfer techniques and ambulation',
    satisfactory: false,
    comment: 'Did not lock the wheelchair.',
  },
];

function setUp(
  user: typeof aide,
  path: string,
  requests: Record<number, TestRequest>,
  extra: Record<string, unknown> = {},
) {
  const api = Object.assign(stubApi(), {
    test_requests_retrieve: vi.fn(async ({ id }: { id: number }) => requests[id]),
    test_requests_list: vi.fn(async () => page(Object.values(requests), 1)),
    onboarding_checklist_retrieve: vi.fn(async () => makeChecklist()),
    ...extra,
  });
  return renderApp({ path, user, api });
}

describe('Competency test: the written part', { timeout: 30_000 }, () => {
  it('asks each question as a radio group, submits the chosen indexes and shows the result', async () => {
    const user = userEvent.setup();
    const pending = makeTestRequest();
    const scored = makeTestRequest({
      status: 'AWAITING_OBSERVATION',
      score: 100,
      written_passed: true,
      submitted_at: '2026-03-02T14:05:00Z',
    });
    const requests = { 21: pending };
    const submit = vi.fn(async () => {
      requests[21] = scored;
      return scored;
    });
    const { api, container } = setUp(aide, '/onboarding/test-request/21', requests, {
      test_requests_submit_create: submit,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Home health aide competency' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 questions · pass mark 80%/)).toBeInTheDocument();
    const first = screen.getByRole('group', { name: '1. How often should you wash your hands?' });
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['Once a shift', 'Before and after each contact', 'Never']);
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(first).getByRole('radio', { name: 'Before and after each contact' }));
    const submitButton = screen.getByRole('button', { name: 'Submit test' });
    expect(submitButton).toBeDisabled();
    await user.click(
      within(screen.getByRole('group', { name: '2. A normal adult resting pulse is' })).getByRole('radio', {
        name: '60-100',
      }),
    );
    await user.click(submitButton);
    // Nothing is sent before the person confirms that the answers are final; Cancel keeps them on the test.
    const confirm = await screen.findByRole('alertdialog', { name: 'Submit your answers?' });
    expect(confirm).toHaveTextContent('You answered all 2 questions. Once submitted, your answers cannot be changed.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    await user.click(submitButton);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Submit your answers?' })).getByRole('button', {
        name: 'Submit answers',
      }),
    );
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ id: 21 }, { answers: { q1: 1, q2: 1 } }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Competency test result' })).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding/test-request/result');
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText('100% (pass mark 80%)')).toBeInTheDocument();
    expect(within(result).getByText('Waiting for a registered nurse')).toBeInTheDocument();
    expect(within(result).getByText('Not decided yet')).toBeInTheDocument();
    expect(within(result).getByText(/A registered nurse from the agency will watch you/)).toBeInTheDocument();
    expect(api.test_requests_retrieve).toHaveBeenLastCalledWith({ id: 21 });
  });

  it('a refused submission closes the confirmation and says why, keeping the answers', async () => {
    const user = userEvent.setup();
    const refusal = apiFailure(409, 'This test was already submitted.');
    const submit = vi.fn(async () => Promise.reject(refusal));
    setUp(aide, '/onboarding/test-request/21', { 21: makeTestRequest() }, { test_requests_submit_create: submit });
    await screen.findByRole('heading', { level: 1, name: 'Home health aide competency' }, { timeout: 5000 });
    await user.click(
      within(screen.getByRole('group', { name: '1. How often should you wash your hands?' })).getByRole('radio', {
        name: 'Never',
      }),
    );
    await user.click(
      within(screen.getByRole('group', { name: '2. A normal adult resting pulse is' })).getByRole('radio', {
        name: '60-100',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit test' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Submit your answers?' })).getByRole('button', {
        name: 'Submit answers',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This test was already submitted.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: '1. How often should you wash your hands?' })).getByRole('radio', {
        name: 'Never',
      }),
    ).toBeChecked();
  });

  it('shows a final result: score against the pass mark, written part, skills, what happens next', async () => {
    const failed = makeTestRequest({
      status: 'FAILED',
      score: 90,
      written_passed: true,
      submitted_at: '2026-03-02T14:05:00Z',
      observer: { id: 200, name: 'Nina Reyes' },
      observed_at: '2026-03-03T15:00:00Z',
      skill_results: failedTransfer,
    });
    const { container } = setUp(aide, '/onboarding/test-request/result?id=21', { 21: failed });
    const result = await screen.findByRole('region', { name: 'Result' }, { timeout: 5000 });
    expect(within(result).getByText('90% (pass mark 80%)')).toBeInTheDocument();
    expect(within(result).getByText('Not all skills satisfactory')).toBeInTheDocument();
    expect(within(result).getByText('Nina Reyes, Mar 3, 2026, 10:00 AM')).toBeInTheDocument();
    expect(within(result).getByText('Failed')).toBeInTheDocument();
    expect(within(result).getByText('Comment: Did not lock the wheelchair.')).toBeInTheDocument();
    expect(within(result).getByText(/You did not pass this time/)).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('names the subjects to review after a written fail, never the questions or their answers', async () => {
    const failed = makeTestRequest({
      status: 'FAILED',
      score: 50,
      written_passed: false,
      submitted_at: '2026-03-02T14:05:00Z',
      review_subjects: ['Infection control', 'Vital signs'],
    });
    setUp(aide, '/onboarding/test-request/result?id=21', { 21: failed });
    const result = await screen.findByRole('region', { name: 'Result' }, { timeout: 5000 });
    const subjects = within(result).getByRole('heading', { name: 'Subjects to review' })
      .nextElementSibling as HTMLElement;
    expect(
      within(subjects)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Infection control', 'Vital signs']);
    expect(within(result).queryByText('How often should you wash your hands?')).not.toBeInTheDocument();
    expect(
      within(result).getByText(
        /the office has been told and will send you another attempt, with the questions in a new order/,
      ),
    ).toBeInTheDocument();
  });

  it('sends the employee of a submitted test to its result', async () => {
    setUp(aide, '/onboarding/test-request/21', {
      21: makeTestRequest({ status: 'PASSED', score: 85, written_passed: true }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Competency test result' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      within(await screen.findByRole('region', { name: 'Result' })).getByText('Passed', { selector: 'strong' }),
    ).toBeInTheDocument();
  });
});

describe('Competency test: the RN observation', { timeout: 30_000 }, () => {
  const awaiting = makeTestRequest({
    status: 'AWAITING_OBSERVATION',
    score: 100,
    written_passed: true,
    submitted_at: '2026-03-02T14:05:00Z',
  });

  it('lists the skills checks awaiting observation on /onboarding for a READY RN', async () => {
    const { api } = setUp(nurse, '/onboarding', { 21: awaiting });
    const checks = await screen.findByRole('region', { name: 'Skills checks awaiting observation' }, { timeout: 5000 });
    expect(
      await within(checks).findByRole('link', {
        name: 'Observe Ana Ortiz (Home Health Aide): Home health aide competency',
      }),
    ).toHaveAttribute('href', '/onboarding/test-request/21');
    expect(api.test_requests_list).toHaveBeenCalledWith({ awaiting_observation: true, limit: 100 });
  });

  it("records each skill as satisfactory or not, with a comment and the nurse's signature", async () => {
    const user = userEvent.setup();
    const observed = vi.fn(async () => ({
      ...awaiting,
      status: 'FAILED',
      observer: { id: 200, name: 'Nina Reyes' },
      observed_at: '2026-03-03T15:00:00Z',
      skill_results: failedTransfer,
    }));
    const { container } = setUp(
      nurse,
      '/onboarding/test-request/21',
      { 21: awaiting },
      { test_requests_observation_create: observed },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Skills check: Ana Ortiz' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Skills observation' });
    expect(await seriousAxeViolations(container)).toEqual([]);
    const temperature = within(form).getByRole('group', {
      name: 'Reading and recording temperature, pulse and respiration',
    });
    await user.click(within(temperature).getByRole('radio', { name: 'Satisfactory' }));
    const transfer = within(form).getByRole('group', { name: 'Safe transfer techniques and ambulation' });
    await user.click(within(transfer).getByRole('radio', { name: 'Not satisfactory' }));
    await user.type(
      within(form).getByLabelText('Comment on Safe transfer techniques and ambulation (optional)'),
      'Did not lock the wheelchair.',
    );
    expect(within(form).getByRole('button', { name: 'Record observation' })).toBeDisabled();
    await drawSignature(within(form).getByRole('img', { name: 'Your signature (registered nurse)' }));
    await user.click(within(form).getByRole('button', { name: 'Record observation' }));
    await waitFor(() =>
      expect(observed).toHaveBeenCalledWith(
        { id: 21 },
        {
          skills: [
            { skill_id: 's1', satisfactory: true },
            { skill_id: 's2', satisfactory: false, comment: 'Did not lock the wheelchair.' },
          ],
          signature: 'data:image/png;base64,U0lHTkFUVVJF',
        },
      ),
    );
    expect(await screen.findByText('The observation was recorded.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Result' })).getByText('Failed')).toBeInTheDocument();
  });

  it('offers no observation to an employee who is not a READY RN', async () => {
    const otherAide = makeUser('ROLE_EMPLOYEE', {
      id: 300,
      status: 'READY',
      profile: { status: 'READY', position: 'HHA', forms_due: 0 },
    } as never);
    setUp(otherAide, '/onboarding/test-request/21', { 21: awaiting });
    expect(
      await screen.findByText('There is nothing for you to do on this test.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Skills observation' })).not.toBeInTheDocument();
  });
});
