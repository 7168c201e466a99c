/**
 * Invoices and credit notes: their books, their numbers, and the countries a customer's billing address may name.
 * Numbers come from sequence streams in the event log (billing-core/src/invoice/), never from a read model.
 */

/** Real money, or demo payments (PAYMENTS=demo: no money moved): each book has sequences of its own. */
export const DOCUMENT_BOOKS = ['real', 'demo'] as const;
export type DocumentBook = (typeof DOCUMENT_BOOKS)[number];

/** What a refund's credit note says it is: our refund, or PayPal's reversal (a chargeback). */
export const CREDIT_NOTE_REASONS = ['REFUND', 'REVERSAL'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/**
 * What an invoice line is for: a service period of the plan, the balance of a change of plan, money kept as account
 * credit (an order that was no longer current when PayPal captured it), or account credit used towards the payment.
 */
export const INVOICE_LINE_KINDS = ['period', 'balance', 'credit', 'creditApplied'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const INVOICE_NUMBER_PATTERN = '^(?:DEMO-)?INV-\\d{6,}$';
export const CREDIT_NOTE_NUMBER_PATTERN = '^(?:DEMO-)?CN-\\d{6,}$';

const padded = (seq: number) => String(seq).padStart(6, '0');
/** INV-000001, …; demo payments DEMO-INV-000001, … */
export const invoiceNumber = (seq: number, book: DocumentBook): string => `${book === 'demo' ? 'DEMO-' : ''}INV-${padded(seq)}`;
/** CN-000001, …; demo payments DEMO-CN-000001, … */
export const creditNoteNumber = (seq: number, book: DocumentBook): string => `${book === 'demo' ? 'DEMO-' : ''}CN-${padded(seq)}`;

/** ISO 3166-1 alpha-2: every officially assigned code. The web app names them in the reader's language (Intl.DisplayNames). */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
const COUNTRY_CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);
/** An officially assigned ISO 3166-1 alpha-2 code. */
export const isCountryCode = (value: string): value is CountryCode => COUNTRY_CODE_SET.has(value);
