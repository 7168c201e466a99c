import type { PaymentGateway } from '../payments/gateway.js';

/**
 * PayPal limits requests per merchant: a 429 with Retry-After means nothing may be sent before then, by anyone in
 * this process. The gate holds every call to PayPal until the time PayPal named (wall-clock time: PayPal's, not the
 * billing clock's), and closes again on each 429 it sees.
 */
export interface RateGate {
  /** Resolves when PayPal may be called. */
  ready(): Promise<void>;
  /** PayPal said: not before `ms` from now. */
  closeFor(ms: number): void;
  /** When calls may go again (epoch ms; 0 when open). */
  readonly openAt: number;
}

export function createRateGate(now: () => number = Date.now): RateGate {
  let openAt = 0;
  return {
    get openAt() {
      return openAt;
    },
    async ready() {
      // Another 429 may push the time further while waiting: wait again until it has passed.
      for (let wait = openAt - now(); wait > 0; wait = openAt - now()) await new Promise((resolve) => setTimeout(resolve, wait));
    },
    closeFor(ms) {
      openAt = Math.max(openAt, now() + ms);
    },
  };
}

const retryAfterOf = (error: unknown): number | undefined => {
  const e = error as { code?: string; retryAfterMs?: unknown };
  return e?.code === 'PAYMENT_PROVIDER_FAILED' && typeof e.retryAfterMs === 'number' ? e.retryAfterMs : undefined;
};

/** The gateway with every call held by the gate, and every 429 closing it. */
export function gatedGateway(gateway: PaymentGateway, gate: RateGate): PaymentGateway {
  const gated = { ...gateway } as Record<string, unknown>;
  for (const [name, value] of Object.entries(gateway)) {
    if (typeof value !== 'function') continue;
    gated[name] = async (...args: unknown[]) => {
      await gate.ready();
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(gateway, args);
      } catch (error) {
        const ms = retryAfterOf(error);
        if (ms !== undefined) gate.closeFor(ms);
        throw error;
      }
    };
  }
  return Object.assign(gated, { configured: gateway.configured, clientId: gateway.clientId }) as unknown as PaymentGateway;
}
