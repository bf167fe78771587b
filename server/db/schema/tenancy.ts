import { serial } from 'drizzle-orm/pg-core';
import { organizations } from './identity';
import { requiredRef } from './columns';

/** The organization a row belongs to: every query of the row filters on it. */
export const organizationId = () => requiredRef('organization_id', () => organizations.id);

/** The first columns of most rows of an organization: the row's own id, then its organization. */
export const organizationRow = () => ({ id: serial('id').primaryKey(), organizationId: organizationId() });
