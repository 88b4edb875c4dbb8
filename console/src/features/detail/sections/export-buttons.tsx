import { button } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { exportUrl, type ExportFormat, type ExportKind } from '../api';

const formats: ExportFormat[] = ['csv', 'jsonl'];

/** Admins' finance export of a range: plain links, so the browser streams the file to disk. */
export function ExportButtons({ kind, range }: { kind: ExportKind; range: { start_timestamp: number; end_timestamp: number } }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-slate-500">{t(kind === 'log' ? 'detail.exportLogs' : 'detail.exportDaily')}</span>
      {formats.map((format) => (
        <a key={format} className={`${button.base} ${button.variant.outline}`} href={exportUrl(kind, format, range)} download data-testid={`export-${kind}-${format}`}>
          {format === 'csv' ? 'CSV' : 'JSON Lines'}
        </a>
      ))}
    </div>
  );
}
