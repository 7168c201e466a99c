import { useState } from 'react';
import { useT } from '../../../app/shell/hooks.js';
import { useToast } from '../../ui/forms.js';
import { downloadReconciliationCsv } from '../finance/download.js';

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
      await downloadReconciliationCsv();
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
