import { AppError, type CountryCode } from '@relaycast/contracts';
import type { PaymentGateway } from '../src/payments/gateway.js';

/**
 * PayPal as the billing workflows see it, in memory, for the property tests: orders, captures with a chosen outcome,
 * merchant-initiated charges of saved wallets, refunds — each PayPal-Request-Id answered once (a repeat gets the
 * first answer) — and late answers on demand: the work is done at once, the answer waits for `release`.
 */

interface GatewayOrder {
  id: string;
  amount: number;
  customId: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  capture: { id: string; status: string; amount: number; refunded: number } | null;
  /** A merchant-initiated charge of a saved wallet (not a checkout). */
  wallet: boolean;
  /** The country of the PayPal account that approved it (payer.address.country_code), once approved. */
  payerCountry: CountryCode | null;
}

export type Outcome = 'COMPLETED' | 'DECLINED' | 'PENDING';

const notUsed = async (): Promise<never> => {
  throw new Error('not used');
};

export function fakePayPal() {
  const orders = new Map<string, GatewayOrder>();
  const byRequest = new Map<string, unknown>();
  let next = 0;
  let outcome: Outcome = 'COMPLETED';
  let walletOutcome: Outcome | null = null;
  /** Answers held until `release` (the next capture or wallet charge only, when asked). */
  let gate: Promise<void> | null = null;
  let holdCapture = false;
  let holdWallet = false;
  const openers: (() => void)[] = [];
  const info = (o: GatewayOrder) => ({
    id: o.id,
    status: o.status,
    intent: 'CAPTURE',
    amountCents: o.amount,
    currency: 'USD',
    customId: o.customId,
    payerId: 'PAYER',
    payerCountry: o.payerCountry,
    approveUrl: o.status === 'CREATED' ? `https://paypal.test/approve/${o.id}` : null,
    capture: o.capture ? { captureId: o.capture.id, status: o.capture.status, amountCents: o.capture.amount, currency: 'USD' } : null,
    vault: null,
  });
  const held = async (which: 'capture' | 'wallet') => {
    const hold = which === 'capture' ? holdCapture : holdWallet;
    if (which === 'capture') holdCapture = false;
    else holdWallet = false;
    if (hold && gate) await gate;
  };
  const gateway: PaymentGateway = {
    configured: true,
    clientId: 'fake',
    async createOrder(request) {
      const seen = byRequest.get(`create:${request.requestId}`) as GatewayOrder | undefined;
      if (seen) return { orderId: seen.id, status: seen.status, approveUrl: null };
      const order: GatewayOrder = { id: `O${++next}`, amount: request.amountCents, customId: request.billingReference, status: 'CREATED', capture: null, wallet: false, payerCountry: null };
      orders.set(order.id, order);
      byRequest.set(`create:${request.requestId}`, order);
      return { orderId: order.id, status: order.status, approveUrl: `https://paypal.test/approve/${order.id}` };
    },
    async getOrder(id) {
      return info(orders.get(id)!);
    },
    async captureOrder(id, requestId) {
      const order = orders.get(id)!;
      if (!byRequest.has(`capture:${requestId}`)) {
        if (order.status !== 'APPROVED') throw new AppError('PAYMENT_REFUSED', 'ORDER_NOT_APPROVED');
        // The work is done now; the answer may be late (a slow PayPal while other commands run).
        order.status = 'COMPLETED';
        order.capture = { id: `C${++next}`, status: outcome, amount: order.amount, refunded: 0 };
        byRequest.set(`capture:${requestId}`, true);
      }
      const answer = info(order);
      await held('capture');
      return answer;
    },
    verifyFundingSource: notUsed,
    /** A merchant-initiated order with the saved wallet: created and captured in one call (or declined). */
    async chargeSavedWallet(charge) {
      let order = byRequest.get(`mit:${charge.requestId}`) as GatewayOrder | undefined;
      if (!order) {
        order = { id: `O${++next}`, amount: charge.amountCents, customId: charge.billingReference, status: 'COMPLETED', capture: { id: `C${++next}`, status: walletOutcome ?? outcome, amount: charge.amountCents, refunded: 0 }, wallet: true, payerCountry: null };
        orders.set(order.id, order);
        byRequest.set(`mit:${charge.requestId}`, order);
      }
      await held('wallet');
      if (order.capture!.status === 'DECLINED') throw new AppError('PAYMENT_DECLINED', 'declined');
      return info(order);
    },
    createWalletSetup: notUsed,
    saveWallet: notUsed,
    async getCapture(captureId) {
      const order = [...orders.values()].find((o) => o.capture?.id === captureId)!;
      return { ...info(order).capture!, customId: order.customId, orderId: order.id };
    },
    async refundCapture(captureId, amount, requestId) {
      const order = [...orders.values()].find((o) => o.capture?.id === captureId)!;
      if (!byRequest.has(`refund:${requestId}`)) {
        if (order.capture!.refunded + amount.amountCents > order.capture!.amount) throw new AppError('PAYMENT_REFUSED', 'REFUND_AMOUNT_EXCEEDED');
        order.capture!.refunded += amount.amountCents;
        byRequest.set(`refund:${requestId}`, { refundId: `R${++next}` });
      }
      return { refundId: (byRequest.get(`refund:${requestId}`) as { refundId: string }).refundId, status: 'COMPLETED', amountCents: amount.amountCents, currency: 'USD' };
    },
    async verifyWebhookSignature() {
      return true;
    },
  };
  return {
    gateway,
    orders,
    /** The buyer approves the order, from a PayPal account in `payerCountry` (none given: PayPal shows no address). */
    approve: (id: string, payerCountry: CountryCode | null = null) => {
      const o = orders.get(id);
      if (o?.status === 'CREATED') {
        o.status = 'APPROVED';
        o.payerCountry = payerCountry;
      }
    },
    setOutcome: (o: Outcome) => void (outcome = o),
    outcome: () => outcome,
    /** What the next saved-wallet charges get (null: the checkout outcome). */
    setWalletOutcome: (o: Outcome | null) => void (walletOutcome = o),
    /** The next capture's (or wallet charge's) answer is held until `release`. */
    hold(which: 'capture' | 'wallet') {
      gate ??= new Promise((resolve) => openers.push(resolve));
      if (which === 'capture') holdCapture = true;
      else holdWallet = true;
    },
    /** The next answer is no longer to be held (it was not asked for): later calls answer at once. */
    unhold() {
      holdCapture = false;
      holdWallet = false;
    },
    release() {
      for (const open of openers.splice(0)) open();
      gate = null;
      holdCapture = false;
      holdWallet = false;
    },
    /** Money PayPal holds for us: completed captures less refunds and reversals. */
    net: () => [...orders.values()].reduce((sum, o) => sum + (o.capture?.status === 'COMPLETED' ? o.capture.amount - o.capture.refunded : 0), 0),
    completedCaptures: () => [...orders.values()].filter((o) => o.capture?.status === 'COMPLETED').map((o) => ({ orderId: o.id, wallet: o.wallet, ...o.capture! })),
  };
}

export type FakePayPal = ReturnType<typeof fakePayPal>;
