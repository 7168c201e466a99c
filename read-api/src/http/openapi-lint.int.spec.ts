import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** The Redocly CLI the repository installs (a devDependency, 2.x): its own entry point, run with this Node. */
const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

/**
 * The served /openapi.json passes Redocly's recommended rules with nothing left: 0 errors, 0 warnings. The CLI runs
 * in an empty directory (no redocly.yaml, no .redocly.lint-ignore.yaml: no rule turned off, nothing ignored) on the
 * document the real server serves.
 */
describe('OpenAPI document: Redocly lint, recommended rules', function () {
  this.timeout(60_000);
  let server: TestServer;
  let dir: string;

  before(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'relaycast-openapi-lint-'));
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('/openapi.json: 0 errors, 0 warnings with --extends=recommended', async () => {
    const res = await fetch(`${server.baseUrl}/openapi.json`);
    expect(res.status).to.equal(200);
    writeFileSync(join(dir, 'openapi.json'), await res.text());
    expect(readdirSync(dir), 'nothing beside the document: no config, no ignore file').to.deep.equal(['openapi.json']);
    const run = promisify(execFile);
    // Exit code 1 when something is found: the report says what, so read it either way.
    const { stdout } = await run(process.execPath, [REDOCLY, 'lint', '--extends=recommended', '--format=json', 'openapi.json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const found = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(found).to.deep.equal([]);
    expect(report.totals).to.deep.equal({ errors: 0, warnings: 0, ignored: 0 });
  });
});
