import { PROFILE_STATUS_LABELS, type ProfileStatus } from '../domain/roles';
import { Tag } from './tag';

/** An employee profile's status (ready for work, or still onboarding) as a pill. */
export function ProfileStatusTag({ status }: { status: ProfileStatus }) {
  return <Tag tone={status === 'READY' ? 'success' : 'neutral'}>{PROFILE_STATUS_LABELS[status] ?? status}</Tag>;
}
