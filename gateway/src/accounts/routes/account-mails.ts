import type { Options } from '../../ports/options.js';
import type { Mail } from '../../ports/mailer.js';

/** How long a mailed verification code stays valid (new-api's VerificationValidMinutes). */
export const VERIFICATION_VALID_MINUTES = 10;
/** How long a password reset link stays valid. */
export const RESET_VALID_MINUTES = 15;

/** Mail bodies are HTML: anything a user typed (the email address in the link) is escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** new-api's verification mail, word for word. */
export function verificationMail(options: Options, to: string, code: string): Mail {
  const system = escapeHtml(options.string('SystemName'));
  return {
    to,
    subject: `${options.string('SystemName')}邮箱验证邮件`,
    html:
      `<p>您好，你正在进行${system}邮箱验证。</p>` +
      `<p>您的验证码为: <strong>${code}</strong></p>` +
      `<p>验证码 ${VERIFICATION_VALID_MINUTES} 分钟内有效，如果不是本人操作，请忽略。</p>`,
  };
}

/** The link the console's reset page reads `email` and `token` from. */
export function resetLink(options: Options, email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${options.string('ServerAddress').replace(/\/+$/, '')}/user/reset?${query.toString()}`;
}

/** new-api's password reset mail, word for word. */
export function passwordResetMail(options: Options, to: string, link: string): Mail {
  const system = escapeHtml(options.string('SystemName'));
  const href = escapeHtml(link);
  return {
    to,
    subject: `${options.string('SystemName')}密码重置`,
    html:
      `<p>您好，你正在进行${system}密码重置。</p>` +
      `<p>点击 <a href='${href}'>此处</a> 进行密码重置。</p>` +
      `<p>如果链接无法点击，请尝试点击下面的链接或将其复制到浏览器中打开：<br> ${href} </p>` +
      `<p>重置链接 ${RESET_VALID_MINUTES} 分钟内有效，如果不是本人操作，请忽略。</p>`,
  };
}
