import { Type } from '@sinclair/typebox';
import { AdminOverviewView, type AdminOverviewView as Overview } from '@relaycast/contracts';
import { ROLES, SUBSCRIPTION_STATUSES } from '@relaycast/contracts/constants';
import { readBillingPolicy } from '@relaycast/billing-core';
import { defineRoute } from '../http/route.js';

const DAY_MS = 86_400_000;
/** Renewals this many days ahead, and failed charges this many days back, count as needing attention. */
const RENEWAL_DAYS = 7;
const FAILED_CHARGE_DAYS = 7;
/** How many of each attention list, and of the latest events, the home shows. */
const SHOWN = 5;
const LATEST = 15;

/** The administrators' home (/admin in the web app): everything from the read models, at the billing clock's time. */
export const adminHomeRoutes = [
  defineRoute({
    path: '/admin/overview',
    answer: AdminOverviewView,
    query: true,
    recordsNothing: true,
    access: 'admin',
    tag: 'Admin',
    summary: `What needs attention (subscriptions in dunning, renewals in the next ${RENEWAL_DAYS} days, open disputes, charges that failed in the last ${FAILED_CHARGE_DAYS} days), users and subscriptions counted, the latest ${LATEST} events of subscriptions and users with what each is about, the billing clock and payments mode, and policyOutOfBounds when the billing policy in the event log is out of its bounds (it applies clamped) — at the billing clock’s time`,
    body: Type.Object({}, { additionalProperties: false }),
    async handle({ rt }) {
      const q = rt.readSide.queries;
      const now = rt.clock.now();
      const at = (days: number) => new Date(Date.parse(now) + days * DAY_MS).toISOString();
      const soonestFirst = { page: 1, pageSize: SHOWN, sort: 'nextEvent.at', order: 'asc' as const };
      const [users, subscriptions, dunning, renewals, disputes, failedCharges, latest, policy] = await Promise.all([
        q.userCounts(ROLES),
        q.subscriptionCounts(SUBSCRIPTION_STATUSES),
        q.listSubscriptions({ ...soonestFirst, due: 'dunning' }),
        q.listSubscriptions({ ...soonestFirst, due: 'renewal', dueBefore: at(RENEWAL_DAYS) }),
        q.disputedSubscriptions(SHOWN),
        q.failedCharges(at(-FAILED_CHARGE_DAYS), SHOWN),
        q.recentHistory(LATEST),
        readBillingPolicy(rt.events),
      ]);
      // Who or what each latest event is about (a few documents: LATEST at most).
      const subjects = await Promise.all(
        [...new Set(latest.map((item) => item.streamId))].map(async (streamId): Promise<Overview['subjects'][number] | null> => {
          const [kind, ...rest] = streamId.split('-');
          const id = rest.join('-');
          if (kind === 'subscription') {
            const s = await q.getSubscription(id);
            return s ? { streamId, name: s.name, email: s.customer.email } : null;
          }
          const u = await q.getUser(id);
          return u ? { streamId, name: `${u.givenName} ${u.familyName}`.trim(), email: u.email } : null;
        }),
      );
      const data: Overview = {
        now,
        clock: rt.clock.mode,
        payments: rt.config.payments,
        counts: { users: users as Overview['counts']['users'], subscriptions: subscriptions as Overview['counts']['subscriptions'] },
        attention: {
          dunning: { total: dunning.total, items: dunning.items },
          renewals: { total: renewals.total, items: renewals.items, days: RENEWAL_DAYS },
          disputes,
          failedCharges: { ...failedCharges, days: FAILED_CHARGE_DAYS },
        },
        latest,
        subjects: subjects.filter((x): x is Overview['subjects'][number] => x !== null),
        ...(policy.outOfBounds ? { policyOutOfBounds: policy.outOfBounds.problems } : {}),
      };
      return { data };
    },
  }),
];
