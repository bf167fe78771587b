// The security matrix suite on pglite: see ./security-matrix.ts.
import { securityMatrixSuite } from './security-matrix';

securityMatrixSuite('pglite');
