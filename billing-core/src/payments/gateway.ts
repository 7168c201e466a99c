/**
 * The PaymentGateway port: what the billing workflows need from PayPal (Orders v2, Payments v2 refunds, webhook
 * verification). The adapter in read-api/src/payments/paypal.ts uses the real @paypal/paypal-server-sdk; tests
 * run it against the stand-in. Amounts cross this boundary as integer cents. Vault operations: saved wallets
 * (with an order, or a setup token) and merchant-initiated orders charged to them.
 */
import type { CountryCode } from '@relaycast/contracts';
/** What any order of ours carries: the subscription, our billing reference, the money, and PayPal's idempotency key. */
export interface OrderBasics {
  subscriptionId: string;
  /** Our PayPal billing reference for the subscription, sent as the order's custom_id so PayPal events map back. */
  billingReference: string;
  amountCents: number;
  currency: string;
  description: string;
  /** PayPal-Request-Id: a retried request with the same id is not executed twice by PayPal (for a saved-wallet charge, derived from the due item's key). */
  requestId: string;
  /**
   * What the amount is made of, when a tax was decided (PayPal's amount.breakdown): the price net of tax, the tax, and
   * the account credit used (a discount): amount = item total + tax total − discount.
   */
  breakdown?: { itemTotalCents: number; taxTotalCents: number; discountCents: number };
}

export interface OrderRequest extends OrderBasics {
  intent: 'CAPTURE' | 'AUTHORIZE';
  returnUrl: string;
  cancelUrl: string;
  /** Ask PayPal to save the buyer's wallet for merchant-initiated payments when the payment succeeds (vault ON_SUCCESS, MERCHANT). */
  saveWallet?: boolean;
}

/** A merchant-initiated payment with a saved wallet: created and captured by PayPal in one call, without the buyer. */
export interface SavedWalletCharge extends OrderBasics {
  vaultId: string;
}

export interface OrderInfo {
  id: string;
  status: string;
  intent: string;
  amountCents: number;
  currency: string;
  customId: string | null;
  payerId: string | null;
  /**
   * The country of the PayPal account that approved the order (`payer.address.country_code`, ISO 3166-1 alpha-2), once
   * approved: evidence of where the customer is (docs/tax.md). Null when PayPal gave none or one that is not a code.
   */
  payerCountry: CountryCode | null;
  /** Where the buyer approves the order, while it waits for approval. */
  approveUrl: string | null;
  /** The order's capture, once captured. */
  capture: CaptureInfo | null;
  /** The buyer's wallet PayPal saved with this order (vault status VAULTED), if asked to. */
  vault: { id: string; status: string; payerEmail: string | null } | null;
}

export interface CaptureInfo {
  captureId: string;
  status: string;
  amountCents: number;
  currency: string;
}

/** A capture as PayPal shows it on its own (GET /v2/payments/captures/:id): which order and billing reference. */
export interface CaptureDetails extends CaptureInfo {
  customId: string | null;
  orderId: string | null;
}

export interface RefundInfo {
  refundId: string;
  status: string;
  amountCents: number;
  currency: string;
}

/** The PayPal-Transmission-* headers of a webhook delivery, as received. */
export type WebhookHeaders = Record<string, string | undefined>;

export interface PaymentGateway {
  /** false when no PayPal credentials are configured: purchases that need a payment are refused with a clear message. */
  readonly configured: boolean;
  readonly clientId: string | null;
  /** Creates the order at PayPal; `approveUrl` is where a buyer approves it without the PayPal JS buttons. */
  createOrder(request: OrderRequest): Promise<{ orderId: string; status: string; approveUrl: string | null }>;
  getOrder(orderId: string): Promise<OrderInfo>;
  /** Captures an approved order; capturing one already captured returns the existing capture. */
  captureOrder(orderId: string, requestId: string): Promise<OrderInfo>;
  /** Authorizes an approved order and voids the authorization at once: proves a funding source without charging it. */
  verifyFundingSource(orderId: string, requestId: string): Promise<{ authorizationId: string; status: string; vault: OrderInfo['vault'] }>;
  getCapture(captureId: string): Promise<CaptureDetails>;
  /** Refunds (part of) a capture; the same request id never refunds twice. */
  refundCapture(captureId: string, amount: { amountCents: number; currency: string }, requestId: string): Promise<RefundInfo>;
  /**
   * Charges a saved wallet (Orders v2 with `payment_source.paypal.vault_id`, intent CAPTURE): PayPal answers with the
   * completed order and its capture. A declined wallet is an AppError PAYMENT_DECLINED.
   */
  chargeSavedWallet(charge: SavedWalletCharge): Promise<OrderInfo>;
  /** Vault v3: a setup token the buyer approves (no charge) to save a wallet; `approveUrl` is where. */
  createWalletSetup(request: { requestId: string; returnUrl: string; cancelUrl: string }): Promise<{ setupTokenId: string; approveUrl: string | null }>;
  /** Vault v3: turns an approved setup token into a payment token (the saved wallet). */
  saveWallet(setupTokenId: string, requestId: string): Promise<{ vaultId: string; payerEmail: string | null }>;
  /**
   * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature with our
   * webhook id). `rawBody` is the body exactly as received: it is sent back to PayPal unchanged.
   */
  verifyWebhookSignature(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
}


