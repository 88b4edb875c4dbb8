import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { StatementForm } from './sections/statement-form';
import { TopUpHistory } from './sections/top-up-history';

/** Statements to download (a user's own; any user or all for administrators) and the top-up history. */
export function StatementPage() {
  const admin = isAdmin(useStoredUser());
  return (
    <div className="space-y-4">
      <StatementForm admin={admin} />
      <TopUpHistory admin={admin} />
    </div>
  );
}
