import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * What the fake PayPal remembers, as PayPal would: orders, their captures and authorizations, refunds, saved wallets
 * (vault payment tokens), vault setup tokens, and the first answer to each PayPal-Request-Id. The demo sandbox keeps
 * it in one JSON file (DATA_DIR/demo-paypal/state.json), written whole and renamed into place after every change and
 * before the answer goes out, so a restart loses nothing PayPal would have kept (an order approved but not yet
 * captured, a saved wallet); the tests' stand-in keeps it in memory. Small: an evaluator's orders, not a shop's.
 */

export interface Money {
  currency_code: string;
  value: string;
}
export interface Link {
  href: string;
  rel: string;
  method: string;
}
export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  /** The PayPal account's country (PayPal's `payer.address.country_code`): evidence of where the customer is. */
  address?: { country_code: string };
}
export interface StoredCapture {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  create_time: string;
  update_time: string;
  orderId: string;
}
export interface StoredAuthorization {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  expiration_time: string;
  create_time: string;
  update_time: string;
  orderId: string;
}
export interface StoredRefund {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  create_time: string;
  update_time: string;
  captureId: string;
}
export interface StoredOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: Money;
  custom_id?: string;
  description?: string;
  reference_id: string;
  return_url?: string;
  cancel_url?: string;
  create_time: string;
  update_time: string;
  payer?: Payer;
  captureIds: string[];
  authorizationIds: string[];
  /** The buyer is asked to save the wallet (vault ON_SUCCESS); the id it was saved under once paid. */
  vaultRequested?: boolean;
  vaultId?: string;
  /** The PayPal-Request-Id it was created with. */
  requestId?: string;
  /** The buyer declined on the approval page (the order stays CREATED, as at PayPal). */
  declinedAt?: string;
}
export interface StoredWallet {
  payer: Payer;
  create_time: string;
  /** The next this many merchant-initiated charges are declined (the administrator's demo control). */
  declineNext: number;
}
export interface StoredSetupToken {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'USED';
  usage_type: string;
  return_url?: string;
  cancel_url?: string;
  create_time: string;
  payer?: Payer;
  vaultId?: string;
}
export interface Reply {
  status: number;
  body: unknown;
}

export interface FakePayPalState {
  version: 1;
  orders: Record<string, StoredOrder>;
  captures: Record<string, StoredCapture>;
  authorizations: Record<string, StoredAuthorization>;
  refunds: Record<string, StoredRefund>;
  wallets: Record<string, StoredWallet>;
  setupTokens: Record<string, StoredSetupToken>;
  /** `${operation}\u0000${PayPal-Request-Id}` → the first successful answer. */
  replies: Record<string, Reply>;
}

const empty = (): FakePayPalState => ({ version: 1, orders: {}, captures: {}, authorizations: {}, refunds: {}, wallets: {}, setupTokens: {}, replies: {} });

export interface StateFile {
  state: FakePayPalState;
  /** Writes the state (temporary file, then rename: a crash leaves the old or the new file, never half of one). */
  save(): void;
}

/**
 * Opens the state file, or starts empty. A file that cannot be read as state is moved aside (…state.json.unreadable-
 * <time>) and the sandbox starts empty: the event log still tells our side of every payment; `onMovedAside` says so.
 */
export function openStateFile(file: string, onMovedAside: (movedTo: string, error: unknown) => void): StateFile {
  let state = empty();
  if (existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<FakePayPalState>;
      if (parsed.version !== 1) throw new Error(`unknown state version ${String(parsed.version)}`);
      state = { ...empty(), ...parsed, version: 1 };
    } catch (error) {
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      onMovedAside(aside, error);
    }
  }
  return {
    state,
    save() {
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(state));
      renameSync(tmp, file);
    },
  };
}

/** The state in memory only (the tests' stand-in): nothing to save. */
export function memoryState(): StateFile {
  return { state: empty(), save: () => undefined };
}
