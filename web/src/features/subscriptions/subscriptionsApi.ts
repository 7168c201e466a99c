import type { AmountToPayView, HistoryItem, QuoteView, SubscriptionView } from '@relaycast/contracts';
import type { SubscriptionStatus } from '@relaycast/contracts/constants';
import { api } from '../../app/shell/api.js';
import { listBody, toPage, type ListArgs, type ListPage } from '../ui/list.js';

/** The seed's toast texts (§8) for these calls. */
export const SUBSCRIPTION_TOASTS = {
  create: 'Error creating subscription',
  findAll: 'Error finding subscriptions',
  findOne: 'Error finding subscription',
  remove: 'Error removing subscription',
  revise: 'Error revise subscription',
  changePaymentMethod: 'Error capture change payment method',
} as const;

export interface RevisePreview {
  /** What applying it does: at once, pending its balance, at the end of the paid time, or back to what is in force. */
  effect: 'immediate' | 'pending' | 'scheduled' | 'withdrawn' | 'none';
  quantity: number;
  amount: number;
  previousAmount: number;
  proration: number;
  balance?: number;
  effectiveAt?: string;
  currency: string;
  version: number;
  amountDueAfter: number;
  /** A change pending its balance: what paying it now asks of PayPal, tax included (the server's). */
  payNow?: AmountToPayView;
}
export interface OrderAnswer {
  paypalOrderID: string;
  paypalSubscriptionID: string;
  amount: number;
  currency: string;
  purpose: string;
  approveUrl: string | null;
}
export interface PaymentsConfig {
  configured: boolean;
  clientId: string | null;
  sdkUrl: string;
  currency: string;
  environment: 'sandbox' | 'live';
  /** PAYMENTS: PayPal, demo payments (the built-in sandbox: no money moves), or none. */
  mode?: 'paypal' | 'demo' | 'off';
}
/** The server's price of a configuration: net `amount`, and — for a country or VAT number — its tax lines, tax and total. */
export type QuoteAnswer = Pick<QuoteView, 'amount' | 'monthlyAmount' | 'billingMonths' | 'quantity' | 'currency' | 'taxLines' | 'tax' | 'total' | 'taxNotices'>;
export interface QuoteArgs {
  plan_id: string;
  infrastructure_type: string;
  subscription_type: string;
  modules?: readonly { name: string; limit: number }[];
  quantity?: number;
  /** Whose tax: this country (and VAT number); neither: the signed-in customer's billing details. */
  country?: string;
  vatNumber?: string;
}
export interface CaptureBody {
  id: string;
  user_id: string;
  paypalOrderID: string;
  paypalSubscriptionID: string;
  quantity: number;
  /** The customer's answer when the billing country and the PayPal account's country disagree: the billing country is right. */
  confirmCountry?: string;
}
export interface ReviseBody {
  id: string;
  user_id: string;
  paypalSubscriptionID: string;
  quantity: number;
  modules?: { name: string; limit: number }[];
  amount?: number;
  version?: number;
}

// BillingDocuments: the billing details (invoicesApi) decide the tax of what is due, so changing them refreshes it.
const subscriptionsApiBase = api.enhanceEndpoints({ addTagTypes: ['Subscriptions', 'BillingDocuments'] });

/** Subscription and payment calls (seed §7), shared by the purchase page, the account and the admin area. */
export const subscriptionsApi = subscriptionsApiBase.injectEndpoints({
  endpoints: (build) => ({
    findAllSubscriptions: build.query<ListPage<SubscriptionView>, ListArgs & { status?: SubscriptionStatus; due?: 'renewal' | 'dunning'; dueWithinDays?: number }>({
      query: (args) => ({ url: '/subscriptions/findAll', body: listBody(args) }),
      transformResponse: (data: unknown, meta) => toPage<SubscriptionView>(data, meta),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findAll },
      providesTags: ['Subscriptions'],
    }),
    findMySubscriptions: build.query<ListPage<SubscriptionView>, ListArgs>({
      query: (args) => ({ url: '/subscriptions/findAllByToken', body: listBody(args) }),
      transformResponse: (data: unknown, meta) => toPage<SubscriptionView>(data, meta),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findAll },
      providesTags: ['Subscriptions'],
    }),
    findSubscription: build.query<SubscriptionView, string>({
      query: (id) => ({ url: '/subscriptions/findOne', body: { id } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      providesTags: (_r, _e, id) => [{ type: 'Subscriptions', id }],
    }),
    subscriptionHistory: build.query<HistoryItem[], string>({
      query: (id) => ({ url: '/subscriptions/history', body: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Subscriptions', id }],
    }),
    /** A refused VAT number or country (400 naming it) is shown beside its field: no toast. */
    quote: build.query<QuoteAnswer, QuoteArgs>({
      query: (body) => ({ url: '/subscriptions/quote', body }),
      extraOptions: { inlineErrors: true },
      providesTags: ['BillingDocuments'],
    }),
    /** What paying now asks of PayPal, tax included: the figure every pay button says (the server's, never the browser's). */
    amountToPay: build.query<AmountToPayView, { id: string; version: number }>({
      query: ({ id }) => ({ url: '/subscriptions/amountToPay', body: { id } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Subscriptions', id }, 'Subscriptions', 'BillingDocuments'],
    }),
    paymentsConfig: build.query<PaymentsConfig, void>({
      query: () => ({ url: '/payments/config' }),
    }),
    createSubscription: build.mutation<SubscriptionView, { body: Record<string, unknown>; idempotencyKey?: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/subscriptions/create', body, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.create },
      invalidatesTags: ['Subscriptions'],
    }),
    updateSubscription: build.mutation<SubscriptionView, { id: string } & Record<string, unknown>>({
      query: (body) => ({ url: '/subscriptions/update', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    removeSubscription: build.mutation<unknown, string>({
      query: (id) => ({ url: '/subscriptions/remove', body: { id } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.remove },
      invalidatesTags: ['Subscriptions'],
    }),
    previewRevision: build.mutation<RevisePreview, ReviseBody>({
      query: (body) => ({ url: '/subscriptions/revise', body: { ...body, preview: true } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.revise },
    }),
    reviseSubscription: build.mutation<SubscriptionView, ReviseBody>({
      query: (body) => ({ url: '/subscriptions/revise', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.revise },
      invalidatesTags: ['Subscriptions'],
    }),
    cancelSubscription: build.mutation<SubscriptionView, { id: string; reason?: string }>({
      query: (body) => ({ url: '/subscriptions/cancel', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    startTrial: build.mutation<SubscriptionView, string>({
      query: (id) => ({ url: '/subscriptions/startTrial', body: { id } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    createOrder: build.mutation<OrderAnswer, { id: string; saveWallet?: boolean }>({
      query: ({ id, saveWallet }) => ({ url: '/subscriptions/createOrder', body: { id, ...(saveWallet ? { saveWallet: true } : {}) } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
    }),
    cancelAtPeriodEnd: build.mutation<SubscriptionView, { id: string; undo?: boolean }>({
      query: (body) => ({ url: '/subscriptions/cancelAtPeriodEnd', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    walletSetup: build.mutation<{ setupTokenId: string; approveUrl: string | null }, string>({
      query: (id) => ({ url: '/subscriptions/walletSetup', body: { id } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.changePaymentMethod },
    }),
    walletSave: build.mutation<SubscriptionView, { id: string; setupTokenId: string }>({
      query: (body) => ({ url: '/subscriptions/walletSave', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.changePaymentMethod },
      invalidatesTags: ['Subscriptions'],
    }),
    pauseSubscription: build.mutation<SubscriptionView, { id: string; resumeAt?: string }>({
      query: (body) => ({ url: '/subscriptions/pause', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    resumeSubscription: build.mutation<SubscriptionView, string>({
      query: (id) => ({ url: '/subscriptions/resume', body: { id } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    grantComplimentary: build.mutation<SubscriptionView, { id: string; reason: string; until?: string }>({
      query: (body) => ({ url: '/subscriptions/grantComplimentary', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    cancelNow: build.mutation<SubscriptionView, { id: string; refund: boolean }>({
      query: (body) => ({ url: '/subscriptions/cancelNow', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne },
      invalidatesTags: ['Subscriptions'],
    }),
    captureOrder: build.mutation<SubscriptionView, CaptureBody>({
      query: (body) => ({ url: '/subscriptions/captureOrder', body }),
      // The billing and PayPal countries disagreeing is a question PayNow asks in its place, not a failure to toast.
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.findOne, answeredCodes: ['TAX_COUNTRY_CONFLICT'] },
      // Nothing changed on the server while the customer is asked: what is due stays on screen under the question.
      invalidatesTags: (_r, error) => ((error as { code?: string } | undefined)?.code === 'TAX_COUNTRY_CONFLICT' ? [] : ['Subscriptions']),
    }),
    createPaymentMethodOrder: build.mutation<OrderAnswer, string>({
      query: (id) => ({ url: '/subscriptions/createPaymentMethodOrder', body: { id } }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.changePaymentMethod },
    }),
    captureChangePaymentMethod: build.mutation<SubscriptionView, CaptureBody>({
      query: (body) => ({ url: '/subscriptions/captureChangePaymentMethod', body }),
      extraOptions: { errorToast: SUBSCRIPTION_TOASTS.changePaymentMethod },
      invalidatesTags: ['Subscriptions'],
    }),
  }),
});

export const {
  useFindAllSubscriptionsQuery,
  useFindMySubscriptionsQuery,
  useFindSubscriptionQuery,
  useSubscriptionHistoryQuery,
  useQuoteQuery,
  useAmountToPayQuery,
  usePaymentsConfigQuery,
  useCreateSubscriptionMutation,
  useUpdateSubscriptionMutation,
  useRemoveSubscriptionMutation,
  usePreviewRevisionMutation,
  useReviseSubscriptionMutation,
  useCancelSubscriptionMutation,
  useStartTrialMutation,
  useCreateOrderMutation,
  useCancelAtPeriodEndMutation,
  useWalletSetupMutation,
  useWalletSaveMutation,
  usePauseSubscriptionMutation,
  useResumeSubscriptionMutation,
  useCancelNowMutation,
  useGrantComplimentaryMutation,
  useCaptureOrderMutation,
  useCreatePaymentMethodOrderMutation,
  useCaptureChangePaymentMethodMutation,
} = subscriptionsApi;
