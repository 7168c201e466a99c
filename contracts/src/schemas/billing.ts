import { Type, type Static } from '@sinclair/typebox';
import { COUNTRY_CODES, INVOICE_LINE_KINDS } from '../constants/invoices.js';
import { PLAN_IDS } from '../constants/subscription.js';
import { UNLIMITED_PERIODS } from '../constants/pricing.js';
import { DISPLAY_NAME_PATTERN, IsoDateTime, StringEnum } from './common.js';

/**
 * Text of an address: several lines (line breaks allowed), at least one visible character; no other control
 * characters, no bidirectional overrides or isolates, no zero-width characters (as DISPLAY_NAME_PATTERN).
 */
export const ADDRESS_PATTERN =
  '^(?:|(?=[\\s\\S]*[^\\s\\u200B-\\u200D\\u2060\\uFEFF])[^\\u0000-\\u0009\\u000B-\\u001F\\u007F-\\u009F\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF]*)$';
/** A VAT (or other tax) identification number as printed: capital letters and digits, spaces, dots and hyphens. */
export const VAT_NUMBER_PATTERN = '^[A-Z0-9][A-Z0-9 .-]{1,31}$';

const InvoiceName = Type.String({ minLength: 1, maxLength: 200, pattern: DISPLAY_NAME_PATTERN });
export const Address = Type.String({ minLength: 1, maxLength: 500, pattern: ADDRESS_PATTERN });
export const Country = StringEnum(COUNTRY_CODES, { description: 'ISO 3166-1 alpha-2 country code' });
export const VatNumber = Type.String({ minLength: 2, maxLength: 32, pattern: VAT_NUMBER_PATTERN });

/**
 * Who a customer's invoices are made out to: a name (a person's or the company's), optionally the company besides a
 * person's name, the address (lines), the country and, optionally, a VAT number. Copied onto each invoice when it is
 * issued: a later change leaves invoices already issued as they were.
 */
export const BillingDetails = Type.Object(
  {
    name: InvoiceName,
    company: Type.Optional(InvoiceName),
    address: Address,
    country: Country,
    vatNumber: Type.Optional(VatNumber),
  },
  { additionalProperties: false },
);
export type BillingDetails = Static<typeof BillingDetails>;

/** The seller, from the configuration (SELLER_*): `id` names its number sequences and never changes. */
export const SellerDetails = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  address: Type.String({ maxLength: 500 }),
  registrationNumber: Type.Optional(Type.String({ maxLength: 64 })),
  vatNumber: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SellerDetails = Static<typeof SellerDetails>;

/**
 * The customer as an invoice names them, fixed when it is issued: their billing details, or — none given yet — the
 * account's name alone (no address, no country).
 */
export const InvoiceCustomer = Type.Object({
  userId: Type.String(),
  name: Type.String({ maxLength: 200 }),
  company: Type.Optional(Type.String({ maxLength: 200 })),
  address: Type.Optional(Type.String({ maxLength: 500 })),
  country: Type.Optional(Type.String({ maxLength: 2 })),
  vatNumber: Type.Optional(Type.String({ maxLength: 32 })),
});
export type InvoiceCustomer = Static<typeof InvoiceCustomer>;

/**
 * One line of an invoice: what the money paid for, with an English description (the PDF and the CSV) and the
 * structured facts the web app words in the reader's language. `amount` in cents, negative for account credit used.
 */
export const InvoiceLine = Type.Object({
  kind: StringEnum(INVOICE_LINE_KINDS),
  description: Type.String({ maxLength: 1000 }),
  amount: Type.Integer(),
  planId: Type.Optional(StringEnum(PLAN_IDS)),
  planPeriod: Type.Optional(StringEnum(UNLIMITED_PERIODS)),
  /** Licence units, and the modules with their limits, of the configuration paid for. */
  quantity: Type.Optional(Type.Integer({ minimum: 1 })),
  modules: Type.Optional(Type.Array(Type.Object({ name: Type.String(), limit: Type.Integer(), labels: Type.Object({ en: Type.String(), ru: Type.String() }) }))),
  periodStart: Type.Optional(IsoDateTime),
  periodEnd: Type.Optional(IsoDateTime),
});
export type InvoiceLine = Static<typeof InvoiceLine>;
