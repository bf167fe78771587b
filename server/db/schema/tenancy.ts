import { organizations } from './identity';
import { requiredRef } from './columns';

/** The organization a row belongs to: every query of the row filters on it. */
export const organizationId = () => requiredRef('organization_id', () => organizations.id);
