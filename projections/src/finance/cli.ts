import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UnavailableError } from '@relaycast/contracts';
import { openEventStore } from '@relaycast/billing-core';
import { connectRedis, createRedisReadModelStore } from '../readmodel/redis.js';
import { projectionsNamed } from '../projections/index.js';
import { CutError, parseCut } from './cut.js';
import { replayFinance } from './report.js';
import { reportToCsv } from './csv.js';
import { formatVerification, verifyReadModels } from './verify.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
}

const USAGE = `npm run replay -w projections -- [--to <YYYY-MM-DD | ISO date-time | position>] [--format csv|json] [--out <file>]
npm run replay -w projections -- --verify [--projections users,subscriptions,…]

Replays the event store (EVENT_STORE, DATA_DIR, EVENTSTORE_CONNECTION_STRING) into the finance reconciliation report.
--verify rebuilds every read model in a scratch (in-memory) namespace up to the live checkpoint and compares it with
the live one in Redis (REDIS_URL, READ_MODEL_PREFIX): differences are printed and the exit code is 1. Redis out of
reach is not a difference: it is said so, and the exit code is 3 (on the embedded default the read models are in the
server's memory: check them with the Reconciliation page's "Check the read models", or POST /finance/verify).

Exit codes: 0 ok, 1 differences found (--verify), 2 bad arguments, 3 Redis cannot be reached (--verify: nothing compared).`;

/** Exit codes of the command (documented in docs/finance.md). */
export const EXIT = { ok: 0, differences: 1, usage: 2, unreachable: 3 } as const;

/** The replay command, as a function: the exit code it would end with. cli/replay.ts runs it as a process. */
export async function runReplay(argv: readonly string[], io: CliIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        to: { type: 'string' },
        format: { type: 'string', default: 'csv' },
        out: { type: 'string' },
        verify: { type: 'boolean', default: false },
        projections: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (args.format !== 'csv' && args.format !== 'json') {
    io.stderr(`--format must be csv or json\n`);
    return 2;
  }
  let cut;
  try {
    cut = parseCut(args.to);
  } catch (error) {
    if (error instanceof CutError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const env = io.env;
  const events = await openEventStore({
    kind: env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'sqlite',
    // npm runs scripts in the package folder; a relative DATA_DIR means the folder npm was started from.
    dataDir: resolve(env.INIT_CWD ?? '.', env.DATA_DIR || 'data'),
    connectionString: env.EVENTSTORE_CONNECTION_STRING ?? null,
  });
  try {
    if (args.verify) {
      const url = env.REDIS_URL || 'redis://127.0.0.1:6379';
      let redis;
      try {
        redis = await connectRedis(url);
      } catch (error) {
        if (!(error instanceof UnavailableError)) throw error;
        io.stderr(
          `Cannot verify: ${error.message.replace(/\.+$/, '')}.\n` +
            `--verify compares the read models kept in Redis (READ_MODEL=redis) with their rebuild; set REDIS_URL to that Redis.\n` +
            `On the embedded default (READ_MODEL=memory) the read models live in the server's memory: check them on the\n` +
            `Reconciliation page ("Check the read models") or with POST /finance/verify. Nothing was compared.\n`,
        );
        return EXIT.unreachable;
      }
      try {
        const live = createRedisReadModelStore(redis, env.READ_MODEL_PREFIX ? { prefix: env.READ_MODEL_PREFIX } : {});
        const names = (args.projections ?? '').split(',').map((n) => n.trim()).filter(Boolean);
        const result = await verifyReadModels({ events, live, projections: projectionsNamed(names) });
        io.stdout(`${formatVerification(result)}\n`);
        return result.ok ? 0 : 1;
      } finally {
        redis.disconnect();
      }
    }
    const started = process.hrtime.bigint();
    const report = await replayFinance(events, cut);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const text = args.format === 'csv' ? reportToCsv(report) : `${JSON.stringify(report, null, 2)}\n`;
    if (args.out) {
      writeFileSync(args.out, text);
      io.stderr(`wrote ${report.rows.length} rows to ${args.out}\n`);
    } else {
      io.stdout(text);
    }
    io.stderr(`replayed ${report.asOf.events} events to position ${report.asOf.position}${report.asOf.to ? ` (events up to ${report.asOf.to})` : ''} in ${seconds.toFixed(2)} s\n`);
    return 0;
  } finally {
    await events.close();
  }
}
