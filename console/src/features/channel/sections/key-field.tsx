import { input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { ChannelType } from '@tollgate/wire';
import { keyHint } from '../channel-types';

/** The key, its placeholder following the type; on add, batch mode takes one key per line (Vertex keys are JSON, never split). */
export function KeyField({ type, value, batch, isEdit, onChange, onBatch }: { type: number; value: string; batch: boolean; isEdit: boolean; onChange(key: string): void; onBatch(batch: boolean): void }) {
  const t = useT();
  const multiline = type === ChannelType.VertexAI || (batch && !isEdit);
  const placeholder = isEdit ? t('channel.keyKept') : batch ? t('channel.keyBatchHint') : t(keyHint(type));
  return (
    <div>
      <label htmlFor="channel-key" className={input.label}>{t('channel.key')}</label>
      {multiline ? (
        <textarea id="channel-key" rows={type === ChannelType.VertexAI ? 6 : 4} className={`${input.base} font-mono`} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id="channel-key" className={input.base} placeholder={placeholder} value={value} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      )}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t(keyHint(type))}</p>
      {!isEdit && type !== ChannelType.VertexAI && (
        <label className="mt-1 flex items-center gap-1 text-sm">
          <input id="channel-batch" type="checkbox" checked={batch} onChange={(e) => onBatch(e.target.checked)} />
          {t('channel.batch')}
        </label>
      )}
    </div>
  );
}
