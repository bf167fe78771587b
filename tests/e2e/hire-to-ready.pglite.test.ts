// The hire-to-ready journey on PGlite: see ./hire-to-ready.ts.
import { hireToReadySuite } from './hire-to-ready';

hireToReadySuite('pglite');
