import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';

/** A mail as the mock server received it over SMTP, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  /** The account the client authenticated as. */
  user: string;
}

export interface MockSmtp {
  port: number;
  mails: ReceivedMail[];
  /** The options that point Tollgate at this server with its account. */
  options: Record<string, string>;
  /** Resolves with the next mail (or the first not yet taken). */
  nextMail(): Promise<ReceivedMail>;
}

const ACCOUNT = 'mailer@tollgate.test';
const PASSWORD = 'smtp-secret';

/**
 * A real SMTP server on a loopback port (the `smtp-server` package): plain text, AUTH PLAIN/LOGIN
 * with one account, every accepted message parsed and kept. Closed when the test finishes.
 */
export async function startMockSmtp(): Promise<MockSmtp> {
  const mails: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === ACCOUNT && auth.password === PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            user: String(session.user ?? ''),
          };
          mails.push(mail);
          waiting.shift()?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    options: { SMTPServer: '127.0.0.1', SMTPPort: String(port), SMTPAccount: ACCOUNT, SMTPToken: PASSWORD, SMTPFrom: 'noreply@tollgate.test' },
    nextMail() {
      const ready = mails[taken];
      taken += 1;
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
