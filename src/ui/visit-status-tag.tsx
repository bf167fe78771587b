import { VISIT_STATUSES, type VisitStatus } from '../domain/visits';
import { Tag, type TagTone } from './tag';

const STATUS_TONES: Partial<Record<VisitStatus, TagTone>> = {
  OPEN: 'warning',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
  VERIFIED: 'success',
  MISSED: 'error',
  CANCELLED: 'error',
};

/** A visit's state in words (the colour only repeats it). */
export function VisitStatusTag({ status }: { status: VisitStatus }) {
  return <Tag tone={STATUS_TONES[status]}>{VISIT_STATUSES[status] ?? status}</Tag>;
}
