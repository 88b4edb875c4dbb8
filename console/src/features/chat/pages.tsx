import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useToast } from '../../components/ui/toast';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStoredUser } from '../../lib/stored-user';
import { useStatus } from '../status/hooks/use-status';
import { type ChatLink, chatLinks, chatsAreReadable } from './chat-links';
import { useChatKey } from './use-chat-key';

type Problem = 'chat.signIn' | 'chat.noToken' | 'chat.noLink' | 'chat.badData';

/** How long the no-token message stays before the user is sent to /token (the spec's 1.5 s). */
const TO_TOKENS_AFTER_MS = 1500;

/** The filled chat links, or the reason there are none (null while loading). */
function useLinks(): { links: ChatLink[]; problem: Problem | null } | null {
  const { data: status } = useStatus();
  const signedIn = useStoredUser() !== null;
  const { data: key, isPending } = useChatKey();
  if (!signedIn) return { links: [], problem: 'chat.signIn' };
  if (!status || isPending) return null;
  if (!chatsAreReadable(status)) return { links: [], problem: 'chat.badData' };
  if (!key) return { links: [], problem: 'chat.noToken' };
  const links = chatLinks(status, key);
  return { links, problem: links.length ? null : 'chat.noLink' };
}

/** Shows the problem as an error toast and in the page; without an enabled token, sends the user to /token. */
function ChatProblem({ problem }: { problem: Problem | 'chat.badLink' }) {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (problem === 'chat.signIn') return;
    notify(t(problem), 'error');
    if (problem !== 'chat.noToken') return;
    const timer = setTimeout(() => {
      navigate('/token');
    }, TO_TOKENS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [problem, notify, navigate, t]);
  return <section className={card}>{t(problem)}</section>;
}

/** /chat/{id?}: the id-th configured chat link (the first without an id) embedded in an iframe. */
export function ChatPage() {
  const { id } = useParams();
  const result = useLinks();
  if (!result) return null;
  if (result.problem) return <ChatProblem problem={result.problem} />;
  const link = result.links[Number(id ?? 0)];
  if (!link) return <ChatProblem problem="chat.badLink" />;
  return <iframe title={link.name} src={link.url} className="h-[calc(100vh-8rem)] w-full rounded-lg border-0" />;
}

/** /chat2link: leaves for the first configured chat link, key filled in. */
export function Chat2LinkPage() {
  const result = useLinks();
  const target = result?.links[0]?.url;
  useEffect(() => {
    if (target) window.location.href = target;
  }, [target]);
  if (!result || target) return null;
  return <ChatProblem problem={result.problem ?? 'chat.noLink'} />;
}
