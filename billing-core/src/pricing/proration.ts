/**
 * Proration of a revision inside a paid period: the price difference times the share of the period still to run,
 * rounded to the nearest cent. Positive means the customer owes that much now; negative is a credit.
 */
export function prorate(params: {
  previousAmount: number;
  newAmount: number;
  periodStart: string | undefined;
  periodEnd: string | undefined;
  at: string;
}): number {
  const { previousAmount, newAmount, periodStart, periodEnd, at } = params;
  if (!periodStart || !periodEnd) return 0;
  const start = Date.parse(periodStart);
  const end = Date.parse(periodEnd);
  const now = Date.parse(at);
  if (!(end > start) || now >= end) return 0;
  const remaining = end - Math.max(now, start);
  return Math.round(((newAmount - previousAmount) * remaining) / (end - start));
}
