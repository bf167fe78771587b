// The messages journey on PostgreSQL (two server processes): see ./messages.ts.
import { messagesSuite } from './messages';

messagesSuite('postgres');
