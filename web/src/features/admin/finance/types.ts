import type { Static } from '@sinclair/typebox';
import type {
  FinanceOverviewView as OverviewSchema,
  FinanceRecognitionView as RecognitionSchema,
  FinanceReportView as ReportSchema,
  FinanceTrialBalanceView as TrialBalanceSchema,
  FinanceLedgerEntryView as LedgerEntrySchema,
  ReadModelVerificationView as VerificationSchema,
  FinanceOssReportView as OssReportSchema,
} from '@relaycast/contracts';

/** The finance API's answers (contracts/src/schemas/finance.ts and answers.ts), as types: type-only imports. */
export type FinanceOverviewView = Static<typeof OverviewSchema>;
export type FinanceRecognitionView = Static<typeof RecognitionSchema>;
export type FinanceReportView = Static<typeof ReportSchema>;
export type ReadModelVerificationView = Static<typeof VerificationSchema>;
export type FinanceTrialBalanceView = Static<typeof TrialBalanceSchema>;
export type FinanceLedgerEntryView = Static<typeof LedgerEntrySchema>;
export type FinanceOssReportView = Static<typeof OssReportSchema>;
