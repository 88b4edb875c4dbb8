import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';

/** The spec's thresholds: 0 untested, up to 1 s green, 3 s lime, 5 s yellow, slower red. */
export function responseTimeColour(ms: number): string {
  if (ms === 0) return tag.grey;
  if (ms <= 1000) return tag.green;
  if (ms <= 3000) return tag.lime;
  if (ms <= 5000) return tag.yellow;
  return tag.red;
}

export function ResponseTime({ ms }: { ms: number }) {
  const t = useT();
  return (
    <span data-testid="channel-response-time" data-ms={ms} className={`${tag.base} ${responseTimeColour(ms)}`}>
      {ms === 0 ? t('channel.untested') : t('channel.seconds', { time: (ms / 1000).toFixed(2) })}
    </span>
  );
}
