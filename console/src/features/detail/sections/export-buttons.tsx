import { button } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { saveDownload } from '../../../lib/save-download';
import { exportUrl, type ExportFormat, type ExportKind } from '../api';

const formats: ExportFormat[] = ['csv', 'jsonl'];

/** Admins' finance export of a range, fetched with the session's headers (see saveDownload). */
export function ExportButtons({ kind, range }: { kind: ExportKind; range: { start_timestamp: number; end_timestamp: number } }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-slate-500 dark:text-slate-400">{t(kind === 'log' ? 'detail.exportLogs' : 'detail.exportDaily')}</span>
      {formats.map((format) => (
        <button
          key={format}
          type="button"
          className={`${button.base} ${button.variant.outline}`}
          onClick={() => void saveDownload(exportUrl(kind, format, range), `${kind}.${format}`).catch(() => undefined)}
          data-testid={`export-${kind}-${format}`}
        >
          {format === 'csv' ? 'CSV' : 'JSON Lines'}
        </button>
      ))}
    </div>
  );
}
