import { Type, type Static } from '@fastify/type-provider-typebox';
import { AUTHENTICATED_ERRORS, errorResponses, Paged, PagingQuery } from '../../schemas/common';

/** A mail kept in the outbox (no SMTP_URL). */
export const MailSchema = Type.Object(
  {
    id: Type.Integer(),
    to: Type.String(),
    subject: Type.String(),
    text: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'Mail' },
);

export type MailOut = Static<typeof MailSchema>;

export const outboxListSchema = {
  operationId: 'dev_outbox_list',
  tags: ['dev'],
  summary: "The mail outbox of the admin's organization, newest first (mails are kept there when SMTP_URL is unset)",
  querystring: Type.Object(PagingQuery),
  response: { 200: Paged(MailSchema), ...errorResponses(...AUTHENTICATED_ERRORS) },
};
