import nodemailer from 'nodemailer';
import type { Options } from '../../ports/options.js';
import type { Mail, Mailer, MailResult } from '../../ports/mailer.js';

/** new-api's text when no SMTP server is set. */
export const SMTP_NOT_CONFIGURED = 'SMTP 服务器未配置';
const DEFAULT_SMTP_PORT = 587;
/** A slow or silent server must not hold a console call for minutes. */
const TIMEOUT_MS = 10_000;

/** The SMTP options as new-api reads them: SMTPFrom falls back to the account, port 465 is TLS from the start. */
function settingsOf(options: Options) {
  const account = options.string('SMTPAccount');
  return {
    host: options.string('SMTPServer'),
    port: options.number('SMTPPort') || DEFAULT_SMTP_PORT,
    account,
    token: options.string('SMTPToken'),
    from: options.string('SMTPFrom') || account,
    senderName: options.string('SystemName'),
  };
}

/**
 * Mail over SMTP with nodemailer. The settings are read at each send, so a change saved in the
 * console applies to the next mail without a restart.
 */
export function createSmtpMailer(options: Options): Mailer {
  return {
    async send(mail: Mail): Promise<MailResult> {
      const smtp = settingsOf(options);
      if (!smtp.host) return { ok: false, message: SMTP_NOT_CONFIGURED };
      const transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.account ? { user: smtp.account, pass: smtp.token } : undefined,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
      try {
        await transport.sendMail({ from: { name: smtp.senderName, address: smtp.from }, to: mail.to, subject: mail.subject, html: mail.html });
        return { ok: true };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      } finally {
        transport.close();
      }
    },
  };
}
