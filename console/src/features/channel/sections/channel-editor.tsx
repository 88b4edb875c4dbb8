import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { type Channel, channelApi } from '../api';
import { type ChannelForm, EMPTY_FORM, formOf, HEADER_OVERRIDE_TEMPLATE, MODEL_MAPPING_TEMPLATE, PARAM_OVERRIDE_TEMPLATE, SETTING_TEMPLATE, PRIORITY_MIN, STATUS_CODE_MAPPING_TEMPLATE, toChannelInput, validateChannel, WEIGHT_MIN } from '../channel-form';
import { ChannelType } from '@tollgate/wire';
import { CHANNEL_TYPES, otherField } from '../channel-types';
import { channelsQueryKey } from '../hooks/use-channels';
import { useFetchModels } from '../hooks/use-fetch-models';
import { GroupPicker } from './group-picker';
import { JsonField } from './json-field';
import { KeyField } from './key-field';
import { ModelPicker } from './model-picker';
import { UpstreamSwitches } from './upstream-switches';

const TYPE_OPTIONS = CHANNEL_TYPES.map((type) => ({ value: type.id, label: type.label }));

/** The whole channel form, for a new channel (`channel` null) or a saved one. */
export function ChannelEditor({ channel }: { channel: Channel | null }) {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fetchModels = useFetchModels(channel?.id ?? null);
  const [form, setForm] = useState<ChannelForm>(channel ? formOf(channel) : EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ChannelForm>(field: K, value: ChannelForm[K]) => setForm((f) => ({ ...f, [field]: value }));
  const other = otherField(form.type);
  const typeOptions = TYPE_OPTIONS.some((o) => o.value === form.type) ? TYPE_OPTIONS : [...TYPE_OPTIONS, { value: form.type, label: t('channel.unknownType') }];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return notify(t('channel.duplicateSubmit'), 'error');
    const problem = validateChannel(form, channel !== null);
    if (problem) return notify(t(problem), 'error');
    setBusy(true);
    try {
      if (channel) await channelApi.update({ id: channel.id, ...toChannelInput(form) });
      else await channelApi.create(toChannelInput(form), form.batch);
      notify(t(channel ? 'channel.updated' : 'channel.created'));
      await queryClient.invalidateQueries({ queryKey: channelsQueryKey });
      navigate('/channel');
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const fetchInto = async () => {
    const models = await fetchModels(form);
    if (models) set('models', [...new Set([...form.models, ...models])]);
  };

  return (
    <form onSubmit={submit} noValidate className={`${card} mx-auto max-w-3xl space-y-4`}>
      <h1 className="text-lg font-semibold">{t(channel ? 'page.channelEdit' : 'page.channelAdd')}</h1>
      <Select id="channel-type" label={t('channel.type')} value={form.type} options={typeOptions} onChange={(type) => set('type', type)} />
      <Field id="channel-name" label={t('channel.name')} placeholder={t('channel.nameHint')} value={form.name} onChange={(e) => set('name', e.target.value)} />
      <KeyField type={form.type} value={form.key} batch={form.batch} isEdit={channel !== null} onChange={(key) => set('key', key)} onBatch={(batch) => set('batch', batch)} />
      <Field id="channel-base-url" label={t('channel.baseUrl')} placeholder={t('channel.baseUrlHint')} value={form.base_url} onChange={(e) => set('base_url', e.target.value)} />
      {other && <Field id="channel-other" label={t(other.label)} placeholder={t(other.placeholder)} value={form.other} onChange={(e) => set('other', e.target.value)} />}
      {form.type === ChannelType.OpenAI && <Field id="channel-organization" label={t('channel.organization')} value={form.openai_organization} onChange={(e) => set('openai_organization', e.target.value)} />}
      <GroupPicker groups={form.groups} onChange={(groups) => set('groups', groups)} />
      <ModelPicker models={form.models} onChange={(models) => set('models', models)} onFetch={fetchInto} />
      <JsonField id="channel-model-mapping" label={t('channel.modelMapping')} hint={MODEL_MAPPING_TEMPLATE} template={MODEL_MAPPING_TEMPLATE} value={form.model_mapping} onChange={(v) => set('model_mapping', v)} />
      <JsonField id="channel-status-code-mapping" label={t('channel.statusCodeMapping')} hint={STATUS_CODE_MAPPING_TEMPLATE} template={STATUS_CODE_MAPPING_TEMPLATE} value={form.status_code_mapping} onChange={(v) => set('status_code_mapping', v)} />
      <JsonField id="channel-param-override" label={t('channel.paramOverride')} hint={PARAM_OVERRIDE_TEMPLATE} template={PARAM_OVERRIDE_TEMPLATE} value={form.param_override} onChange={(v) => set('param_override', v)} />
      <JsonField id="channel-header-override" label={t('channel.headerOverride')} hint={HEADER_OVERRIDE_TEMPLATE} template={HEADER_OVERRIDE_TEMPLATE} value={form.header_override} onChange={(v) => set('header_override', v)} />
      <JsonField id="channel-setting" label={t('channel.setting')} hint={SETTING_TEMPLATE} template={SETTING_TEMPLATE} value={form.setting} onChange={(v) => set('setting', v)} />
      <Field id="channel-test-model" label={t('channel.testModel')} placeholder={t('channel.testModelHint')} value={form.test_model} onChange={(e) => set('test_model', e.target.value)} />
      <div className="grid grid-cols-2 gap-3">
        <Field id="channel-priority" label={t('channel.priority')} type="number" min={PRIORITY_MIN} value={form.priority} onChange={(e) => set('priority', e.target.value)} />
        <Field id="channel-weight" label={t('channel.weight')} type="number" min={WEIGHT_MIN} value={form.weight} onChange={(e) => set('weight', e.target.value)} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field id="channel-tag" label={t('channel.tag')} placeholder={t('channel.tagHint')} value={form.tag} onChange={(e) => set('tag', e.target.value)} />
        <Field id="channel-remark" label={t('channel.remark')} maxLength={255} value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </div>
      <Switch checked={form.auto_ban} onChange={(on) => set('auto_ban', on)} label={t('channel.autoBan')} />
      <UpstreamSwitches settings={form.settings} onChange={(settings) => set('settings', settings)} />
      <FormActions busy={busy} onCancel={() => navigate('/channel')} />
    </form>
  );
}
