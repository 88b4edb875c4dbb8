import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { Layout } from './components/layout/layout';
import { lazyPage } from './lib/lazy-page';
import { useStoredUser } from './lib/stored-user';

// Each page is its own chunk (see lib/lazy-page.tsx).
const LoginPage = lazyPage(() => import('./features/auth/login-page'), (m) => m.LoginPage);
const OAuthCallbackPage = lazyPage(() => import('./features/auth/oauth-callback-page'), (m) => m.OAuthCallbackPage);
const RegisterPage = lazyPage(() => import('./features/auth/register-page'), (m) => m.RegisterPage);
const ResetConfirmPage = lazyPage(() => import('./features/auth/reset-confirm-page'), (m) => m.ResetConfirmPage);
const ResetRequestPage = lazyPage(() => import('./features/auth/reset-request-page'), (m) => m.ResetRequestPage);
const HomePage = lazyPage(() => import('./features/home/page'), (m) => m.HomePage);
const LogPage = lazyPage(() => import('./features/log/page'), (m) => m.LogPage);
const ChannelFormPage = lazyPage(() => import('./features/channel/form-page'), (m) => m.ChannelFormPage);
const ChannelPage = lazyPage(() => import('./features/channel/page'), (m) => m.ChannelPage);
const DetailPage = lazyPage(() => import('./features/detail/page'), (m) => m.DetailPage);
const AboutPage = lazyPage(() => import('./features/misc/about-page'), (m) => m.AboutPage);
const NotFound = lazyPage(() => import('./features/misc/not-found'), (m) => m.NotFound);
const Chat2LinkPage = lazyPage(() => import('./features/chat/pages'), (m) => m.Chat2LinkPage);
const ChatPage = lazyPage(() => import('./features/chat/pages'), (m) => m.ChatPage);
const PlaygroundPage = lazyPage(() => import('./features/playground/page'), (m) => m.PlaygroundPage);
const MidjourneyPage = lazyPage(() => import('./features/midjourney/page'), (m) => m.MidjourneyPage);
const TaskPage = lazyPage(() => import('./features/task/page'), (m) => m.TaskPage);
const PricingPage = lazyPage(() => import('./features/pricing/page'), (m) => m.PricingPage);
const RedemptionPage = lazyPage(() => import('./features/redemption/page'), (m) => m.RedemptionPage);
const OwnUserEditRedirect = lazyPage(() => import('./features/user/edit-page'), (m) => m.OwnUserEditRedirect);
const UserEditPage = lazyPage(() => import('./features/user/edit-page'), (m) => m.UserEditPage);
const UserPage = lazyPage(() => import('./features/user/page'), (m) => m.UserPage);
const SettingPage = lazyPage(() => import('./features/setting/page'), (m) => m.SettingPage);
const TopupPage = lazyPage(() => import('./features/topup/page'), (m) => m.TopupPage);
const TokenPage = lazyPage(() => import('./features/token/page'), (m) => m.TokenPage);

/** A login-guarded page: without a stored user it goes to the login page. */
export function Guarded({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  const { pathname } = useLocation();
  return user ? children : <Navigate to="/login" replace state={{ from: pathname }} />;
}

const guarded = (element: ReactNode) => <Guarded>{element}</Guarded>;

/** Every route of the spec (both documents' route tables). Public: /, login, register, reset, OAuth callbacks, pricing, about, chat. */
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
      { path: '/setting', element: guarded(<SettingPage />) },
      { path: '/channel', element: guarded(<ChannelPage />) },
      { path: '/channel/add', element: guarded(<ChannelFormPage />) },
      { path: '/channel/edit/:id', element: guarded(<ChannelFormPage />) },
      { path: '/token', element: guarded(<TokenPage />) },
      { path: '/redemption', element: guarded(<RedemptionPage />) },
      { path: '/topup', element: guarded(<TopupPage />) },
      { path: '/log', element: guarded(<LogPage />) },
      { path: '/detail', element: guarded(<DetailPage />) },
      { path: '/midjourney', element: guarded(<MidjourneyPage />) },
      { path: '/task', element: guarded(<TaskPage />) },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/playground', element: guarded(<PlaygroundPage />) },
      { path: '/about', element: <AboutPage /> },
      { path: '/chat/:id?', element: <ChatPage /> },
      { path: '/chat2link', element: guarded(<Chat2LinkPage />) },
      { path: '/user', element: guarded(<UserPage />) },
      { path: '/user/edit/:id', element: guarded(<UserEditPage />) },
      { path: '/user/edit', element: guarded(<OwnUserEditRedirect />) },
      { path: '*', element: <NotFound /> },
    ],
  },
];
