// The security matrix suite on postgres: see ./security-matrix.ts.
import { securityMatrixSuite } from './security-matrix';

securityMatrixSuite('postgres');
