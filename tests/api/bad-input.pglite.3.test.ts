// Shard 3 of the bad-input suite on pglite: see ./bad-input.ts.
import { badInputSuite } from './bad-input';

badInputSuite('pglite', 3);
