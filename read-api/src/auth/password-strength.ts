import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { ValidationError } from '@relaycast/contracts';

// zxcvbn-ts (Dropbox's zxcvbn): common passwords, dictionary words, keyboard walks, repeats and sequences.
zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

/** zxcvbn's score 3: "safely unguessable" against an online attack and a slowed offline one. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Refuses a password that is easy to guess (8 × "a", "password1", a keyboard walk, the person's own name or
 * address), naming the field. Length limits stay in the schemas.
 */
export function requireStrongPassword(password: string, personal: readonly string[] = []): void {
  const { score } = zxcvbn(password, personal.filter(Boolean).flatMap((s) => [s, ...s.split(/[@.\s_-]+/)]));
  if (score < MIN_PASSWORD_SCORE) throw ValidationError.field('password', 'is too easy to guess: use a longer phrase of unrelated words, or add numbers and symbols', 'weakPassword');
}
