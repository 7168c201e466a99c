/** The words walk (e2e/support/words-walk.ts) in Russian. */
import { describeWordsWalk } from './support/words-walk.js';

describeWordsWalk(['ru']);
