import styled from '@emotion/styled';
import type { ReactNode } from 'react';

export type StatusTone = 'neutral' | 'success' | 'warning' | 'error';

const Tag = styled.span<{ tone: StatusTone }>(({ theme, tone }) => {
  const colours =
    tone === 'neutral'
      ? { main: theme.palette.text.primary, surface: theme.palette.grey[100], border: theme.palette.grey[300] }
      : theme.palette[tone];
  return {
    display: 'inline-flex',
    alignItems: 'center',
    padding: '2px 10px',
    borderRadius: theme.radii.round,
    border: `1px solid ${colours.border}`,
    background: colours.surface,
    color: colours.main,
    fontSize: theme.font.size.sm,
    fontWeight: 600,
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
  };
});

/** A status word in a coloured pill (the word itself carries the meaning, the colour only repeats it). */
export function StatusTag({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <Tag tone={tone}>{children}</Tag>;
}

export const DOCUMENT_STATUS_TEXT = {
  MISSING: { text: 'Missing', tone: 'warning' },
  PENDING: { text: 'Waiting for review', tone: 'neutral' },
  APPROVED: { text: 'Approved', tone: 'success' },
  REJECTED: { text: 'Rejected', tone: 'error' },
} as const satisfies Record<string, { text: string; tone: StatusTone }>;

export const FORM_STATUS_TEXT = {
  PENDING: { text: 'To sign', tone: 'warning' },
  AWAITING_COUNTERSIGN: { text: 'Waiting for the office', tone: 'neutral' },
  COMPLETED: { text: 'Completed', tone: 'success' },
} as const satisfies Record<string, { text: string; tone: StatusTone }>;

export const TEST_STATUS_TEXT = {
  PENDING: { text: 'To take', tone: 'warning' },
  AWAITING_OBSERVATION: { text: 'Waiting for skills observation', tone: 'neutral' },
  PASSED: { text: 'Passed', tone: 'success' },
  FAILED: { text: 'Not passed', tone: 'error' },
} as const satisfies Record<string, { text: string; tone: StatusTone }>;

export function statusOf<Table extends Record<string, { text: string; tone: StatusTone }>>(table: Table, status: string) {
  return (table as Record<string, { text: string; tone: StatusTone }>)[status] ?? { text: status, tone: 'neutral' as const };
}
