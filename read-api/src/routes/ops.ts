import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Router } from 'express';
import type { Runtime } from '../runtime.js';

/** Does the request carry the metrics token (`Authorization: Bearer <METRICS_TOKEN>`)? Compared in constant time. */
function hasMetricsToken(req: Request, token: string | null): boolean {
  if (!token) return false;
  const sent = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Liveness, readiness and Prometheus metrics. Metrics (command counts by type are business volume) and the details
 * of readiness (stores, positions, errors) are for operators only: METRICS_TOKEN; the public learns ready or not.
 */
export function mountOps(router: Router, rt: Runtime): void {
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/ready', async (req, res) => {
    const checks: Record<string, { ok: boolean; detail?: string }> = {};
    let head = 0n;
    try {
      head = await rt.events.headPosition();
      checks.eventStore = { ok: true, detail: `${rt.events.kind}, head ${head}` };
    } catch (error) {
      checks.eventStore = { ok: false, detail: (error as Error).message };
    }
    try {
      const projections = await rt.readSide.status();
      const failing = projections.filter((p) => !p.running || p.lastError);
      checks.readModels = {
        ok: failing.length === 0,
        detail: projections.map((p) => `${p.name}@${p.position}${p.lastError ? ` (${p.lastError})` : ''}`).join(', '),
      };
      for (const p of projections) rt.metrics.projectionLag.set({ projection: p.name }, Number(head - p.position));
    } catch (error) {
      checks.readModels = { ok: false, detail: (error as Error).message };
    }
    const ok = Object.values(checks).every((c) => c.ok);
    const status = ok ? 'ready' : 'not ready';
    res.status(ok ? 200 : 503).json(hasMetricsToken(req, rt.config.metricsToken) ? { status, checks } : { status });
  });

  router.get('/metrics', async (req, res) => {
    if (!rt.config.metricsToken) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN to serve them' } });
    if (!hasMetricsToken(req, rt.config.metricsToken)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return void res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'Metrics need the METRICS_TOKEN bearer token' } });
    }
    try {
      const head = await rt.events.headPosition();
      for (const p of await rt.readSide.status()) {
        rt.metrics.projectionPosition.set({ projection: p.name }, Number(p.position));
        rt.metrics.projectionLag.set({ projection: p.name }, Number(head - p.position));
      }
    } catch {
      // Metrics still answer when a store is down; the gauges keep their last values.
    }
    res.setHeader('Content-Type', rt.metrics.registry.contentType);
    res.send(await rt.metrics.registry.metrics());
  });
}
