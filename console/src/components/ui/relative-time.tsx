import { formatDistance } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { zhCN } from 'date-fns/locale/zh-CN';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/datetime';

/** A moment as "3 minutes ago" / "in 2 days" in the console's language; the exact time on hover and for machines. */
// eslint-disable-next-line react-hooks/purity -- "ago" is as of this render by design; nothing memoizes renders here (no React Compiler).
export function RelativeTime({ seconds, now = Date.now() }: { seconds: number; now?: number }) {
  const { lang } = useI18n();
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} title={formatTime(seconds)} data-testid="relative-time">
      {formatDistance(date, now, { addSuffix: true, locale: lang === 'zh' ? zhCN : enUS })}
    </time>
  );
}
