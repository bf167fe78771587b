// The tenancy suite on postgres: see ./tenancy.ts.
import { tenancySuite } from './tenancy';

tenancySuite('postgres');
