import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { Layout } from './components/layout/layout';
import { lazyExport } from './lib/lazy';
import { useStoredUser } from './lib/stored-user';

// Each page is its own chunk (see lib/lazy.tsx).
const LoginPage = lazyExport(() => import('./features/auth/login-page'), (m) => m.LoginPage);
const OAuthCallbackPage = lazyExport(() => import('./features/auth/oauth-callback-page'), (m) => m.OAuthCallbackPage);
const RegisterPage = lazyExport(() => import('./features/auth/register-page'), (m) => m.RegisterPage);
const ResetConfirmPage = lazyExport(() => import('./features/auth/reset-confirm-page'), (m) => m.ResetConfirmPage);
const ResetRequestPage = lazyExport(() => import('./features/auth/reset-request-page'), (m) => m.ResetRequestPage);
const HomePage = lazyExport(() => import('./features/home/page'), (m) => m.HomePage);
const LogPage = lazyExport(() => import('./features/log/page'), (m) => m.LogPage);
const ChannelFormPage = lazyExport(() => import('./features/channel/form-page'), (m) => m.ChannelFormPage);
const ChannelPage = lazyExport(() => import('./features/channel/page'), (m) => m.ChannelPage);
const DetailPage = lazyExport(() => import('./features/detail/page'), (m) => m.DetailPage);
const OpsPage = lazyExport(() => import('./features/ops/page'), (m) => m.OpsPage);
const LegalPage = lazyExport(() => import('./features/legal/page'), (m) => m.LegalPage);
const AboutPage = lazyExport(() => import('./features/misc/about-page'), (m) => m.AboutPage);
const NotFound = lazyExport(() => import('./features/misc/not-found'), (m) => m.NotFound);
const Chat2LinkPage = lazyExport(() => import('./features/chat/pages'), (m) => m.Chat2LinkPage);
const ChatPage = lazyExport(() => import('./features/chat/pages'), (m) => m.ChatPage);
const PlaygroundPage = lazyExport(() => import('./features/playground/page'), (m) => m.PlaygroundPage);
const MidjourneyPage = lazyExport(() => import('./features/midjourney/page'), (m) => m.MidjourneyPage);
const TaskPage = lazyExport(() => import('./features/task/page'), (m) => m.TaskPage);
const PricingPage = lazyExport(() => import('./features/pricing/page'), (m) => m.PricingPage);
const RedemptionPage = lazyExport(() => import('./features/redemption/page'), (m) => m.RedemptionPage);
const OwnUserEditRedirect = lazyExport(() => import('./features/user/edit-page'), (m) => m.OwnUserEditRedirect);
const UserEditPage = lazyExport(() => import('./features/user/edit-page'), (m) => m.UserEditPage);
const UserPage = lazyExport(() => import('./features/user/page'), (m) => m.UserPage);
const SettingPage = lazyExport(() => import('./features/setting/page'), (m) => m.SettingPage);
const SubscriptionPage = lazyExport(() => import('./features/subscription/page'), (m) => m.SubscriptionPage);
const PlanAdminPage = lazyExport(() => import('./features/subscription/admin-page'), (m) => m.PlanAdminPage);
const TopupPage = lazyExport(() => import('./features/topup/page'), (m) => m.TopupPage);
const StatementPage = lazyExport(() => import('./features/statement/page'), (m) => m.StatementPage);
const TokenPage = lazyExport(() => import('./features/token/page'), (m) => m.TokenPage);
const ImportPage = lazyExport(() => import('./features/import/page'), (m) => m.ImportPage);
const AuditPage = lazyExport(() => import('./features/audit/page'), (m) => m.AuditPage);
const LedgerAuditPage = lazyExport(() => import('./features/audit/ledger-page'), (m) => m.LedgerAuditPage);

/** A login-guarded page: without a stored user it goes to the login page. */
export function Guarded({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  const { pathname } = useLocation();
  return user ? children : <Navigate to="/login" replace state={{ from: pathname }} />;
}

const guarded = (element: ReactNode) => <Guarded>{element}</Guarded>;

/** Every route of the spec (both documents' route tables). Public: /, login, register, reset, OAuth callbacks, pricing, about, the legal pages, chat. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset', element: <ResetRequestPage /> },
      { path: '/user/reset', element: <ResetConfirmPage /> },
      { path: '/oauth/github', element: <OAuthCallbackPage provider="github" /> },
      { path: '/oauth/linuxdo', element: <OAuthCallbackPage provider="linuxdo" /> },
      { path: '/oauth/oidc', element: <OAuthCallbackPage provider="oidc" /> },
      { path: '/setting', element: guarded(<SettingPage />) },
      { path: '/channel', element: guarded(<ChannelPage />) },
      { path: '/channel/add', element: guarded(<ChannelFormPage />) },
      { path: '/channel/edit/:id', element: guarded(<ChannelFormPage />) },
      { path: '/token', element: guarded(<TokenPage />) },
      { path: '/redemption', element: guarded(<RedemptionPage />) },
      { path: '/topup', element: guarded(<TopupPage />) },
      { path: '/subscription', element: guarded(<SubscriptionPage />) },
      { path: '/plan', element: guarded(<PlanAdminPage />) },
      { path: '/log', element: guarded(<LogPage />) },
      { path: '/statement', element: guarded(<StatementPage />) },
      { path: '/detail', element: guarded(<DetailPage />) },
      { path: '/ops', element: guarded(<OpsPage />) },
      { path: '/midjourney', element: guarded(<MidjourneyPage />) },
      { path: '/task', element: guarded(<TaskPage />) },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/playground', element: guarded(<PlaygroundPage />) },
      { path: '/about', element: <AboutPage /> },
      { path: '/user-agreement', element: <LegalPage document="user-agreement" /> },
      { path: '/privacy-policy', element: <LegalPage document="privacy-policy" /> },
      { path: '/chat/:id?', element: <ChatPage /> },
      { path: '/chat2link', element: guarded(<Chat2LinkPage />) },
      { path: '/user', element: guarded(<UserPage />) },
      { path: '/user/edit/:id', element: guarded(<UserEditPage />) },
      { path: '/user/edit', element: guarded(<OwnUserEditRedirect />) },
      { path: '/import', element: guarded(<ImportPage />) },
      { path: '/audit', element: guarded(<AuditPage />) },
      { path: '/audit/ledger', element: guarded(<LedgerAuditPage />) },
      { path: '*', element: <NotFound /> },
    ],
  },
];
