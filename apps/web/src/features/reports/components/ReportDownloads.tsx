import { LABELS } from '@portal/shared/messages';
import { DownloadButtons } from '../../sessions/components/DownloadButtons';
import { downloadReport } from '../api';

const LABELS_OF_REPORTS = { pdf: LABELS.reportPdf, csv: LABELS.reportCsv };

/** The Pdf button and the CSV button beside it (management §2 "Reports"). */
export function ReportDownloads({ path, disabled }: { path: string | null; disabled?: boolean }) {
  return (
    <DownloadButtons
      labels={LABELS_OF_REPORTS}
      disabled={disabled || path === null}
      download={(kind) => downloadReport(path!, kind)}
    />
  );
}
