import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { Layout } from './components/layout/layout';
import { LoginPage } from './features/auth/login-page';
import { OAuthCallbackPage } from './features/auth/oauth-callback-page';
import { RegisterPage } from './features/auth/register-page';
import { ResetConfirmPage } from './features/auth/reset-confirm-page';
import { ResetRequestPage } from './features/auth/reset-request-page';
import { HomePage } from './features/home/page';
import { LogPage } from './features/log/page';
import { ChannelFormPage } from './features/channel/form-page';
import { ChannelPage } from './features/channel/page';
import { DetailPage } from './features/detail/page';
import { AboutPage } from './features/misc/about-page';
import { NotFound } from './features/misc/not-found';
import { Chat2LinkPage, ChatPage } from './features/chat/pages';
import { PlaygroundPage } from './features/playground/page';
import { MidjourneyPage } from './features/midjourney/page';
import { TaskPage } from './features/task/page';
import { PricingPage } from './features/pricing/page';
import { RedemptionPage } from './features/redemption/page';
import { OwnUserEditRedirect, UserEditPage } from './features/user/edit-page';
import { UserPage } from './features/user/page';
import { SettingPage } from './features/setting/page';
import { TopupPage } from './features/topup/page';
import { TokenPage } from './features/token/page';
import { useStoredUser } from './lib/stored-user';

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
