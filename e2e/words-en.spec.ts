/** The words walk (e2e/support/words-walk.ts) in English. */
import { describeWordsWalk } from './support/words-walk.js';

describeWordsWalk(['en']);
