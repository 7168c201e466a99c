/** Saves a response as a file under the name its Content-Disposition gives (or `fallback`). */
async function saveResponse(res: Response, fallback: string): Promise<string> {
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** POSTs a finance report's JSON body with `format: "csv"` and saves the file the server names. */
async function downloadCsv(path: string, body: Record<string, unknown>, fallback: string): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, format: 'csv' }),
  });
  if (!res.ok) throw new Error(String(res.status));
  await saveResponse(res, fallback);
}

/**
 * The reconciliation report as CSV (POST /finance/replay, format csv) up to `to` (today's if none), saved as the file
 * the server names: the finance area's reconciliation and the admin home's report button.
 */
export function downloadReconciliationCsv(to?: string): Promise<void> {
  return downloadCsv('/finance/replay', to ? { to } : {}, 'relaycast-finance.csv');
}

/** Every entry of a range of the ledger as CSV (POST /finance/ledger, format csv), saved as the file the server names. */
export function downloadLedgerCsv(args: { from: string; to: string; book?: string; currency?: string; subscriptionId?: string }): Promise<void> {
  return downloadCsv('/finance/ledger', args, 'relaycast-ledger.csv');
}

/** A quarter's OSS report as CSV (POST /finance/tax/oss, format csv), saved as the file the server names. */
export function downloadOssCsv(args: { quarter: string; book: string }): Promise<void> {
  return downloadCsv('/finance/tax/oss', args, `relaycast-oss-${args.book}-${args.quarter}.csv`);
}
