/**
 * Compresses the built assets once, at the highest levels (Brotli 11, gzip 9), next to each file as .br and .gz:
 * the server sends these to browsers that accept them (read-api/src/http/static-site.ts) instead of compressing
 * every answer on the fly at a low level. Hashed assets never change, so the work is done once per build.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
/** Text formats only: images and video are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
/** Below this, compression saves less than a network packet. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

let files = 0;
let before = 0;
let after = 0;
for (const name of await readdir(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assets, name);
  if ((await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  files++;
  before += gzipped.length;
  after += br.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB gzip -9, ${(after / 1024).toFixed(0)} KB brotli 11`);
