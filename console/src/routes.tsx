import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from './components/layout/layout';
import { LoginPage } from './features/auth/login-page';
import { RegisterPage } from './features/auth/register-page';
import { HomePage } from './features/home/home-page';
import { LogPage } from './features/log/page';
import { ComingSoon } from './features/misc/coming-soon';
import { NotFound } from './features/misc/not-found';
import { TokenPage } from './features/token/page';
import { storedUser } from './lib/stored-user';

/** A login-guarded page: without a stored user it goes to the login page. */
function Guarded({ children }: { children: ReactNode }) {
  return storedUser() ? children : <Navigate to="/login" replace />;
}

const guarded = (element: ReactNode) => <Guarded>{element}</Guarded>;
const later = (title: string) => <ComingSoon title={title} />;

/** Every route of the spec. Pages a later issue builds show ComingSoon until then. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset', element: later('重置密码') },
      { path: '/user/reset', element: guarded(later('修改密码')) },
      { path: '/oauth/github', element: later('GitHub') },
      { path: '/oauth/linuxdo', element: later('LinuxDO') },
      { path: '/setting', element: guarded(later('设置')) },
      { path: '/channel', element: guarded(later('渠道')) },
      { path: '/channel/add', element: guarded(later('添加渠道')) },
      { path: '/channel/edit/:id', element: guarded(later('编辑渠道')) },
      { path: '/token', element: guarded(<TokenPage />) },
      { path: '/redemption', element: guarded(later('兑换码')) },
      { path: '/topup', element: guarded(later('钱包')) },
      { path: '/log', element: guarded(<LogPage />) },
      { path: '/detail', element: guarded(later('数据看板')) },
      { path: '/midjourney', element: guarded(later('绘图')) },
      { path: '/task', element: guarded(later('异步任务')) },
      { path: '/pricing', element: later('模型价格') },
      { path: '/playground', element: guarded(later('操练场')) },
      { path: '/about', element: later('关于') },
      { path: '/chat/:id?', element: later('聊天') },
      { path: '/chat2link', element: guarded(later('聊天')) },
      { path: '/user', element: guarded(later('用户管理')) },
      { path: '/user/edit/:id', element: guarded(later('编辑用户')) },
      { path: '/user/edit', element: guarded(later('编辑用户')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];
