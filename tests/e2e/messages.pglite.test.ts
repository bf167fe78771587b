// The messages journey on PGlite (one server): see ./messages.ts.
import { messagesSuite } from './messages';

messagesSuite('pglite');
