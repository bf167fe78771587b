// Shard 1 of the bad-input suite on postgres: see ./bad-input.ts.
import { badInputSuite } from './bad-input';

badInputSuite('postgres', 1);
