// The clients-and-referrals journey, steps 4–7: new clients of each type, the list, services and discharge, the family member's portal, the access history: see ./clients-referrals.ts.
import { clientsReferralsJourney } from './clients-referrals';

clientsReferralsJourney('clients');
