import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EcbFileError, mergeEcbRates, parseEcbFile, type EcbRateTable } from './ecb.js';

/**
 * Updates the ECB reference rates the billing core holds (ecb-rates.json) from a file downloaded from the ECB — the
 * full history eurofxref-hist.csv / .xml (from the zip the ECB serves), the 90-day or the daily file:
 *
 *   npm run ecb-rates -w billing-core -- <file> [--currency USD]… [--since YYYY-MM-DD] [--as-of YYYY-MM-DD] [--out <json>]
 *
 * --as-of: the day the file was downloaded, when after its latest rate (a weekend: Friday's rate holds until Monday).
 * --since: leave out older rates (the first import). --out: write elsewhere than the billing core's data file.
 * Exit 0: updated (the counts are printed); 2: usage, or a file that is not the ECB's (the reason is printed).
 */
export const ECB_RATES_PATH = join(import.meta.dirname, 'ecb-rates.json');

export function updateEcbRatesFile(options: { input: string; out?: string; currencies?: readonly string[]; since?: string; asOf?: string }): { added: number; changed: number; through: string } {
  const out = options.out ?? ECB_RATES_PATH;
  const table = JSON.parse(readFileSync(out, 'utf8')) as EcbRateTable & { $comment?: string };
  const file = parseEcbFile(readFileSync(options.input, 'utf8'));
  const merged = mergeEcbRates(table, file, {
    currencies: options.currencies?.length ? options.currencies : Object.keys(table.rates).length ? Object.keys(table.rates) : ['USD'],
    ...(options.since ? { since: options.since } : {}),
    ...(options.asOf ? { asOf: options.asOf } : {}),
  });
  const json = JSON.stringify({ ...(table.$comment ? { $comment: table.$comment } : {}), ...merged.table }, null, 1) + '\n';
  // Written beside, then renamed: a crash never leaves half a data file.
  writeFileSync(`${out}.tmp`, json);
  renameSync(`${out}.tmp`, out);
  return { added: merged.added, changed: merged.changed, through: merged.table.through };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { currency: { type: 'string', multiple: true }, since: { type: 'string' }, 'as-of': { type: 'string' }, out: { type: 'string' } },
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const [input] = parsed.positionals;
  if (!input || parsed.positionals.length > 1) {
    console.error('usage: ecb-rates <eurofxref-hist.csv|.xml> [--currency USD]… [--since YYYY-MM-DD] [--as-of YYYY-MM-DD] [--out <json>]');
    process.exit(2);
  }
  try {
    const result = updateEcbRatesFile({
      input,
      ...(parsed.values.out ? { out: parsed.values.out } : {}),
      ...(parsed.values.currency ? { currencies: parsed.values.currency } : {}),
      ...(parsed.values.since ? { since: parsed.values.since } : {}),
      ...(parsed.values['as-of'] ? { asOf: parsed.values['as-of'] } : {}),
    });
    console.log(`ECB rates: ${result.added} added, ${result.changed} changed; complete to ${result.through}`);
  } catch (error) {
    if (!(error instanceof EcbFileError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.error(`ecb-rates: ${(error as Error).message}`);
    process.exit(2);
  }
}
