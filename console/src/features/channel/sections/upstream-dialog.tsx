import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../i18n';
import { useListAction } from '../../../lib/use-list-action';
import { type Channel, upstreamApi } from '../api';
import { channelsQueryKey } from '../hooks/use-channels';
import { pendingUpstreamChanges } from '../upstream-settings';

type Choice = 'add' | 'ignore' | 'skip';

/** The changes new-api's detect found for a channel: each new model added, ignored for good or left; each dropped one removed or kept. */
export function UpstreamDialog({ channel, open, onClose }: { channel: Channel; open: boolean; onClose(): void }) {
  const t = useT();
  const run = useListAction(channelsQueryKey);
  const pending = pendingUpstreamChanges(channel);
  const [added, setAdded] = useState<Record<string, Choice>>({});
  const [removed, setRemoved] = useState<Record<string, boolean>>({});
  const choiceOf = (model: string) => added[model] ?? 'add';
  const apply = async () => {
    const choice = {
      add_models: pending.add.filter((m) => choiceOf(m) === 'add'),
      ignore_models: pending.add.filter((m) => choiceOf(m) === 'ignore'),
      remove_models: pending.remove.filter((m) => removed[m] ?? true),
    };
    await run(() => upstreamApi.apply(channel.id, choice), 'channel.upstreamApplied');
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('channel.upstreamTitle', { name: channel.name })}>
      <Button variant="outline" onClick={() => void run(() => upstreamApi.detect(channel.id), 'channel.upstreamDetected')}>{t('channel.upstreamDetect')}</Button>
      <h3 className="mt-3 font-medium">{t('channel.upstreamAdd')}</h3>
      {pending.add.length === 0 && <p className="text-sm">{t('channel.upstreamNone')}</p>}
      {pending.add.map((model) => (
        <label key={model} className="flex items-center gap-2 text-sm" data-testid="upstream-add">
          <span className="font-mono">{model}</span>
          <select aria-label={model} value={choiceOf(model)} onChange={(e) => setAdded({ ...added, [model]: e.target.value as Choice })}>
            <option value="add">{t('channel.upstreamChoiceAdd')}</option>
            <option value="ignore">{t('channel.upstreamChoiceIgnore')}</option>
            <option value="skip">{t('channel.upstreamChoiceSkip')}</option>
          </select>
        </label>
      ))}
      <h3 className="mt-3 font-medium">{t('channel.upstreamRemove')}</h3>
      {pending.remove.length === 0 && <p className="text-sm">{t('channel.upstreamNone')}</p>}
      {pending.remove.map((model) => (
        <label key={model} className="flex items-center gap-2 text-sm" data-testid="upstream-remove">
          <input type="checkbox" checked={removed[model] ?? true} onChange={(e) => setRemoved({ ...removed, [model]: e.target.checked })} />
          <span className="font-mono">{model}</span>
        </label>
      ))}
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>{t('token.cancel')}</Button>
        <Button onClick={() => void apply()} disabled={pending.add.length + pending.remove.length === 0}>{t('channel.upstreamApply')}</Button>
      </div>
    </Dialog>
  );
}
