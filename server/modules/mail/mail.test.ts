import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { testApp, type Caller, type TestApi } from '../../test-client';

/** A message as it reached the SMTP server: its envelope and its text (quoted-printable undone). */
interface Received {
  to: string[];
  raw: string;
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const soft = body.replace(/=\r?\n/g, '');
  return /Content-Transfer-Encoding: quoted-printable/i.test(raw)
    ? soft.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : soft;
}

/** A real SMTP server on a free port (smtp-server, from the nodemailer project). */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const LINK = /\/(sign-up|reset-password)\/([^/\s]+)\/([^/\s]+)\/([^/\s]+)/;

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApi;
  const log: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await testApp({ config: { smtpUrl: smtp.url }, logTo: log });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const waitForMessage = async (to: string) => {
    for (let i = 0; i < 100; i++) {
      const found = smtp.received.find((m) => m.to.includes(to));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no message to ${to} reached the SMTP server`);
  };

  /** The admin invites a client: the sign-up mail goes out by SMTP. */
  const inviteClient = (admin: Caller, email: string, first_name: string, last_name: string) =>
    admin.post('/api/users/', { email, first_name, last_name, role: 'ROLE_CLIENT' });

  it('delivers the reset and sign-up links to the recipient only; no log line ever holds a token, also when the link is used', async () => {
    const admin = await t.as('admin@sunrise.example');
    expect(
      (await t.anonymous.in('sunrise').post('/api/auth/password/reset/', { email: 'aide@sunrise.example' })).statusCode,
    ).toBe(204);
    const invited = await inviteClient(admin, 'smtp.invite@example.com', 'Sam', 'Tern');
    expect(invited.statusCode).toBe(201);

    const reset = LINK.exec((await waitForMessage('aide@sunrise.example')).text)!;
    const signUp = LINK.exec((await waitForMessage('smtp.invite@example.com')).text)!;
    expect(reset[1]).toBe('reset-password');
    expect(signUp[1]).toBe('sign-up');
    // nothing went to the console of console-mail mode
    expect(t.delivered()).toEqual([]);

    // the recipients follow their links: the page, then the confirmation
    for (const link of [reset, signUp]) {
      await t.anonymous.get(link[0], { accept: 'text/html' });
    }
    const done = await t.anonymous.in('sunrise').post('/api/auth/password/reset/confirm/', {
      uid: reset[2],
      token: reset[3],
      new_password: 'Copper-Willow-Harbor-2291',
    });
    expect(done.statusCode).toBe(204);
    const signedUp = await t.anonymous
      .in('sunrise')
      .post('/api/auth/sign-up/confirm/', { uid: signUp[2], token: signUp[3], password: 'Copper-Willow-Harbor-2291' });
    expect(signedUp.statusCode).toBe(200);

    expect(log.length).toBeGreaterThan(5); // the request lines are there
    expect(log.some((line) => line.includes('mail sent'))).toBe(true);
    for (const token of [reset[3], signUp[3]]) {
      expect(log.filter((line) => line.includes(token))).toEqual([]);
    }

    // the outbox keeps them as sent, without their tokens
    const kept = await t.mails();
    for (const [link, to] of [
      [reset, 'aide@sunrise.example'],
      [signUp, 'smtp.invite@example.com'],
    ] as const) {
      const row = kept.find((m) => m.to === to)!;
      expect(row.state).toBe('sent');
      expect(row.text).toContain(`/${link[1]}/${link[2]}/[redacted]/${link[4]}`);
      expect(row.text).not.toContain(link[3]);
    }
  });

  it('keeps a mail the SMTP server refuses as failed, and logs why without its text', async () => {
    const admin = await t.as('admin@sunrise.example');
    await smtp.close();
    const invited = await inviteClient(admin, 'smtp.down@example.com', 'Dana', 'Down');
    expect(invited.statusCode).toBe(502);
    const [row] = (await t.mails()).filter((m) => m.to === 'smtp.down@example.com');
    expect(row.state).toBe('failed');
    const failure = log.filter((line) => line.includes('smtp.down@example.com'));
    expect(failure.length).toBeGreaterThan(0);
    expect(failure.filter((line) => /sign-up\/[^/\s]+\/[0-9a-z]+-/.test(line))).toEqual([]);
  });
});

describe('mail in console-mail mode (no SMTP_URL)', () => {
  let t: TestApi;
  const log: string[] = [];

  beforeAll(async () => {
    t = await testApp({ logTo: log });
  });
  afterAll(async () => t?.close());

  it("prints the mail whole on the server's console only: the log and the outbox hold no token", async () => {
    const asked = await t.anonymous.post('/api/auth/password/reset/', { email: 'nurse@sunrise.example' });
    expect(asked.statusCode).toBe(204);
    const mail = await t.waitForMail('nurse@sunrise.example');
    const [, , , token] = LINK.exec(mail.text)!;
    expect(log.filter((line) => line.includes(token))).toEqual([]);
    const [row] = (await t.mails()).filter((m) => m.to === 'nurse@sunrise.example');
    expect(row).toMatchObject({ state: 'printed', subject: mail.subject });
    expect(row.text).not.toContain(token);
  });
});
