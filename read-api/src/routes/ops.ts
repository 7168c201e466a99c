import type { Router } from 'express';
import type { Runtime } from '../runtime.js';

/** Liveness, readiness and Prometheus metrics. */
export function mountOps(router: Router, rt: Runtime): void {
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/ready', async (_req, res) => {
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
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks });
  });

  router.get('/metrics', async (_req, res) => {
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
