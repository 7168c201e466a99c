import { domainToASCII } from 'node:url';

/**
 * The mailbox an e-mail address delivers to, as one key per mailbox for "one free trial per address": lower case;
 * the domain in its ASCII (punycode) form, so `bücher.example` and `xn--bcher-kva.example` are one; a plus tag
 * dropped (`alice+1@` is `alice@`: most providers deliver tagged addresses to the untagged mailbox); and for Gmail,
 * whose mailboxes ignore dots, the dots of the local part dropped and `googlemail.com` read as `gmail.com`.
 *
 * Not an address to send to (the customer's own address is kept for that); a key only. validator.js's
 * normalizeEmail strips tags only for a list of providers and knows no punycode, so the rule is written here.
 */
export function normaliseMailbox(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return trimmed;
  const rawDomain = trimmed.slice(at + 1).replace(/\.$/, '');
  // An invalid domain has no ASCII form (''): keep it as written, lower-cased.
  const ascii = domainToASCII(rawDomain) || rawDomain;
  const domain = ascii === 'googlemail.com' ? 'gmail.com' : ascii;
  const tagAt = trimmed.indexOf('+');
  let local = tagAt > 0 && tagAt < at ? trimmed.slice(0, tagAt) : trimmed.slice(0, at);
  if (domain === 'gmail.com') local = local.replace(/\./g, '') || local;
  return `${local}@${domain}`;
}
