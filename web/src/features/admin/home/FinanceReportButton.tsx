import { useState } from 'react';
import { useT } from '../../../app/shell/hooks.js';
import { useToast } from '../../ui/forms.js';

/**
 * The reconciliation report (POST /finance/replay, format csv) as a file: per subscription and month, what was
 * ordered, captured and refunded; demo payments apart from real money.
 */
export function FinanceReportButton() {
  const { t } = useT('admin');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch('/finance/replay', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format: 'csv' }) });
      if (!res.ok) throw new Error(String(res.status));
      const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'relaycast-finance.csv';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast(t('home.financeFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="muted field-hint">{t('home.financeHint')}</p>
      <button type="button" className="btn btn-small btn-outline" disabled={busy} onClick={() => void download()} data-testid="finance-report">
        {t('home.finance')}
      </button>
    </>
  );
}
