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
    mailSent: new Counter({ name: 'relaycast_mail_sent_total', help: 'E-mail deliveries made (SMTP accepted, or written to the outbox), by template and transport', labelNames: ['template', 'transport'] as const, registers: [registry] }),
    mailFailures: new Counter({ name: 'relaycast_mail_send_failures_total', help: 'Failed tries to send an e-mail: transient (SMTP 4xx or away: tried again), recipient or message (refused for good)', labelNames: ['kind'] as const, registers: [registry] }),
    mailWaitingSeconds: new Gauge({ name: 'relaycast_mail_waiting_seconds', help: 'How long the notifier has been waiting to send its current message (0: not waiting)', registers: [registry] }),
    notifierPosition: new Gauge({ name: 'relaycast_notifier_position', help: 'Last global position the notifier handled (every message caused up to it is recorded)', registers: [registry] }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
