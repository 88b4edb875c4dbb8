import { OperatorContent } from '../../components/ui/operator-content';
import { useStoredUser } from '../../lib/stored-user';
import { useStatus } from '../status/hooks/use-status';
import { useHomePageContent } from './hooks/use-operator-content';
import { GatewayOffer } from './sections/gateway-offer';
import { NoticeBanner } from './sections/notice-banner';
import { UserHome } from './sections/user-home';

/** The notice, then a signed-in user's own usage; a visitor sees the operator's home page (HomePageContent: Markdown or a framed URL) or what the gateway offers. */
export function HomePage() {
  const user = useStoredUser();
  const { data: status } = useStatus();
  const { data: content } = useHomePageContent();
  const systemName = status?.system_name || 'Tollgate';
  return (
    <div className="space-y-4">
      <NoticeBanner />
      {user ? <UserHome /> : content ? <OperatorContent content={content} title={systemName} /> : <GatewayOffer systemName={systemName} />}
    </div>
  );
}
