// The hire-to-ready journey on PostgreSQL: see ./hire-to-ready.ts.
import { hireToReadySuite } from './hire-to-ready';

hireToReadySuite('postgres');
