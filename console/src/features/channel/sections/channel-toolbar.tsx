import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Switch } from '../../../components/ui/switch';
import { useT } from '../../../i18n';
import { useChannelActions } from '../hooks/use-channel-actions';

type Confirming = 'deleteDisabled' | 'fix' | null;

/** The list's buttons: add, test all, update all balances, delete disabled, refresh, batch mode, repair, id sort, tag mode. */
export function ChannelToolbar({ idSort, onIdSort, tagMode, onTagMode, batch, onBatch, onRefresh }: { idSort: boolean; onIdSort(sort: boolean): void; tagMode: boolean; onTagMode(on: boolean): void; batch: boolean; onBatch(batch: boolean): void; onRefresh(): void }) {
  const t = useT();
  const navigate = useNavigate();
  const actions = useChannelActions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const cancel = t('token.cancel');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={() => navigate('/channel/add')}>{t('page.channelAdd')}</Button>
      <Button variant="outline" onClick={actions.testAll}>{t('channel.testAll')}</Button>
      <Button variant="outline" onClick={actions.updateAllBalances}>{t('channel.updateAllBalances')}</Button>
      <Button variant="outline" onClick={() => setConfirming('deleteDisabled')}>{t('channel.deleteDisabled')}</Button>
      <Button variant="outline" onClick={onRefresh}>{t('channel.refresh')}</Button>
      <Button variant="outline" onClick={() => setConfirming('fix')}>{t('channel.fix')}</Button>
      <Button variant="outline" onClick={actions.detectAllUpstream}>{t('channel.upstreamDetectAll')}</Button>
      <Button variant="outline" onClick={actions.applyAllUpstream}>{t('channel.upstreamApplyAll')}</Button>
      <Switch checked={idSort} onChange={onIdSort} label={t('channel.idSort')} />
      <Switch checked={tagMode} onChange={onTagMode} label={t('channel.tagMode')} />
      <Switch checked={batch} onChange={onBatch} label={t('channel.batchMode')} />
      <ConfirmDialog open={confirming === 'deleteDisabled'} title={t('channel.confirmDeleteDisabled')} description={t('channel.irreversible')} confirmLabel={t('channel.delete')} cancelLabel={cancel} onConfirm={actions.removeDisabled} onClose={() => setConfirming(null)} />
      <ConfirmDialog open={confirming === 'fix'} title={t('channel.confirmFix')} description={t('channel.fixWarning')} confirmLabel={t('channel.fix')} cancelLabel={cancel} onConfirm={actions.fix} onClose={() => setConfirming(null)} />
    </div>
  );
}
