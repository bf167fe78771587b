import { REFERRAL_STATUSES, type ReferralStatus } from '../domain/clients';
import { Tag, TagList, type TagTone } from './tag';

const STATUS_TONES: Record<ReferralStatus, TagTone> = {
  NEW: 'neutral',
  CONTACTED: 'neutral',
  ASSESSMENT_SCHEDULED: 'warning',
  ADMITTED: 'success',
  DECLINED: 'error',
  LOST: 'neutral',
};

/** The status in words, and "Overdue" in words too when it is still New after 48 hours. */
export function ReferralStatusTags({ referral }: { referral: { status: ReferralStatus; overdue: boolean } }) {
  return (
    <TagList>
      <Tag tone={STATUS_TONES[referral.status] ?? 'neutral'}>
        {REFERRAL_STATUSES[referral.status] ?? referral.status}
      </Tag>
      {referral.overdue ? <Tag tone="error">Overdue</Tag> : null}
    </TagList>
  );
}
