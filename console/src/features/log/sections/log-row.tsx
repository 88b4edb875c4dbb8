import { Fragment, useState } from 'react';
import { table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { LogEntry } from '../api';

/** Use time colour of the spec: under 101 s green, under 300 orange, else red. */
export function timeTakenTag(seconds: number): string {
  if (seconds < 101) return tag.green;
  if (seconds < 300) return tag.orange;
  return tag.red;
}

/** The billing breakdown of `other`: the ratios, the cached and audio tokens when there were any, and frt. */
export function billingLines(other: string): [string, string][] {
  try {
    const parsed = JSON.parse(other || '{}') as Record<string, unknown>;
    const keys = ['model_ratio', 'completion_ratio', 'group_ratio', 'model_price', 'cache_tokens', 'cache_ratio', 'cache_creation_tokens', 'cache_creation_ratio', 'audio_input', 'audio_ratio', 'audio_output', 'audio_completion_ratio', 'frt'];
    return keys.filter((k) => parsed[k] !== undefined).map((k) => [k, String(parsed[k])]);
  } catch {
    return [];
  }
}

export function LogRow({ entry, admin, columns, onUserInfo }: { entry: LogEntry; admin: boolean; columns: number; onUserInfo?(username: string): void }) {
  const t = useT();
  const display = useQuotaDisplay();
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <tr data-testid="log-row" className={`${table.row} cursor-pointer`} onClick={() => setOpen(!open)}>
        <td className={table.cell}>{formatTime(entry.created_at)}</td>
        {admin && (
          <td className={table.cell} title={entry.channel_name || undefined}>
            {entry.channel ?? ''}
            {entry.channel_name ? <span className="ml-1 text-slate-500 dark:text-slate-400">{entry.channel_name}</span> : null}
          </td>
        )}
        {admin && (
          <td className={table.cell}>
            <button
              type="button"
              className="text-indigo-600 dark:text-indigo-400 hover:underline"
              onClick={(event) => {
                event.stopPropagation(); // the row itself toggles the detail
                onUserInfo?.(entry.username);
              }}
            >
              {entry.username}
            </button>
          </td>
        )}
        <td className={table.cell}>{entry.token_name}</td>
        <td className={table.cell}><span className={`${tag.base} ${tag.grey}`}>{t(`log.type.${entry.type}` as MessageKey)}</span></td>
        <td className={table.cell}>{entry.model_name}</td>
        <td className={table.cell}>
          <span className={`${tag.base} ${timeTakenTag(entry.use_time)}`}>{entry.use_time} s</span>
          {entry.is_stream && <span className={`${tag.base} ${tag.blue} ml-1`}>{t('log.stream')}</span>}
        </td>
        <td className={table.cell}>{entry.prompt_tokens}</td>
        <td className={table.cell}>{entry.completion_tokens}</td>
        <td className={table.cell}>{formatQuota(entry.quota, display)}</td>
        <td className={`${table.cell} max-w-xs truncate`}>{entry.content}</td>
      </tr>
      {open && (
        <tr data-testid="log-detail">
          <td colSpan={columns} className="bg-slate-50 px-3 py-2 text-xs dark:bg-slate-900">
            {billingLines(entry.other).map(([key, value]) => (
              <span key={key} className="mr-4">{key}: {value}</span>
            ))}
            <div className="mt-1 whitespace-pre-wrap">{entry.content}</div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
