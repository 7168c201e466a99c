import { Type } from '@sinclair/typebox';
import { savedWalletOf } from '@relaycast/billing-core';
import { ConflictError, Id, NotFoundError } from '@relaycast/contracts';
import { DemoDeclineView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';

/**
 * Demo payments' one control (PAYMENTS=demo): what PayPal would decide on its own — declining a saved wallet — is the
 * administrator's to choose, so that renewals that fail, dunning and recovery can be seen. Not found on a server
 * without demo payments: there is no sandbox there to tell.
 */
export const demoPaymentRoutes = [
  defineRoute({
    path: '/admin/demo/declineWallet',
    answer: DemoDeclineView,
    recordsNothing: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: 'admin',
    tag: 'Payments',
    summary:
      'Demo payments only (PAYMENTS=demo): the built-in PayPal sandbox declines the next `charges` charges of the subscription’s saved PayPal account (renewals, dunning retries; 0: none). Answers { id, vaultId, declineNext }. 404 without demo payments; 409 when the subscription has no saved account',
    body: Type.Object({ id: Id, charges: Type.Integer({ minimum: 0, maximum: 100 }) }, { additionalProperties: false }),
    async handle({ body, rt }) {
      if (!rt.demoPayPal) throw new NotFoundError('Demo payments are off on this server (PAYMENTS is not demo): there is no sandbox to decline charges');
      const { subscriptionId, vaultId } = await savedWalletOf(rt.paymentDeps, body.id);
      const declineNext = rt.demoPayPal.declineWallet(vaultId, body.charges);
      if (declineNext === null) throw new ConflictError('The saved PayPal account of this subscription is not one the demo sandbox saved');
      return { data: { id: subscriptionId, vaultId, declineNext } };
    },
  }),
];
