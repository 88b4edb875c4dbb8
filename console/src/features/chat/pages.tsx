import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStatus } from '../status/hooks/use-status';
import { type ChatLink, chatLinks } from './chat-links';
import { useStoredUser } from '../../lib/stored-user';
import { useChatKey } from './use-chat-key';

/** The filled chat links, or the reason there are none (null while loading). */
function useLinks(): { links: ChatLink[]; problem: 'chat.noLink' | 'chat.noToken' | 'chat.signIn' | null } | null {
  const { data: status } = useStatus();
  const signedIn = useStoredUser() !== null;
  const { data: key, isPending } = useChatKey();
  if (!signedIn) return { links: [], problem: 'chat.signIn' };
  if (!status || isPending) return null;
  if (!key) return { links: [], problem: 'chat.noToken' };
  const links = chatLinks(status, key);
  return { links, problem: links.length ? null : 'chat.noLink' };
}

/** /chat/{id?}: the id-th configured chat link (the first by default) embedded in an iframe. */
export function ChatPage() {
  const t = useT();
  const { id } = useParams();
  const result = useLinks();
  if (!result) return null;
  const link = result.links[Number(id ?? 0)] ?? result.links[0];
  if (!link) return <section className={card}>{t(result.problem ?? 'chat.noLink')}</section>;
  return <iframe title={link.name} src={link.url} className="h-[calc(100vh-8rem)] w-full rounded-lg border-0" />;
}

/** /chat2link: leaves for the first configured chat link, key filled in. */
export function Chat2LinkPage() {
  const t = useT();
  const result = useLinks();
  const target = result?.links[0]?.url;
  useEffect(() => {
    if (target) window.location.href = target;
  }, [target]);
  if (!result || target) return null;
  return <section className={card}>{t(result.problem ?? 'chat.noLink')}</section>;
}
