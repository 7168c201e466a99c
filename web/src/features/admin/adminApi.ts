import type { AdminOverviewView, CancelNowPreviewView, SubscriptionActionsView } from '@relaycast/contracts';
import { api } from '../../app/shell/api.js';

/** What cancelling now with a refund would give back, in all and per payment (the server's figures). */
export type CancelNowPreview = CancelNowPreviewView;

export type AdminOverview = AdminOverviewView;

export interface BillingPolicyAnswer {
  policy: { retryDays: number[]; graceDays: number; cancelAfterDays: number };
  recorded: boolean;
}

/**
 * The administrators' own calls: the home's overview, the test clock, the billing policy, what cancelling now would
 * refund, and (demo payments) declining a saved wallet's next charges. Refusals show the server's reason in a toast.
 */
export const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminOverview', 'Subscriptions'] }).injectEndpoints({
  endpoints: (build) => ({
    adminOverview: build.query<AdminOverview, void>({
      query: () => ({ url: '/admin/overview' }),
      providesTags: ['AdminOverview'],
    }),
    billingPolicy: build.query<BillingPolicyAnswer, void>({
      query: () => ({ url: '/admin/billing-policy' }),
    }),
    /** Moves the test clock (`days` forward, or `to` a time) and runs what fell due: every subscription may have changed. */
    advanceClock: build.mutation<{ from: string; now: string; ran: number }, { days: number } | { to: string }>({
      query: (body) => ({ url: '/admin/clock/advance', body }),
      extraOptions: { errorToast: 'Error moving the test clock' },
      invalidatesTags: ['AdminOverview', 'Subscriptions'],
    }),
    cancelNowPreview: build.query<CancelNowPreview, string>({
      query: (id) => ({ url: '/subscriptions/cancelNowPreview', body: { id } }),
      providesTags: ['Subscriptions'],
    }),
    /** What the server allows on a subscription now (the deciders' own checks): the lifecycle actions offer only these. */
    subscriptionActions: build.query<SubscriptionActionsView, string>({
      query: (id) => ({ url: '/subscriptions/actions', body: { id } }),
      providesTags: ['Subscriptions'],
    }),
    declineWallet: build.mutation<{ id: string; vaultId: string; declineNext: number }, { id: string; charges: number }>({
      query: (body) => ({ url: '/admin/demo/declineWallet', body }),
      extraOptions: { errorToast: 'Error declining the saved PayPal account' },
    }),
  }),
});

export const { useAdminOverviewQuery, useBillingPolicyQuery, useAdvanceClockMutation, useCancelNowPreviewQuery, useDeclineWalletMutation, useSubscriptionActionsQuery } = adminApi;
