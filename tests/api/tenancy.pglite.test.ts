// The tenancy suite on pglite: see ./tenancy.ts.
import { tenancySuite } from './tenancy';

tenancySuite('pglite');
