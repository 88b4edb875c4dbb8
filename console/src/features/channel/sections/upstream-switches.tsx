import { Switch } from '../../../components/ui/switch';
import { useT } from '../../../i18n';
import { upstreamFieldsOf, withUpstreamSwitch } from '../upstream-settings';

/** new-api's 上游模型管理: whether the periodic task checks the channel's upstream models, and whether it adds new ones by itself. */
export function UpstreamSwitches({ settings, onChange }: { settings: string; onChange(settings: string): void }) {
  const t = useT();
  const fields = upstreamFieldsOf({ settings });
  const checking = fields.upstream_model_update_check_enabled === true;
  return (
    <div className="flex flex-wrap gap-4">
      <Switch checked={checking} onChange={(on) => onChange(withUpstreamSwitch(settings, 'upstream_model_update_check_enabled', on))} label={t('channel.upstreamCheck')} />
      {checking && <Switch checked={fields.upstream_model_update_auto_sync_enabled === true} onChange={(on) => onChange(withUpstreamSwitch(settings, 'upstream_model_update_auto_sync_enabled', on))} label={t('channel.upstreamAutoSync')} />}
    </div>
  );
}
