import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { Layout } from './components/layout/layout';
import { LoginPage } from './features/auth/login-page';
import { RegisterPage } from './features/auth/register-page';
import { HomePage } from './features/home/page';
import { LogPage } from './features/log/page';
import { AboutPage } from './features/misc/about-page';
import { ComingSoon } from './features/misc/coming-soon';
import { NotFound } from './features/misc/not-found';
import { MidjourneyPage } from './features/midjourney/page';
import { TaskPage } from './features/task/page';
import { PricingPage } from './features/pricing/page';
import { RedemptionPage } from './features/redemption/page';
import { UserPage } from './features/user/page';
import { SettingPage } from './features/setting/page';
import { TopupPage } from './features/topup/page';
import { TokenPage } from './features/token/page';
import type { MessageKey } from './i18n/zh';
import { useStoredUser } from './lib/stored-user';

/** A login-guarded page: without a stored user it goes to the login page. */
export function Guarded({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  const { pathname } = useLocation();
  return user ? children : <Navigate to="/login" replace state={{ from: pathname }} />;
}

const guarded = (element: ReactNode) => <Guarded>{element}</Guarded>;
/** A route a later issue builds: one shared placeholder, titled. */
const later = (title: MessageKey) => <ComingSoon title={title} />;

/** Every route of the spec (both documents' route tables). Public: /, login, register, reset, OAuth callbacks, pricing, about, chat. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset', element: later('page.reset') },
      { path: '/user/reset', element: guarded(later('page.userReset')) },
      { path: '/oauth/github', element: later('page.oauthGithub') },
      { path: '/oauth/linuxdo', element: later('page.oauthLinuxdo') },
      { path: '/setting', element: guarded(<SettingPage />) },
      { path: '/channel', element: guarded(later('nav.channel')) },
      { path: '/channel/add', element: guarded(later('page.channelAdd')) },
      { path: '/channel/edit/:id', element: guarded(later('page.channelEdit')) },
      { path: '/token', element: guarded(<TokenPage />) },
      { path: '/redemption', element: guarded(<RedemptionPage />) },
      { path: '/topup', element: guarded(<TopupPage />) },
      { path: '/log', element: guarded(<LogPage />) },
      { path: '/detail', element: guarded(later('nav.detail')) },
      { path: '/midjourney', element: guarded(<MidjourneyPage />) },
      { path: '/task', element: guarded(<TaskPage />) },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/playground', element: guarded(later('nav.playground')) },
      { path: '/about', element: <AboutPage /> },
      { path: '/chat/:id?', element: later('nav.chat') },
      { path: '/chat2link', element: guarded(later('page.chat2link')) },
      { path: '/user', element: guarded(<UserPage />) },
      { path: '/user/edit/:id', element: guarded(later('page.userEdit')) },
      { path: '/user/edit', element: guarded(later('page.userEdit')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];
