import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { Channel } from '../api';
import { clampNumber, PRIORITY_MIN, WEIGHT_MIN } from '../channel-form';
import { useChannelActions } from '../hooks/use-channel-actions';

/** One tag of the page: switch all its channels, rename it, set their priority and weight (new-api's tag edit). */
function TagRow({ tag, channels }: { tag: string; channels: Channel[] }) {
  const t = useT();
  const actions = useChannelActions();
  const [edit, setEdit] = useState({ newTag: tag, priority: '', weight: '' });
  const save = (event: FormEvent) => {
    event.preventDefault();
    void actions.editTag({
      tag,
      new_tag: edit.newTag.trim() || undefined,
      priority: edit.priority.trim() ? clampNumber(edit.priority, PRIORITY_MIN) : undefined,
      weight: edit.weight.trim() ? clampNumber(edit.weight, WEIGHT_MIN) : undefined,
    });
  };
  const id = `tag-${tag}`;
  return (
    <form onSubmit={save} aria-label={t('channel.tagRow', { tag })} className="flex flex-wrap items-end gap-2">
      <span className="min-w-32 font-medium">{tag} <span className="text-xs text-slate-500">({channels.length})</span></span>
      <Button variant="outline" onClick={() => void actions.setTagEnabled(tag, true)}>{t('channel.enableTag')}</Button>
      <Button variant="outline" onClick={() => void actions.setTagEnabled(tag, false)}>{t('channel.disableTag')}</Button>
      <Field id={`${id}-name`} label={t('channel.tag')} value={edit.newTag} onChange={(e) => setEdit({ ...edit, newTag: e.target.value })} />
      <Field id={`${id}-priority`} label={t('channel.priority')} type="number" className="w-24" value={edit.priority} onChange={(e) => setEdit({ ...edit, priority: e.target.value })} />
      <Field id={`${id}-weight`} label={t('channel.weight')} type="number" className="w-24" value={edit.weight} onChange={(e) => setEdit({ ...edit, weight: e.target.value })} />
      <Button type="submit">{t('channel.saveTag')}</Button>
    </form>
  );
}

/** Tag mode's panel: each tag on the page with its operations. */
export function TagPanel({ channels }: { channels: Channel[] }) {
  const byTag = new Map<string, Channel[]>();
  for (const channel of channels) if (channel.tag) byTag.set(channel.tag, [...(byTag.get(channel.tag) ?? []), channel]);
  if (byTag.size === 0) return null;
  return <div className={`${card} space-y-2`}>{[...byTag].map(([tag, tagged]) => <TagRow key={tag} tag={tag} channels={tagged} />)}</div>;
}

/** Batch mode: set (or, left empty, clear) the tag of the selected channels. */
export function BatchTag({ selected }: { selected: number[] }) {
  const t = useT();
  const actions = useChannelActions();
  const [tag, setTag] = useState('');
  return (
    <div className="flex items-end gap-2">
      <Field id="channel-batch-tag" label={t('channel.batchTag')} value={tag} onChange={(e) => setTag(e.target.value)} />
      <Button variant="outline" disabled={selected.length === 0} onClick={() => void actions.setTag(selected, tag.trim())}>{t('channel.setTag', { count: selected.length })}</Button>
    </div>
  );
}
