import { ChannelStatus as Status } from '@tollgate/wire';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';

const STATUS: Record<number, { key: MessageKey; colour: string }> = {
  [Status.Enabled]: { key: 'channel.status.1', colour: tag.green },
  [Status.Disabled]: { key: 'channel.status.2', colour: tag.red },
  [Status.AutoDisabled]: { key: 'channel.status.3', colour: tag.yellow },
};

/** other_info is JSON text; an auto-disabled channel carries why and when there. */
function reasonOf(otherInfo: string): { status_reason?: string; status_time?: number } {
  try {
    return JSON.parse(otherInfo) as { status_reason?: string; status_time?: number };
  } catch {
    return {};
  }
}

/** The status tag; for an auto-disabled channel a tooltip gives the reason and the time (spec, section 4). */
export function ChannelStatus({ status, otherInfo }: { status: number; otherInfo: string }) {
  const t = useT();
  const known = STATUS[status];
  const info = status === Status.AutoDisabled ? reasonOf(otherInfo) : {};
  const tooltip = info.status_reason ? t('channel.statusReason', { reason: info.status_reason, time: info.status_time ? formatTime(info.status_time) : '-' }) : undefined;
  return (
    <span title={tooltip} data-testid="channel-status" className={`${tag.base} ${known?.colour ?? tag.grey}`}>
      {t(known?.key ?? 'channel.status.unknown')}
    </span>
  );
}
