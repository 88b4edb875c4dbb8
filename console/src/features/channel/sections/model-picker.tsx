import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { input, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { addCustomModels } from '../channel-form';
import { useKnownModels } from '../hooks/use-channels';

/** The models the channel serves: chosen from the known ones, all or none, custom names, or fetched from the upstream. */
export function ModelPicker({ models, onChange, onFetch }: { models: string[]; onChange(models: string[]): void; onFetch(): void }) {
  const t = useT();
  const notify = useToast();
  const { data: known } = useKnownModels();
  const [custom, setCustom] = useState('');
  const addCustom = () => {
    const result = addCustomModels(models, custom);
    if (result.duplicated) notify(t('channel.modelExists'), 'error');
    onChange(result.models);
    setCustom('');
  };
  const pick = (model: string) => model && !models.includes(model) && onChange([...models, model]);
  return (
    <div className="space-y-2">
      <label htmlFor="channel-model-pick" className={input.label}>{t('channel.models')}</label>
      <div data-testid="channel-models" className="flex min-h-9 flex-wrap gap-1 rounded-md border border-slate-200 p-2 dark:border-slate-700">
        {models.map((model) => (
          <button key={model} type="button" className={`${tag.base} ${tag.blue}`} aria-label={t('channel.removeModel', { model })} onClick={() => onChange(models.filter((m) => m !== model))}>{model} ×</button>
        ))}
      </div>
      <select id="channel-model-pick" className={input.base} value="" onChange={(e) => pick(e.target.value)}>
        <option value="">{t('channel.pickModel')}</option>
        {(known ?? []).filter((m) => !models.includes(m)).map((m) => <option key={m} value={m}>{m}</option>)}
      </select>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onChange([...new Set([...models, ...(known ?? [])])])}>{t('channel.allModels')}</Button>
        <Button variant="outline" onClick={() => onChange([])}>{t('channel.clearModels')}</Button>
        <Button variant="outline" onClick={onFetch}>{t('channel.fetchModels')}</Button>
      </div>
      <div className="flex gap-2">
        <input id="channel-custom-model" aria-label={t('channel.customModel')} placeholder={t('channel.customModel')} className={input.base} value={custom} onChange={(e) => setCustom(e.target.value)} />
        <Button variant="outline" onClick={addCustom}>{t('channel.addCustom')}</Button>
      </div>
    </div>
  );
}
