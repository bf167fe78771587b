import type { ReactNode } from 'react';
import { Alert } from '../ui/alert';
import { PrivatePage } from './page-shell';

/** A detail page until its record is there: the page's frame saying it loads, or why it could not. */
export function RecordPending({ title, back, error }: { title: string; back?: ReactNode; error: string | null }) {
  return (
    <PrivatePage title={title} description={back}>
      {error ? <Alert tone="error">{error}</Alert> : <p role="status">Loading…</p>}
    </PrivatePage>
  );
}
