import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { outbox } from '../../db/schema';
import { redactLinkTokens } from '../auth/password-tokens';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The organization the mail belongs to (null for the master's own mails, which no admin's /dev shows). */
  organizationId: number | null;
}

export type MailState = 'printed' | 'sent' | 'failed';

export interface MailService {
  /**
   * With SMTP_URL, over SMTP (no link is ever logged). Without it (console-mail mode), printed whole on the
   * server's own console. Either way kept in the outbox with its sign-up and reset tokens redacted (/dev).
   */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** The operator's terminal (console-mail mode): the only place a link of an unsent mail goes. */
export type ConsolePrinter = (mail: Mail) => void;

const printToStdout: ConsolePrinter = (mail) => {
  process.stdout.write(consoleMail(mail));
};

/** How a mail is printed in console-mail mode. */
export function consoleMail(mail: Mail): string {
  return `\n--- mail (not sent: SMTP_URL is unset) ---\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n--- end of mail ---\n`;
}

export function createMailService(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  print?: ConsolePrinter;
}): MailService {
  const { config, db, log, now } = deps;
  const print = deps.print ?? printToStdout;
  let transport: Promise<Transporter> | null = null;
  const smtp = () => {
    // nodemailer loads only when the first mail goes out over SMTP (keeps start-up fast)
    transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(config.smtpUrl!));
    return transport;
  };
  const keep = (mail: Mail, state: MailState) =>
    db.insert(outbox).values({
      organizationId: mail.organizationId,
      to: mail.to,
      subject: mail.subject,
      text: redactLinkTokens(mail.text),
      state,
      createdAt: now(),
    });
  const deliver = async (mail: Mail) => {
    if (!config.smtpUrl) {
      print(mail);
      await keep(mail, 'printed');
      return;
    }
    try {
      await (await smtp()).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      // the SMTP server's answer only: never the mail's text, which may hold a link
      log.error(
        { to: mail.to, subject: mail.subject, reason: error instanceof Error ? error.message : String(error) },
        'mail not sent',
      );
      await keep(mail, 'failed');
      throw error;
    }
    log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    await keep(mail, 'sent');
  };
  // Mails still on their way (a caller may send without awaiting); closing waits for them.
  const pending = new Set<Promise<void>>();
  return {
    send(mail) {
      const sending = deliver(mail);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending)).catch(() => undefined);
      return sending;
    },
    async close() {
      await Promise.allSettled([...pending]);
      if (transport) (await transport).close();
    },
  };
}
