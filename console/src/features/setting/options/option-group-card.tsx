import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { OptionGroup } from './option-groups';
import { OptionInput } from './option-input';
import { changedKeys, groupProblem, OPTION_MESSAGES } from './option-validation';
import { optionApi, optionsKey } from './use-options';

/** Secrets are never sent to the console, so their editors start empty. */
const draftOf = (group: OptionGroup, saved: Record<string, string>) =>
  Object.fromEntries(group.fields.map(({ key, kind }) => [key, kind === 'secret' ? '' : (saved[key] ?? '')]));

/** One group of option editors with its own save: checks the spec's rules, then PUTs each changed key. */
export function OptionGroupCard({ group, saved }: { group: OptionGroup; saved: Record<string, string> }) {
  const t = useT();
  const notify = useToast();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(group, saved));
  const [confirmPasswordOff, setConfirmPasswordOff] = useState(false);
  // New saved values (after a save or a refetch) reset the draft while rendering, not one stale render later.
  const [draftFrom, setDraftFrom] = useState({ group, saved });
  if (draftFrom.group !== group || draftFrom.saved !== saved) {
    setDraftFrom({ group, saved });
    setDraft(draftOf(group, saved));
  }

  const set = (key: string, value: string) => {
    if (key === 'PasswordLoginEnabled' && value === 'false') setConfirmPasswordOff(true);
    else setDraft((d) => ({ ...d, [key]: value }));
  };
  const save = async () => {
    const changed = changedKeys(group, saved, draft);
    const problem = groupProblem(group, changed, saved, draft);
    if (problem) return notify(problem, problem === OPTION_MESSAGES.unchanged ? 'warning' : 'error');
    // Every changed key is tried; each refusal shows the server's reason, then one summary.
    let failed = 0;
    for (const key of changed) {
      await optionApi.update(key, draft[key] ?? '').catch((error: unknown) => {
        failed += 1;
        notify(error instanceof ApiError ? error.message : OPTION_MESSAGES.checkInput, 'error');
      });
    }
    if (failed === 0) notify(OPTION_MESSAGES.saved);
    else notify(failed === changed.length ? OPTION_MESSAGES.notSaved : OPTION_MESSAGES.partlySaved, 'error');
    await client.invalidateQueries({ queryKey: optionsKey });
  };

  return (
    <section className={`${card} space-y-3`} aria-labelledby={`group-${group.id}`}>
      <h2 id={`group-${group.id}`} className="font-semibold">{t(group.title)}</h2>
      <div className="grid gap-3 md:grid-cols-2">
        {group.fields.map((field) => (
          <OptionInput key={field.key} field={field} value={draft[field.key] ?? ''} onChange={(value) => set(field.key, value)} />
        ))}
      </div>
      <Button onClick={() => void save()}>{t('option.save', { group: t(group.title) })}</Button>
      <ConfirmDialog
        open={confirmPasswordOff}
        title={t('option.passwordLoginOff')}
        confirmLabel={t('option.confirm')}
        cancelLabel={t('option.cancel')}
        onConfirm={() => setDraft((d) => ({ ...d, PasswordLoginEnabled: 'false' }))}
        onClose={() => setConfirmPasswordOff(false)}
      />
    </section>
  );
}
