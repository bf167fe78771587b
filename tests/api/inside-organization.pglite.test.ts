// Who sees what inside one organization, on pglite: see ./inside-organization.ts.
import { insideOrganizationSuite } from './inside-organization';

insideOrganizationSuite('pglite');
