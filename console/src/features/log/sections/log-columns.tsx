import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
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

/** The line a row opens into: its billing breakdown and its whole content. */
export function LogDetail({ entry }: { entry: LogEntry }) {
  return (
    <>
      {billingLines(entry.other).map(([key, value]) => (
        <span key={key} className="mr-4">{key}: {value}</span>
      ))}
      <div className="mt-1 whitespace-pre-wrap">{entry.content}</div>
    </>
  );
}

interface LogColumnsOptions {
  admin: boolean;
  isOpen(entry: LogEntry): boolean;
  onUserInfo(username: string): void;
}

function adminColumns({ onUserInfo }: LogColumnsOptions, label: (key: MessageKey) => string): Column<LogEntry>[] {
  return [
    {
      id: 'channel', label: label('log.channel'), sortValue: (entry) => entry.channel ?? 0,
      cell: (entry) => (
        <span title={entry.channel_name || undefined}>
          {entry.channel ?? ''}
          {entry.channel_name ? <span className="ml-1 text-slate-500 dark:text-slate-400">{entry.channel_name}</span> : null}
        </span>
      ),
    },
    {
      id: 'username', label: label('log.username'), sortValue: (entry) => entry.username,
      cell: (entry) => (
        <button type="button" className="text-indigo-600 hover:underline dark:text-indigo-400" onClick={(event) => {
          event.stopPropagation(); // the row itself toggles the detail
          onUserInfo(entry.username);
        }}>
          {entry.username}
        </button>
      ),
    },
  ];
}

/**
 * The log list's columns (the channel and user for admins only). The content cell is a button:
 * its click reaches the row, which opens the detail, so the keyboard opens it too.
 */
export function useLogColumns(options: LogColumnsOptions): Column<LogEntry>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    { id: 'time', label: t('log.time'), required: true, cell: (entry) => formatTime(entry.created_at), sortValue: (entry) => entry.created_at },
    ...(options.admin ? adminColumns(options, t) : []),
    { id: 'token', label: t('log.tokenName'), cell: (entry) => entry.token_name, sortValue: (entry) => entry.token_name },
    { id: 'type', label: t('log.type'), cell: (entry) => <span className={`${tag.base} ${tag.grey}`}>{t(`log.type.${entry.type}` as MessageKey)}</span>, sortValue: (entry) => entry.type },
    { id: 'model', label: t('log.modelName'), cell: (entry) => entry.model_name, sortValue: (entry) => entry.model_name },
    {
      id: 'useTime', label: t('log.useTime'), sortValue: (entry) => entry.use_time,
      cell: (entry) => (
        <>
          <span className={`${tag.base} ${timeTakenTag(entry.use_time)}`}>{entry.use_time} s</span>
          {entry.is_stream && <span className={`${tag.base} ${tag.blue} ml-1`}>{t('log.stream')}</span>}
        </>
      ),
    },
    { id: 'prompt', label: t('log.prompt'), numeric: true, cell: (entry) => entry.prompt_tokens, sortValue: (entry) => entry.prompt_tokens },
    { id: 'completion', label: t('log.completion'), numeric: true, cell: (entry) => entry.completion_tokens, sortValue: (entry) => entry.completion_tokens },
    { id: 'quota', label: t('log.quota'), numeric: true, cell: (entry) => formatQuota(entry.quota, display), sortValue: (entry) => entry.quota },
    {
      id: 'detail', label: t('log.detail'),
      cell: (entry) => <button type="button" aria-expanded={options.isOpen(entry)} className="block max-w-xs truncate text-left">{entry.content}</button>,
    },
  ];
}
