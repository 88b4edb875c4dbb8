import { Button } from '../../components/ui/button';
import { Menu } from '../../components/ui/menu';
import { useT } from '../../i18n';
import { useStatus } from '../status/hooks/use-status';
import { tokenApi } from '../token/api';
import { chatLinkNames, chatLinks } from './chat-links';

/**
 * Opens the `index`-th chat link filled with the token's whole key, asked of the reveal call on
 * click (lists carry the key masked). The tab opens blank inside the click, so no popup blocker
 * stops it, and is cut from this page before it leaves for the chat app.
 */
async function openChat(tokenId: number, index: number, status: Parameters<typeof chatLinks>[0]): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = chatLinks(status, await tokenApi.revealKey(tokenId))[index]?.url;
    if (!tab || !url) throw new Error('no chat link');
    tab.opener = null;
    tab.location.href = url;
  } catch {
    tab?.close();
  }
}

/** A token's chat action: the configured chat links, one button or a dropdown of several; the key is revealed on click. */
export function ChatMenu({ tokenId }: { tokenId: number }) {
  const t = useT();
  const { data: status } = useStatus();
  const names = chatLinkNames(status);
  const open = (index: number) => void openChat(tokenId, index, status);
  if (names.length === 0) return null;
  if (names.length === 1) return <Button variant="outline" onClick={() => open(0)}>{t('nav.chat')}</Button>;
  return <Menu testId="token-chat" label={t('nav.chat')} entries={names.map((name, index) => ({ label: name, onSelect: () => open(index) }))} />;
}
