import { chatLinksSchema, type ServerStatus } from '@tollgate/wire';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../../config.js';
import { ok } from '../../http/envelope.js';
import type { Options } from '../../ports/options.js';
import { oidcAuthorizationEndpoint } from '../../sign-in/oidc.js';
import { TOLLGATE_VERSION } from '../../version.js';
import { compatibilityStatus } from './status-compatibility.js';
import type { ApiContext } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';
import type { CoreContext } from '../../contexts/core.js';

export type StatusDeps = CoreContext;

const START_TIME = Math.floor(Date.now() / 1000);

/** The Chats option as a list of links; anything else (the option is checked when saved) as none. */
function chats(options: Options): ServerStatus['chats'] {
  try {
    const parsed = chatLinksSchema.safeParse(JSON.parse(options.string('Chats') || '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The fields that need the config or a lookup besides the options (added by the route). */
type Looked = 'oidc_authorization_endpoint' | 'github_authorize_url' | 'linuxdo_authorize_url';

/** The public server status the console keeps locally (spec: server status object). */
export function serverStatus(options: Options): Omit<ServerStatus, Looked> {
  const flag = (key: string) => options.boolean(key);
  const text = (key: string) => options.string(key);
  return {
    version: TOLLGATE_VERSION,
    start_time: START_TIME,
    system_name: text('SystemName'),
    logo: text('Logo'),
    footer_html: text('Footer'),
    quota_per_unit: options.number('QuotaPerUnit'),
    enable_drawing: flag('DrawingEnabled'),
    enable_task: flag('TaskEnabled'),
    enable_data_export: flag('DataExportEnabled'),
    data_export_default_time: text('DataExportDefaultTime'),
    data_export_interval: options.number('DataExportInterval'),
    default_collapse_sidebar: flag('DefaultCollapseSidebar'),
    mj_notify_enabled: flag('MjNotifyEnabled'),
    chats: chats(options),
    chat_link: text('ChatLink'),
    chat_link2: text('ChatLink2'),
    // new-api's later status fields: the login and register pages hide what these switch off.
    // false until the first-run wizard (POST /api/setup) has named root: new-api's console then opens it.
    setup: flag('SetupCompleted'),
    register_enabled: flag('RegisterEnabled'),
    password_login_enabled: flag('PasswordLoginEnabled'),
    password_register_enabled: flag('PasswordRegisterEnabled'),
    email_verification: flag('EmailVerificationEnabled'),
    turnstile_check: flag('TurnstileCheckEnabled'),
    turnstile_site_key: text('TurnstileSiteKey'),
    github_oauth: flag('GitHubOAuthEnabled'),
    github_client_id: text('GitHubClientId'),
    wechat_login: flag('WeChatAuthEnabled'),
    wechat_qrcode: text('WeChatAccountQRCodeImageURL'),
    telegram_oauth: flag('TelegramOAuthEnabled'),
    telegram_bot_name: text('TelegramBotName'),
    linuxdo_oauth: flag('LinuxDOOAuthEnabled'),
    linuxdo_client_id: text('LinuxDOClientId'),
    oidc_enabled: flag('oidc.enabled'),
    oidc_client_id: text('oidc.client_id'),
    server_address: text('ServerAddress'),
    top_up_link: text('TopUpLink'),
    price: Number(text('Price') || 7.3),
    min_topup: Number(text('MinTopUp') || 1),
    enable_online_topup: text('PayAddress') !== '' && text('EpayId') !== '' && text('EpayKey') !== '',
    ...compatibilityStatus(options),
  };
}

/** Where the console sends a visitor to authorize (a local stand-in in tests). */
function signInPages(config: GatewayConfig) {
  return { github_authorize_url: `${config.GITHUB_OAUTH_URL}/login/oauth/authorize`, linuxdo_authorize_url: `${config.LINUXDO_OAUTH_URL}/oauth2/authorize` };
}

/** Public calls: status, notice, about, home page content. */
export function registerStatusRoutes(app: FastifyInstance, { deps }: ApiContext<StatusDeps>): void {
  route(app, 'GET', '/status', null, async () =>
    ok({ ...serverStatus(deps.options), oidc_authorization_endpoint: await oidcAuthorizationEndpoint(deps.options), ...signInPages(deps.config) } satisfies ServerStatus),
  );
  route(app, 'GET', '/notice', null, async () => ok(deps.options.string('Notice')));
  route(app, 'GET', '/about', null, async () => ok(deps.options.string('About')));
  route(app, 'GET', '/home_page_content', null, async () => ok(deps.options.string('HomePageContent')));
}
