import http from 'node:http';

export interface PacedResult {
  sent: number;
  ok: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  achievedPerSecond: number;
}

/**
 * An open-loop load: requests leave on a fixed schedule (rate per second), whatever the server is doing, and each
 * latency is measured from the moment the request was due, so a stalled server shows up in the tail instead of
 * slowing the load down (no coordinated omission). Timers tick every millisecond and send whatever is due.
 */
export async function pacedLoad(options: { url: string; headers?: Record<string, string>; body?: string; rate: number; seconds: number }): Promise<PacedResult> {
  const { rate, seconds } = options;
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const body = options.body ?? '{}';
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...options.headers };
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let sent = 0;
  let ok = 0;
  let errors = 0;
  let finished = 0;
  const start = performance.now();

  await new Promise<void>((resolve) => {
    const fire = (due: number) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if (res.statusCode && res.statusCode < 300) ok++;
          else errors++;
          if (++finished === total) resolve();
        });
      });
      req.on('error', () => {
        errors++;
        if (++finished === total) resolve();
      });
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) fire(start + (sent++ * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return { sent, ok, errors, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), achievedPerSecond: Math.round(total / elapsed) };
}
