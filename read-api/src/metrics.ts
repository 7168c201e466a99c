import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics: commands, appends, HTTP latency, and how far each projection is behind the store. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    commands: new Counter({ name: 'relaycast_commands_total', help: 'Commands handled, by type and outcome', labelNames: ['type', 'outcome'] as const, registers: [registry] }),
    appendedEvents: new Counter({ name: 'relaycast_events_appended_total', help: 'Events appended to the event store', registers: [registry] }),
    httpDuration: new Histogram({
      name: 'relaycast_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    projectionPosition: new Gauge({ name: 'relaycast_projection_position', help: 'Last global position each projection committed', labelNames: ['projection'] as const, registers: [registry] }),
    projectionLag: new Gauge({ name: 'relaycast_projection_lag_positions', help: 'Event store head minus the projection checkpoint', labelNames: ['projection'] as const, registers: [registry] }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
