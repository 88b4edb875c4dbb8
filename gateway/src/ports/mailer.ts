/** One HTML mail to one recipient. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
}

/** A refused or failed delivery is expected (SMTP unset, server down): its message is shown to the user. */
export type MailResult = { ok: true } | { ok: false; message: string };

/** Sends the account mails (verification codes, password reset links). */
export interface Mailer {
  send(mail: Mail): Promise<MailResult>;
}
