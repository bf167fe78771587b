import type { OperationParams, RequestBody, ResponseData } from './types';
import {
  DECLINE_REASONS,
  DECIDED_REFERRAL_STATUSES,
  REFERRAL_PAYERS,
  REFERRAL_SOURCES,
  REFERRAL_STATUSES,
  SERVICES,
  type ReferralStatus,
} from '../domain/clients';
import { dateIn } from '../domain/dates';
import { CLIENT_TYPES } from '../domain/labels';
import { formatCalendarDate } from './hiring';

/*
 * The referral and marketer shapes, from the server's document (src/api/generated.d.ts): the answers of the
 * operations the referral pages call, by operationId.
 */

export type ReferralSummary = ResponseData<'referrals_list'>['results'][number];
export type Referral = ResponseData<'referrals_retrieve'>;
export type ReferralEvent = Referral['events'][number];
export type ReferralListQuery = OperationParams<'referrals_list'>;
export type ReferralBody = RequestBody<'referrals_create'>;
export type MarketerFigures = ResponseData<'marketers_list'>['results'][number];

export const REFERRALS_PAGE_SIZE = 20;
export const SEARCH_DELAY_MS = 300;

export const statusLabel = (status: ReferralStatus) => REFERRAL_STATUSES[status] ?? status;
export const sourceLabel = (source: string) => REFERRAL_SOURCES[source as keyof typeof REFERRAL_SOURCES] ?? source;
export const typeLabel = (type: string) => CLIENT_TYPES[type as keyof typeof CLIENT_TYPES] ?? type;
export const payerLabel = (payer: string | null) =>
  payer ? (REFERRAL_PAYERS[payer as keyof typeof REFERRAL_PAYERS] ?? payer) : 'Not known yet';
export const serviceLabel = (service: string) => SERVICES[service as keyof typeof SERVICES] ?? service;
export const declineReasonLabel = (reason: string | null) =>
  reason ? (DECLINE_REASONS[reason as keyof typeof DECLINE_REASONS] ?? reason) : '—';
export const isDecided = (status: ReferralStatus) => DECIDED_REFERRAL_STATUSES.includes(status);

/** The source in words: its kind, then its name when given ("Hospital: St. Mary's"). */
export function sourceText(referral: Pick<ReferralSummary, 'source' | 'source_name'>): string {
  const name = referral.source_name.trim();
  return name ? `${sourceLabel(referral.source)}: ${name}` : sourceLabel(referral.source);
}

/** The words of a referral's fields, as the timeline names a correction. */
export const REFERRAL_FIELD_LABELS: Record<string, string> = {
  first_name: 'first name',
  last_name: 'last name',
  date_of_birth: 'date of birth',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
  postal_code: 'postal code',
  type: 'type',
  requested_services: 'requested services',
  payer: 'payer',
  source: 'source',
  source_name: "source's name",
  source_contact: "source's contact",
  notes: 'notes',
};

/** What a timeline entry says: "Received", "Status: Contacted", "Assessment scheduled for Mar 2, 2026", … */
export function eventTitle(event: ReferralEvent): string {
  switch (event.kind) {
    case 'CREATED':
      return 'Received';
    case 'NOTE':
      return 'Note';
    case 'EDIT': {
      const fields = Object.keys(event.changes ?? {}).map(
        (key) => REFERRAL_FIELD_LABELS[key] ?? key.replace(/_/g, ' '),
      );
      return fields.length ? `Corrected: ${fields.join(', ')}` : 'Corrected';
    }
    default:
      if (event.status === 'ASSESSMENT_SCHEDULED')
        return `Assessment scheduled for ${formatCalendarDate(event.assessment_on)}`;
      if (event.status === 'DECLINED') return `Declined: ${declineReasonLabel(event.reason)}`;
      return `Status: ${event.status ? statusLabel(event.status) : '—'}`;
  }
}

/** The office's address of a referral: under its marketer, or under "office" when the office entered it. */
export const officeReferralPath = (referral: Pick<ReferralSummary, 'id' | 'marketer'>) =>
  `/marketers/${referral.marketer?.id ?? 'office'}/referrals/${referral.id}`;

/** Hands `blob` to the browser as a download under `fileName` (a temporary link, as downloadFile does). */

/** Today in the organization's calendar ('YYYY-MM-DD'): the server checks dates against the same day. */
export const todayIn = (timeZone: string) => dateIn(timeZone, new Date());
