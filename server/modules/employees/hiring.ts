import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { POSITIONS, type Position } from '#domain/labels';
import type { Tx } from '../../db/connection';
import { competencyTests, formRequests, formTemplates, testRequests } from '../../db/schema';
import type { RequestOrganization } from '../../types';
import { requireEmailFree } from '../../lib/user-record';
import { mailSignUpLink, type TokenUser } from '../auth/password-tokens';
import { assignRequiredDocuments, type HireAssignment } from '../documents/service';
import { notify } from '../notifications/service';
import { newQuestionOrder } from '../onboarding/onboarding-support';
import { insertInvitedUser } from '../users/service';

export interface NewEmployee {
  email: string;
  first_name: string;
  last_name: string;
  phone?: string | null;
  position: Position;
  applicationId?: number | null;
}

export interface AssignedItems {
  forms: number;
  documents: number;
  tests: number;
}

/**
 * What a new hire must complete: a form request for each active template assigned on hire, a document slot
 * for each active required document type of the position, and a test request for the active competency test
 * of the position (one naming the position first, else one for every position).
 */
export async function assignOnboardingItems(tx: Tx, hire: HireAssignment): Promise<AssignedItems> {
  const { organizationId, employeeId, position, requestedById, now } = hire;
  const templates = await tx
    .select({ id: formTemplates.id, required: formTemplates.required })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.organizationId, organizationId),
        eq(formTemplates.active, true),
        eq(formTemplates.assignOnHire, true),
      ),
    )
    .orderBy(asc(formTemplates.id));
  if (templates.length) {
    await tx.insert(formRequests).values(
      templates.map((t) => ({
        organizationId,
        templateId: t.id,
        employeeId,
        required: t.required,
        status: 'PENDING',
        requestedById,
        createdAt: now,
      })),
    );
  }
  const documents = await assignRequiredDocuments(tx, hire);
  const tests = await tx
    .select({ id: competencyTests.id, positions: competencyTests.positions, questions: competencyTests.questions })
    .from(competencyTests)
    .where(and(eq(competencyTests.organizationId, organizationId), eq(competencyTests.active, true)))
    .orderBy(asc(competencyTests.id));
  const test = tests.find((t) => t.positions.includes(position)) ?? tests.find((t) => t.positions.length === 0);
  if (test) {
    const questionOrder = newQuestionOrder(
      test.questions.map((question) => question.id),
      null,
    );
    await tx
      .insert(testRequests)
      .values({ organizationId, testId: test.id, employeeId, requestedById, questionOrder, createdAt: now });
  }
  return { forms: templates.length, documents, tests: test ? 1 : 0 };
}

/** The invitation mail: the sign-up link, valid PASSWORD_TOKEN_SECONDS; `log` is the request's, for a mail that fails. */
export function mailEmployeeInvitation(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  organization: RequestOrganization,
  user: TokenUser & { firstName: string },
  position: string,
): Promise<void> {
  const positionLabel = POSITIONS[position as Position] ?? position;
  return mailSignUpLink(app, log, organization, user, {
    subject: `Welcome to ${organization.name}: set up your Care Portal account`,
    text: (link, days) =>
      `Hello ${user.firstName || user.email},\n\n` +
      `${organization.name} has hired you as ${positionLabel}. To choose your password and start your onboarding ` +
      `(forms to sign, documents to upload and your competency test), open:\n\n${link}\n\n` +
      `The link works once and expires in ${days} days. If you did not expect this mail, ignore it.\n`,
    failure: 'The employee was created but the invitation mail could not be sent. Resend the invitation from Users.',
  });
}

/**
 * Creates the employee (NEW, no password yet) with the onboarding items, in the caller's transaction when
 * given one. The caller audits and mails (after commit).
 */
export async function createEmployee(
  tx: Tx,
  organization: RequestOrganization,
  input: NewEmployee,
  requestedById: number | null,
  now: Date,
): Promise<{ id: number; items: AssignedItems }> {
  const email = input.email.trim().toLowerCase();
  await requireEmailFree(tx, organization.id, email);
  const id = await insertInvitedUser(tx, organization, { ...input, email, role: 'ROLE_EMPLOYEE' }, now, {
    position: input.position,
    applicationId: input.applicationId ?? null,
  });
  const items = await assignOnboardingItems(tx, {
    organizationId: organization.id,
    employeeId: id,
    position: input.position,
    requestedById,
    now,
  });
  return { id, items };
}

/** In-app notice of the onboarding waiting for the new hire (the invitation mail already tells them). */
export async function notifyOnboardingAssigned(
  app: FastifyInstance,
  organization: RequestOrganization,
  employeeId: number,
  items: AssignedItems,
): Promise<void> {
  if (!items.forms && !items.documents && !items.tests) return;
  const parts = [
    items.forms ? `${items.forms} form${items.forms === 1 ? '' : 's'} to sign` : null,
    items.documents ? `${items.documents} document${items.documents === 1 ? '' : 's'} to upload` : null,
    items.tests ? 'a competency test' : null,
  ].filter(Boolean);
  await notify(
    app.db,
    {
      userId: employeeId,
      organizationId: organization.id,
      type: 'form_requested',
      title: 'Your onboarding is waiting',
      body: `${organization.name} needs: ${parts.join(', ')}.`,
      link: '/profile/incomplete-documents',
    },
    app.now(),
  );
}
