// The clients-and-referrals journey, steps 1–3: a referral from the marketer's phone to an admitted client, and the marketers board: see ./clients-referrals.ts.
import { clientsReferralsJourney } from './clients-referrals';

clientsReferralsJourney('referrals');
