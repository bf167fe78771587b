import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawSignature } from '../../app/testing/fake-signature-pad';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeClient, page } from '../../app/testing/client-fixtures';
import type { Review, ReviewVisit } from '../../api/work-service-reviews';
import { apiFailure } from '../../app/testing/api-failures';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const clara = makeUser('ROLE_CLIENT', { id: 7, first_name: 'Clara', last_name: 'Whitfield' });
const admin = makeUser('ROLE_ADMIN');

function makeVisit(overrides: Partial<ReviewVisit> = {}): ReviewVisit {
  return {
    visit_id: 31,
    service_date: '2026-11-16',
    // as the client gets it: the caregiver's first name and initial (the office's view names them in full)
    caregiver: { id: 5, name: 'Nora O.' },
    starts_at: '2026-11-16T15:02:00.000Z',
    ends_at: '2026-11-16T16:29:00.000Z',
    corrected: false,
    service: 'Pathways',
    minutes: 87,
    dispute: null,
    ...overrides,
  };
}

function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 4,
    status: 'PENDING',
    client: { id: 301, first_name: 'Clara', last_name: 'Whitfield' },
    week_start: '2026-11-15',
    week_end: '2026-11-21',
    title: 'Visits of Nov 15 – Nov 21',
    visit_count: 2,
    total_minutes: 147,
    signed_by: null,
    signed_at: null,
    unable_reason: null,
    unable_note: null,
    unable_recorded_by: null,
    unable_recorded_at: null,
    created_at: '2026-11-22T05:00:00.000Z',
    timezone: 'America/New_York',
    visits: [
      makeVisit(),
      makeVisit({
        visit_id: 32,
        service_date: '2026-11-18',
        starts_at: '2026-11-18T15:00:00.000Z',
        ends_at: '2026-11-18T16:00:00.000Z',
        minutes: 60,
        corrected: true,
      }),
    ],
    ...overrides,
  };
}

/** The first visit of the week as the client disputed it, the office not answering yet. */
const disputedVisit = makeVisit({
  dispute: {
    exception_id: 9,
    comment: 'She left at 11:00.',
    created_at: '2026-11-23T14:00:00.000Z',
    resolution: null,
    resolved_at: null,
  },
});

const signedReview = (overrides: Partial<Review> = {}) =>
  makeReview({
    status: 'SIGNED',
    signed_by: { id: 7, name: 'Clara Whitfield' },
    signed_at: '2026-11-23T14:30:00.000Z',
    ...overrides,
  });

function setUp({
  review = makeReview(),
  user = clara,
  path = `/onboarding/work-service-review/${review.id}`,
  overrides = {},
}: {
  review?: Review;
  user?: typeof clara;
  path?: string;
  overrides?: Record<string, (...args: never[]) => Promise<unknown>>;
} = {}) {
  const api = Object.assign(stubApi(), {
    work_service_reviews_retrieve: vi.fn(async () => review),
    work_service_reviews_list: vi.fn(async () => page([review])),
    work_service_reviews_signature_retrieve: vi.fn(async () => new Blob(['PNG'], { type: 'image/png' })),
    work_service_reviews_sign_create: vi.fn(async () => signedReview()),
    work_service_reviews_dispute_create: vi.fn(),
    work_service_reviews_unable_create: vi.fn(),
    clients_retrieve: vi.fn(async () => makeClient({ id: 301, first_name: 'Clara', last_name: 'Whitfield' })),
    ...overrides,
  });
  return renderApp({ path, user, api });
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:signature'), revokeObjectURL: vi.fn() });
});

describe('Work-service review (client)', { timeout: 30_000 }, () => {
  it('shows the week with every visit as a card, a dispute button each and the signature pad', async () => {
    const { container } = setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Visits of Nov 15 – Nov 21' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for signature')).toBeInTheDocument();
    const visits = screen.getByRole('list', { name: 'Visits of the week' });
    const cards = within(visits).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Monday, Nov 16, 2026')).toBeInTheDocument();
    expect(within(cards[0]).getByText('10:02–11:29 · 1 h 27 min')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Pathways with Nora O.')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Times corrected by the office')).toBeInTheDocument();
    expect(
      within(cards[1]).getByRole('button', { name: 'Dispute the visit of Wednesday, Nov 18, 2026' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'The week’s visits' })).getByText(
        /^2 visits · 2 h 27 min\. Check each visit/,
      ),
    ).toBeInTheDocument();
    const sign = screen.getByRole('form', { name: 'Sign the week' });
    expect(within(sign).getByRole('img', { name: 'Your signature' })).toBeInTheDocument();
    expect(within(sign).getByRole('button', { name: 'Sign' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Client cannot sign' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('Sign with an empty pad says what is missing under the pad and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    const sign = await screen.findByRole('form', { name: 'Sign the week' });
    const pad = within(sign).getByRole('img', { name: 'Your signature' });
    expect(within(sign).queryByText('Sign in the box to confirm the visits.')).not.toBeInTheDocument();
    await user.click(within(sign).getByRole('button', { name: 'Sign' }));
    const error = await within(sign).findByText('Sign in the box to confirm the visits.');
    expect(pad).toHaveAccessibleDescription(expect.stringContaining('Sign in the box to confirm the visits.'));
    expect(pad.getAttribute('aria-describedby')).toContain(error.id);
    expect(api.work_service_reviews_sign_create).not.toHaveBeenCalled();

    // signing clears it, and the week is signed
    await drawSignature(within(sign).getByRole('img', { name: 'Your signature' }));
    await waitFor(() =>
      expect(within(sign).queryByText('Sign in the box to confirm the visits.')).not.toBeInTheDocument(),
    );
    await user.click(within(sign).getByRole('button', { name: 'Sign' }));
    await waitFor(() =>
      expect(api.work_service_reviews_sign_create).toHaveBeenCalledWith(
        { id: 4 },
        { signature: 'data:image/png;base64,U0lHTkFUVVJF' },
      ),
    );
  });

  it('signs with the pad: the review turns Signed and read-only, with the signature shown and a Print button', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { api } = setUp();
    const sign = await screen.findByRole('form', { name: 'Sign the week' });
    await drawSignature(within(sign).getByRole('img', { name: 'Your signature' }));
    await waitFor(() => expect(within(sign).getByRole('button', { name: 'Sign' })).toBeEnabled());
    await user.click(within(sign).getByRole('button', { name: 'Sign' }));
    await waitFor(() =>
      expect(api.work_service_reviews_sign_create).toHaveBeenCalledWith(
        { id: 4 },
        { signature: 'data:image/png;base64,U0lHTkFUVVJF' },
      ),
    );
    expect(await screen.findByText('Thank you. The week is signed.')).toBeInTheDocument();
    expect(screen.getByText(/Signed by Clara Whitfield on Nov 23, 2026/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Signature of Clara Whitfield' })).toHaveAttribute(
      'src',
      'blob:signature',
    );
    expect(api.work_service_reviews_signature_retrieve).toHaveBeenCalledWith({ id: 4 }, null, { responseType: 'blob' });
    expect(screen.queryByRole('form', { name: 'Sign the week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dispute the visit/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it("shows the server's refusal when signing fails (signed already elsewhere)", async () => {
    const user = userEvent.setup();
    const refusal = apiFailure(409, 'This review is signed already: it can no longer change.', {
      code: 'review_signed',
    });
    setUp({ overrides: { work_service_reviews_sign_create: vi.fn(async () => Promise.reject(refusal)) } });
    const sign = await screen.findByRole('form', { name: 'Sign the week' });
    await drawSignature(within(sign).getByRole('img', { name: 'Your signature' }));
    await waitFor(() => expect(within(sign).getByRole('button', { name: 'Sign' })).toBeEnabled());
    await user.click(within(sign).getByRole('button', { name: 'Sign' }));
    expect(
      await within(sign).findByText('This review is signed already: it can no longer change.'),
    ).toBeInTheDocument();
  });

  it('disputes one visit with a comment; the visit shows the dispute and the page says the office was told', async () => {
    const user = userEvent.setup();
    const disputed = makeReview({
      status: 'DISPUTED',
      visits: [disputedVisit, makeReview().visits[1]],
    });
    const { api } = setUp({ overrides: { work_service_reviews_dispute_create: vi.fn(async () => disputed) } });
    await user.click(await screen.findByRole('button', { name: 'Dispute the visit of Monday, Nov 16, 2026' }));
    const form = screen.getByRole('form', { name: 'Dispute the visit of Monday, Nov 16, 2026' });
    expect(within(form).getByRole('button', { name: 'Send dispute' })).toBeDisabled();
    await user.type(within(form).getByLabelText('What is not right about this visit?'), 'She left at 11:00.');
    await user.click(within(form).getByRole('button', { name: 'Send dispute' }));
    await waitFor(() =>
      expect(api.work_service_reviews_dispute_create).toHaveBeenCalledWith(
        { id: 4 },
        { visit_id: 31, comment: 'She left at 11:00.' },
      ),
    );
    expect(await screen.findByText('Thank you. The office was told and looks into the visit.')).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Visits of the week' })).getAllByRole('listitem')[0];
    expect(within(card).getByText('You disputed this visit')).toBeInTheDocument();
    expect(within(card).getByText('She left at 11:00.')).toBeInTheDocument();
    expect(within(card).getByText('The office is looking into it')).toBeInTheDocument();
    expect(screen.getByText(/You disputed a visit: the office is looking into it/)).toBeInTheDocument();
    // the week may still be signed
    expect(screen.getByRole('form', { name: 'Sign the week' })).toBeInTheDocument();
  });

  it('a signed review is read-only and prints without the header, menu and buttons', async () => {
    const { container } = setUp({ review: signedReview() });
    expect(await screen.findByRole('img', { name: 'Signature of Clara Whitfield' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dispute/ })).not.toBeInTheDocument();
    const printRules = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    expect(printRules).toMatch(/@media print\s*\{[^}]*header,\s*nav,\s*button/);
    expect(screen.getByRole('link', { name: 'Back to your home' }).closest('[data-print="hide"]')).not.toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a review the office closed says so and offers nothing to sign; an unknown one is not found', async () => {
    const { unmount } = setUp({
      review: makeReview({
        status: 'UNABLE_TO_SIGN',
        unable_reason: 'HOSPITAL',
        unable_recorded_at: '2026-11-24T15:00:00.000Z',
      }),
    });
    expect(
      await screen.findByText(/The office recorded that this week cannot be signed \(In hospital or away from home\)/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    unmount();

    const missing = apiFailure(404, 'Not found.', { code: 'not_found' });
    setUp({ overrides: { work_service_reviews_retrieve: vi.fn(async () => Promise.reject(missing)) } });
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
  });
});

describe('Work-service reviews (office, on the client’s record)', { timeout: 30_000 }, () => {
  it("lists the client's reviews and opens one read-only, with the client's dispute and “Client cannot sign”", async () => {
    const user = userEvent.setup();
    const review = makeReview({
      status: 'DISPUTED',
      visits: [disputedVisit],
      visit_count: 1,
      total_minutes: 87,
    });
    const closed = makeReview({
      ...review,
      status: 'UNABLE_TO_SIGN',
      unable_reason: 'COGNITIVE',
      unable_note: 'Advanced dementia.',
      unable_recorded_by: { id: 1, name: 'Ana Ortiz' },
      unable_recorded_at: '2026-11-24T15:00:00.000Z',
    });
    const { api, container } = setUp({
      review,
      user: admin,
      path: '/clients/301/reviews',
      overrides: { work_service_reviews_unable_create: vi.fn(async () => closed) },
    });
    const list = await screen.findByRole('region', { name: 'Reviews' });
    await waitFor(() =>
      expect(api.work_service_reviews_list).toHaveBeenCalledWith({ client_id: 301, limit: 52, offset: 0 }),
    );
    const link = await within(list).findByRole('link', { name: 'Visits of Nov 15 – Nov 21' });
    expect(link).toHaveAttribute('href', '/clients/301/reviews/4');
    expect(within(list).getByText('1 visit · 1 h 27 min')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(link);
    expect(await screen.findByText('Disputed by the client')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Visits of Nov 15 – Nov 21' })).toBeInTheDocument();
    expect(screen.getByText(/The client disputed a visit: it is in the exceptions queue/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dispute the visit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign the week' })).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Client cannot sign' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Why' }), 'Cognitively unable to sign');
    await user.type(within(form).getByLabelText('Note'), 'Advanced dementia.');
    await user.click(within(form).getByRole('button', { name: 'Record that the client cannot sign' }));
    await waitFor(() =>
      expect(api.work_service_reviews_unable_create).toHaveBeenCalledWith(
        { id: 4 },
        { reason: 'COGNITIVE', note: 'Advanced dementia.' },
      ),
    );
    expect(await screen.findByText('Recorded: the client cannot sign this week.')).toBeInTheDocument();
    expect(screen.getByText(/Recorded: the client cannot sign \(Cognitively unable to sign\)/)).toBeInTheDocument();
    expect(screen.getByText('Advanced dementia.', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Client cannot sign' })).not.toBeInTheDocument();
  });
});
