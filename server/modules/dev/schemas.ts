import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, Paged, PagingQuery } from '../../schemas/common';

/** A mail kept in the outbox: its text with every sign-up and reset token redacted. */
export const MailSchema = Type.Object(
  {
    id: Type.Integer(),
    to: Type.String(),
    subject: Type.String(),
    text: Type.String({ description: 'The mail, with sign-up and reset tokens shown as [redacted]' }),
    state: Type.Union([Type.Literal('printed'), Type.Literal('sent'), Type.Literal('failed')], {
      description:
        "printed: console-mail mode (SMTP_URL unset), shown only on the server's console; sent: handed to the SMTP server; failed: the SMTP server refused it",
    }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'Mail' },
);

export type MailOut = Static<typeof MailSchema>;

export const outboxListSchema = {
  operationId: 'dev_outbox_list',
  description:
    'Lists the mail the server kept in console-mail mode (no SMTP configured) for the admin’s own organization: recipient, subject, time and state. Sign-up and reset tokens are redacted, so no link found here works.',
  tags: ['dev'],
  summary: "The mail of the admin's organization, newest first, with sign-up and reset tokens redacted",
  querystring: Type.Object(PagingQuery),
  response: { 200: Paged(MailSchema), ...authenticatedErrors() },
};
