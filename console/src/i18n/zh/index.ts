/** The console's texts in Chinese: the spec's exact messages, one file per feature. The keys are the English texts' ids. */
import { commonZh } from './common';
import { accountZh } from './account';
import { tokenZh } from './token';
import { walletZh } from './wallet';
import { logZh } from './log';
import { userZh } from './user';
import { settingZh } from './setting';
import { channelZh } from './channel';
import { taskZh } from './task';
import { opsZh } from './ops';
import { importZh } from './import';
import { oidcZh } from './oidc';
import { siteOptionsZh } from './site-options';
import { auditZh } from './audit';
import { statementZh } from './statement';
import { uiZh } from './ui';
import { homeZh } from './home';
import { apiZh } from './api';
import { subscriptionZh } from './subscription';

export const zh = {
  ...commonZh,
  ...accountZh,
  ...tokenZh,
  ...walletZh,
  ...logZh,
  ...userZh,
  ...settingZh,
  ...channelZh,
  ...taskZh,
  ...opsZh,
  ...importZh,
  ...oidcZh,
  ...siteOptionsZh,
  ...auditZh,
  ...statementZh,
  ...uiZh,
  ...homeZh,
  ...apiZh,
  ...subscriptionZh,
} as const;

export type MessageKey = keyof typeof zh;
