import { Fragment, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { OptionGroupCard } from './option-group-card';
import type { OptionGroup } from './option-groups';
import { OPTION_MESSAGES } from './option-validation';
import { optionApi, useOptions } from './use-options';

/** A root settings tab: one card per option group, loaded once; `after` puts a card below the group of its id. */
export function RootTab({ groups, after = {}, children }: { groups: OptionGroup[]; after?: Partial<Record<string, ReactNode>>; children?: ReactNode }) {
  const { data: saved } = useOptions();
  if (!saved) return null;
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <Fragment key={group.id}>
          <OptionGroupCard group={group} saved={saved} />
          {after[group.id]}
        </Fragment>
      ))}
      {children}
    </div>
  );
}

/** Maintenance actions of the operation tab: reset model ratios, delete logs before a time. */
export function MaintenanceCard() {
  const t = useT();
  const notify = useToast();
  const [before, setBefore] = useState('');
  const [confirming, setConfirming] = useState(false);
  const time = Date.parse(before);
  const askCleanLogs = () => (!before || Number.isNaN(time) ? notify(t('option.pickLogTime'), 'error') : setConfirming(true));
  const cleanLogs = async () => {
    try {
      notify(t('option.logsDeleted', { count: await optionApi.deleteLogsBefore(Math.floor(time / 1000)) }));
    } catch (error) {
      notify(`${OPTION_MESSAGES.logCleanFailed}${error instanceof Error ? error.message : ''}`, 'error');
    }
  };
  const resetRatios = async () => {
    if (await optionApi.resetModelRatio().then(() => true, () => false)) notify(t('option.ratiosReset'));
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold">{t('option.maintenance')}</h2>
      <div className="flex flex-wrap items-end gap-2">
        <Field id="log-before" label={t('option.logBefore')} type="datetime-local" value={before} onChange={(e) => setBefore(e.target.value)} />
        <Button variant="danger" onClick={askCleanLogs}>{t('option.cleanLogs')}</Button>
        <Button variant="outline" onClick={() => void resetRatios()}>{t('option.resetRatios')}</Button>
      </div>
      <ConfirmDialog open={confirming} title={t('option.confirmCleanLogs')} description={before} confirmLabel={t('option.cleanLogs')} cancelLabel={t('token.cancel')} onConfirm={() => void cleanLogs()} onClose={() => setConfirming(false)} />
    </section>
  );
}
