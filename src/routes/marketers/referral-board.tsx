import { useEffect, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { personName } from '../../api/hiring';
import { Messages } from '../../ui/layout';
import { ReferralList } from '../../app/referral-list';

/** The marketers, for the board's filter: one request for all of them (an agency has a few). */
export const ALL_MARKETERS = { limit: 1000, offset: 0 } as const;

/**
 * The office's referral board: every referral of the organization, or one marketer's (`marketerId`), by
 * status, marketer, source, overdue and a search of names; each row opens the referral.
 */
export function ReferralBoard({ marketerId }: { marketerId?: number }) {
  const api = useApiClient();
  const [marketers, setMarketers] = useState<{ id: number; name: string }[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (marketerId !== undefined) return;
    let active = true;
    api
      .marketers_list(ALL_MARKETERS)
      .then((answer) => {
        if (active)
          setMarketers(
            answer.results.map((marketer) => ({ id: marketer.id, name: personName(marketer) || marketer.email })),
          );
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, 'The marketers could not be loaded.'));
      });
    return () => {
      active = false;
    };
  }, [api, marketerId]);

  return (
    <>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <ReferralList
        caption={marketerId === undefined ? 'Referral board' : "The marketer's referrals"}
        office
        marketerId={marketerId}
        marketers={marketers}
        emptyDescription={
          marketerId === undefined
            ? 'Referrals appear here as soon as a marketer enters one.'
            : 'This marketer has not entered a referral yet.'
        }
      />
    </>
  );
}
