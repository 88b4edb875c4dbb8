import { BalanceCard } from '../account/balance-card';
import { TopUpHistory } from '../statement/sections/top-up-history';
import { OnlineTopupCard } from './sections/online-topup-card';
import { ProviderTopupCard } from './sections/provider-topup-card';
import { RedeemCard } from './sections/redeem-card';

/** The wallet: the live balance, redeeming a code, paying online (Epay; Stripe and Creem when set up), and one's own top-ups of both kinds. */
export function TopupPage() {
  return (
    <div className="space-y-4">
      <BalanceCard />
      <div className="grid gap-4 md:grid-cols-2">
        <RedeemCard />
        <OnlineTopupCard />
        <ProviderTopupCard />
      </div>
      <TopUpHistory admin={false} />
    </div>
  );
}
