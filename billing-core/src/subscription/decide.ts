import { unreachable } from '../decider.js';
import { captureOrder, changePaymentMethod, closeOrder, orderPayment, payFromCredit, recordCaptureFailure, startCapture } from './billing/orders.js';
import { creditToRefund, recordDispute, recordRefund, refundsOwed, unusedPaidTime } from './billing/refunds.js';
import { recordSavedWalletDecline, recordSavedWalletPayment, recordVaultedPaymentMethod, startSavedWalletCharge } from './billing/wallet.js';
import type { SubscriptionCommand } from './commands.js';
import { endUnpaid, recordRenewalFailure } from './dunning.js';
import { licenceEvents, refreshLicence } from './entitlement.js';
import type { SubscriptionEvent } from './events.js';
import { evolve } from './evolve.js';
import { create, update } from './lifecycle/create.js';
import { grantComplimentary, startTrial } from './lifecycle/grants.js';
import { cancel, cancelAtPeriodEnd, pause, remove, resume, scheduleCancellation, setStatus } from './lifecycle/status-commands.js';
import { applyScheduledChange, revise, revision, type RevisionDecision } from './plan-change.js';
import { recordReminder } from './reminders.js';
import { exists, type SubscriptionState } from './state.js';

export { creditToRefund, refundsOwed, unusedPaidTime };

/** The command's own events, from the module that owns it. */
function decideByConcern(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    // lifecycle and status
    case 'CreateSubscription':
      return create(command, state);
    case 'UpdateSubscription':
      return update(command, state);
    case 'SetSubscriptionStatus':
      return setStatus(command, state);
    case 'CancelSubscription':
      return cancel(command, state);
    case 'RemoveSubscription':
      return remove(command, state);
    case 'ScheduleCancellation':
      return scheduleCancellation(command, state);
    case 'CancelAtPeriodEnd':
      return cancelAtPeriodEnd(command, state);
    case 'PauseSubscription':
      return pause(command, state);
    case 'ResumeSubscription':
      return resume(command, state);
    case 'StartTrial':
      return startTrial(command, state);
    case 'GrantComplimentary':
      return grantComplimentary(command, state);
    // plan change
    case 'ReviseSubscription':
      return revise(command, state);
    case 'ApplyScheduledChange':
      return applyScheduledChange(command, state);
    // billing
    case 'OrderPayment':
      return orderPayment(command, state);
    case 'StartCapture':
      return startCapture(command, state);
    case 'RecordCaptureFailure':
      return recordCaptureFailure(command, state);
    case 'CaptureOrder':
      return captureOrder(command, state);
    case 'PayFromCredit':
      return payFromCredit(command, state, evolve);
    case 'CloseOrder':
      return closeOrder(command, state);
    case 'ChangePaymentMethod':
      return changePaymentMethod(command, state);
    case 'RecordVaultedPaymentMethod':
      return recordVaultedPaymentMethod(command, state);
    case 'StartSavedWalletCharge':
      return startSavedWalletCharge(command, state);
    case 'RecordSavedWalletDecline':
      return recordSavedWalletDecline(command, state);
    case 'RecordSavedWalletPayment':
      return recordSavedWalletPayment(command, state, evolve);
    case 'RecordRefund':
      return recordRefund(command, state, evolve);
    case 'RecordDispute':
      return recordDispute(command, state);
    // dunning
    case 'RecordRenewalFailure':
      return recordRenewalFailure(command, state);
    case 'EndUnpaid':
      return endUnpaid(command, state);
    // entitlement
    case 'RefreshLicence':
      return refreshLicence(command, state);
    // reminders
    case 'RecordReminder':
      return recordReminder(command, state);
    default:
      return unreachable(command);
  }
}

/**
 * The subscription decider, composed: the command's module decides its events, then the entitlement rules say
 * what that does to the licence (issued, or revoked) — as of the state those events lead to.
 */
export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  return withLicence(command, state, decideByConcern(command, state));
}

/** The command's events and what they do to the licence (issued, or revoked), as of the state they lead to. */
function withLicence(command: SubscriptionCommand, state: SubscriptionState, events: SubscriptionEvent[]): SubscriptionEvent[] {
  if (events.length === 0 && command.type !== 'RefreshLicence') return events;
  const after = events.reduce(evolve, state);
  return exists(after) ? [...events, ...licenceEvents(after, command.metadata.now, events)] : events;
}

/** A revision decided as `decide` decides it, with what it does returned beside its events (for the revise workflow). */
export function decideRevision(command: Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>, state: SubscriptionState): { events: SubscriptionEvent[]; outcome: RevisionDecision } {
  const { events, decision } = revision(command, state);
  return { events: withLicence(command, state, events), outcome: decision };
}
