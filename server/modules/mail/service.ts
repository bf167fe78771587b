import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { outbox } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The organization the mail belongs to (null for the master's own mails). */
  organizationId: number | null;
}

export interface MailService {
  /** SMTP when SMTP_URL is set, else the outbox table (shown on /dev) and the server log. */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export function createMailService(deps: { config: Config; db: Db; log: FastifyBaseLogger; now: () => Date }): MailService {
  const { config, db, log, now } = deps;
  let transport: Promise<Transporter> | null = null;
  const smtp = () => {
    // nodemailer loads only when the first mail goes out over SMTP (keeps start-up fast)
    transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(config.smtpUrl!));
    return transport;
  };
  const deliver = async (mail: Mail) => {
    if (config.smtpUrl) {
      await (await smtp()).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    await db.insert(outbox).values({ organizationId: mail.organizationId, to: mail.to, subject: mail.subject, text: mail.text, createdAt: now() });
    log.info(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
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
