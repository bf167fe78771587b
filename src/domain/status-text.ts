/** How a status reads to the person: its words, and the tone its pill repeats them in. */
export type StatusTone = 'neutral' | 'success' | 'warning' | 'error';

export interface StatusText {
  text: string;
  tone: StatusTone;
}

export const DOCUMENT_STATUS_TEXT = {
  MISSING: { text: 'Missing', tone: 'warning' },
  PENDING: { text: 'Waiting for review', tone: 'neutral' },
  APPROVED: { text: 'Approved', tone: 'success' },
  REJECTED: { text: 'Rejected', tone: 'error' },
} as const satisfies Record<string, StatusText>;

export const FORM_STATUS_TEXT = {
  PENDING: { text: 'To sign', tone: 'warning' },
  AWAITING_COUNTERSIGN: { text: 'Waiting for the office', tone: 'neutral' },
  COMPLETED: { text: 'Completed', tone: 'success' },
} as const satisfies Record<string, StatusText>;

export const TEST_STATUS_TEXT = {
  PENDING: { text: 'To take', tone: 'warning' },
  AWAITING_OBSERVATION: { text: 'Waiting for skills observation', tone: 'neutral' },
  PASSED: { text: 'Passed', tone: 'success' },
  FAILED: { text: 'Not passed', tone: 'error' },
} as const satisfies Record<string, StatusText>;

export function statusOf<Table extends Record<string, StatusText>>(table: Table, status: string): StatusText {
  return (table as Record<string, StatusText>)[status] ?? { text: status, tone: 'neutral' };
}
