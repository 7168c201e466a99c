import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateSigningKeyPem, loadSigningKey, type SigningKey } from '@relaycast/billing-core';
import { ConfigError } from '../config.js';
import { keepOnce } from '../auth/secret.js';

/**
 * The Ed25519 key that signs licence files: LICENCE_SIGNING_KEY (PKCS#8 PEM, base64 PKCS#8 DER, or a 32-byte seed in
 * hex or base64), or on a single server without it one generated once into DATA_DIR/licence-signing-key.pem (mode
 * 0600), like the session secret. Back it up: engines verify licence files offline with its public key, so a new
 * key makes every file issued before it unverifiable.
 */
export function licenceSigningKey(config: { dataDir: string; licenceSigningKey: string | null }): SigningKey {
  if (config.licenceSigningKey) {
    try {
      return loadSigningKey(config.licenceSigningKey);
    } catch (error) {
      throw new ConfigError(`LICENCE_SIGNING_KEY is not an Ed25519 private key (PKCS#8 PEM, base64 PKCS#8 DER, or a 32-byte seed): ${(error as Error).message}`);
    }
  }
  mkdirSync(config.dataDir, { recursive: true });
  return loadSigningKey(keepOnce(join(config.dataDir, 'licence-signing-key.pem'), generateSigningKeyPem));
}
