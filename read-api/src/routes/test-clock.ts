import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import type { TestClock } from '@relaycast/billing-core';
import { ForbiddenError, IsoDateTime, ValidationError } from '@relaycast/contracts';
import { ClockAdvanceView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';

/** Billing time: the clock (public, for the test-clock banner). */
export function mountBillingClock(router: Router, rt: Runtime): void {
  router.get('/billing/clock', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: { mode: rt.clock.mode, now: rt.clock.now() } });
  });
}

const DAY_MS = 86_400_000;

/** Moving the test clock forward, then running what fell due. */
export const testClockRoutes = [
  defineRoute({
    path: '/admin/clock/advance',
    answer: ClockAdvanceView,
    access: 'admin',
    tag: 'Billing clock',
    summary:
      'Test clock only (BILLING_CLOCK=test): move billing time forward by `days` and/or `seconds`, or `to` a time, then run everything that fell due (renewals, dunning, cancellations). Refused with the system clock.',
    body: Type.Object(
      {
        days: Type.Optional(Type.Number({ minimum: 0, maximum: 3660 })),
        seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 316_224_000 })),
        to: Type.Optional(IsoDateTime),
      },
      { additionalProperties: false },
    ),
    async handle({ body, rt }) {
      if (rt.clock.mode !== 'test') throw new ForbiddenError('The billing clock is the system clock; only a test clock (BILLING_CLOCK=test) can be moved');
      const clock = rt.clock as TestClock;
      if (body.to === undefined && body.days === undefined && body.seconds === undefined) throw ValidationError.field('days', 'give days, seconds or to');
      const from = clock.now();
      let now: string;
      try {
        now = body.to !== undefined ? clock.advanceTo(body.to) : clock.advance((body.days ?? 0) * DAY_MS + (body.seconds ?? 0) * 1000);
      } catch (error) {
        if (error instanceof RangeError) throw ValidationError.field('to', 'must not be before the clock’s time');
        throw error;
      }
      const ran = await rt.scheduler.runUntilIdle();
      return { data: { from, now, ran } };
    },
  }),
];
