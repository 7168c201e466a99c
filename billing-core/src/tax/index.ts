/**
 * Tax (issue 35; docs/tax.md): rules as data with effective dates, VAT numbers, who owes what, the tax of an amount,
 * and ECB euro rates. Pure functions: the seller's identity and every date are passed in.
 */
export * from './arithmetic.js';
export * from './rules.js';
export * from './vat-number.js';
export * from './seller.js';
export * from './decide.js';
export * from './ecb.js';
