import { GRIEVANCE_STATES, type GrievanceState } from '../domain/grievances';
import { Tag, TagList, type TagTone } from './tag';

const STATE_TONES: Record<GrievanceState, TagTone> = {
  RECEIVED: 'neutral',
  INVESTIGATING: 'warning',
  RESOLVED: 'success',
  NOTIFIED: 'success',
  CLOSED: 'neutral',
  REOPENED: 'warning',
};

/** The state in words; "Urgent" and "Overdue" (no resolution after 14 days) in words too, for the office. */
export function GrievanceStateTags({
  grievance,
  office = false,
}: {
  grievance: { state: GrievanceState; overdue: boolean; urgent: boolean };
  office?: boolean;
}) {
  return (
    <TagList>
      {office && grievance.urgent ? <Tag tone="error">Urgent</Tag> : null}
      <Tag tone={STATE_TONES[grievance.state] ?? 'neutral'}>{GRIEVANCE_STATES[grievance.state] ?? grievance.state}</Tag>
      {office && grievance.overdue ? <Tag tone="error">Overdue</Tag> : null}
    </TagList>
  );
}
