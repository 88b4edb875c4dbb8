import type { MessageKey } from '../zh';
import { commonEn } from './common';
import { accountEn } from './account';
import { tokenEn } from './token';
import { walletEn } from './wallet';
import { logEn } from './log';
import { userEn } from './user';
import { settingEn } from './setting';
import { channelEn } from './channel';
import { taskEn } from './task';
import { opsEn } from './ops';
import { importEn } from './import';
import { oidcEn } from './oidc';
import { siteOptionsEn } from './site-options';
import { auditEn } from './audit';
import { statementEn } from './statement';
import { uiEn } from './ui';
import { homeEn } from './home';
import { apiEn } from './api';
import { subscriptionEn } from './subscription';

export const en: Record<MessageKey, string> = {
  ...commonEn,
  ...accountEn,
  ...tokenEn,
  ...walletEn,
  ...logEn,
  ...userEn,
  ...settingEn,
  ...channelEn,
  ...taskEn,
  ...opsEn,
  ...importEn,
  ...oidcEn,
  ...siteOptionsEn,
  ...auditEn,
  ...statementEn,
  ...uiEn,
  ...homeEn,
  ...apiEn,
  ...subscriptionEn,
};
