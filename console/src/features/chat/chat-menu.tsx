import { Button } from '../../components/ui/button';
import { Menu } from '../../components/ui/menu';
import { useT } from '../../i18n';
import { useStatus } from '../status/hooks/use-status';
import { chatLinks } from './chat-links';

const openTab = (url: string) => window.open(url, '_blank', 'noopener');

/** A token's chat action: the configured chat links filled with its key, one button or a dropdown of several. */
export function ChatMenu({ apiKey }: { apiKey: string }) {
  const t = useT();
  const { data: status } = useStatus();
  const links = chatLinks(status, apiKey);
  if (links.length === 0) return null;
  const [only] = links;
  if (links.length === 1 && only) return <Button variant="outline" onClick={() => openTab(only.url)}>{t('nav.chat')}</Button>;
  return <Menu testId="token-chat" label={t('nav.chat')} entries={links.map((link) => ({ label: link.name, onSelect: () => openTab(link.url) }))} />;
}
