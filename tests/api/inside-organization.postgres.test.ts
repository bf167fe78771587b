// Who sees what inside one organization, on PostgreSQL: see ./inside-organization.ts.
import { insideOrganizationSuite } from './inside-organization';

insideOrganizationSuite('postgres');
