import { useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useChannel } from './hooks/use-channels';
import { ChannelEditor } from './sections/channel-editor';

/** /channel/add and /channel/edit/{id}: the editor, once the saved channel is loaded. */
export function ChannelFormPage() {
  const t = useT();
  const { id } = useParams();
  const channelId = id === undefined ? null : Number(id);
  const { data, isError } = useChannel(channelId);
  if (channelId === null) return <ChannelEditor channel={null} />;
  if (isError) return <p className="text-sm text-rose-600 dark:text-rose-400">{t('channel.notFound')}</p>;
  if (!data) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('channel.loading')}</p>;
  return <ChannelEditor key={data.id} channel={data} />;
}
