/**
 * Demo messages (product.md, "Demo organizations": "a conversation between the nurse and the office"): in
 * Sunrise the nurse asks the office about her schedule, the admin answers, and her last message waits unread
 * for the office; in Harbor its nurse asks about pay. Runs after the visits seed (Harbor's nurse comes from it).
 */
import { and, eq } from 'drizzle-orm';
import type { Topic } from '#domain/messages';
import type { Tx } from '../connection';
import { clients, conversationReads, conversations, grievanceEvents, grievances, messages, users } from '../schema';
import { demoStaff, type DemoIds } from './demo';

interface DemoConversation {
  organization: 'sunrise' | 'harbor';
  employee: string;
  admin: string;
  topic: Topic;
  subject: string;
  /** Who wrote each message ('employee' or 'admin'), hours before now. */
  messages: { from: 'employee' | 'admin'; hoursAgo: number; body: string }[];
}

const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    organization: 'sunrise',
    employee: 'nurse@sunrise.example',
    admin: 'admin@sunrise.example',
    topic: 'SCHEDULE',
    subject: 'Thursday morning visits',
    messages: [
      {
        from: 'employee',
        hoursAgo: 26,
        body: 'Hi, could I start my Thursday visits an hour later? I have a dentist appointment at 8.',
      },
      {
        from: 'admin',
        hoursAgo: 25,
        body: 'Yes, that works. I will move the 8:00 visit with Mr. Nguyen to 9:00 and tell the family.',
      },
      { from: 'employee', hoursAgo: 2, body: 'Thank you! Does that change the visit at Clara Whitfield’s home too?' },
    ],
  },
  {
    organization: 'harbor',
    employee: 'tomas.reid@harbor.example',
    admin: 'admin@harbor.example',
    topic: 'PAY',
    subject: 'Mileage on my last pay period',
    messages: [
      {
        from: 'employee',
        hoursAgo: 5,
        body: 'My mileage for the clinic visit is missing from the last pay period. Could you check?',
      },
    ],
  },
];

async function userId(tx: Tx, ids: DemoIds, email: string): Promise<number> {
  if (ids.users[email]) return ids.users[email];
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

export async function seedDemoMessages(tx: Tx, ids: DemoIds, now: Date): Promise<void> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  for (const demo of DEMO_CONVERSATIONS) {
    const organizationId = ids.organizations[demo.organization];
    const employeeId = await userId(tx, ids, demo.employee);
    const adminId = await userId(tx, ids, demo.admin);
    const first = demo.messages[0];
    const last = demo.messages[demo.messages.length - 1];
    const [conversation] = await tx
      .insert(conversations)
      .values({
        organizationId,
        topic: demo.topic,
        subject: demo.subject,
        employeeId,
        createdById: employeeId,
        lastMessageAt: hoursAgo(last.hoursAgo),
        createdAt: hoursAgo(first.hoursAgo),
      })
      .returning({ id: conversations.id });
    // each side has read up to its own last message: what the other wrote after it is unread
    const lastRead: Record<number, number> = {};
    for (const message of demo.messages) {
      const authorId = message.from === 'employee' ? employeeId : adminId;
      const [row] = await tx
        .insert(messages)
        .values({
          organizationId,
          conversationId: conversation.id,
          authorId,
          body: message.body,
          createdAt: hoursAgo(message.hoursAgo),
        })
        .returning({ id: messages.id });
      lastRead[authorId] = Number(row.id);
      if (message.from === 'admin') lastRead[employeeId] = Number(row.id); // the employee read the answer
    }
    for (const [reader, messageId] of Object.entries(lastRead)) {
      await tx.insert(conversationReads).values({
        conversationId: conversation.id,
        userId: Number(reader),
        lastReadMessageId: messageId,
        readAt: hoursAgo(last.hoursAgo),
      });
    }
  }
}

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * The demo's grievances (product.md, "Demo organizations"): at Sunrise, Clara Whitfield's concern under
 * investigation with its trail (an internal note among its steps) and one the aide filed; at Harbor, a
 * daughter's call the office took by phone.
 */
export async function seedDemoGrievances(tx: Tx, ids: DemoIds, now: Date): Promise<void> {
  const { sunrise, harbor, sunriseAdmin, harborAdmin } = demoStaff(ids);
  const clientId = async (organizationId: number, lastName: string) =>
    (
      await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.organizationId, organizationId), eq(clients.lastName, lastName)))
        .limit(1)
    )[0].id;

  const file = async (
    values: typeof grievances.$inferInsert,
    steps: Omit<typeof grievanceEvents.$inferInsert, 'organizationId' | 'grievanceId'>[],
  ) => {
    const [row] = await tx.insert(grievances).values(values).returning({ id: grievances.id });
    await tx
      .insert(grievanceEvents)
      .values(steps.map((step) => ({ ...step, organizationId: values.organizationId, grievanceId: row.id })));
  };

  // Clara (client@sunrise.example) filed 3 days ago; the office is looking into it
  const clara = ids.users['client@sunrise.example'];
  await file(
    {
      organizationId: sunrise,
      clientId: await clientId(sunrise, 'Whitfield'),
      filedById: clara,
      complainantId: clara,
      complainantName: 'Clara Whitfield',
      channel: 'PORTAL',
      category: 'MISSED_VISIT',
      description: 'My Tuesday aide arrived an hour late twice this month and nobody called.',
      occurredOn: null,
      peopleInvolved: 'My Tuesday aide',
      desiredOutcome: 'A call when someone is running late.',
      state: 'INVESTIGATING',
      createdAt: hoursBefore(now, 72),
      updatedAt: hoursBefore(now, 46),
    },
    [
      { kind: 'FILED', toState: 'RECEIVED', byId: clara, at: hoursBefore(now, 72) },
      {
        kind: 'TRANSITION',
        fromState: 'RECEIVED',
        toState: 'INVESTIGATING',
        note: 'We are sorry. We are checking the visit times and will call you this week.',
        byId: sunriseAdmin,
        at: hoursBefore(now, 48),
      },
      {
        kind: 'NOTE',
        note: 'Clock-ins show 58 and 61 minutes late on two Tuesdays; talk with the aide and her scheduler.',
        internal: true,
        byId: sunriseAdmin,
        at: hoursBefore(now, 46),
      },
    ],
  );

  // the aide's own concern, filed through /grievances
  const aide = ids.users['aide@sunrise.example'];
  await file(
    {
      organizationId: sunrise,
      filedById: aide,
      complainantId: aide,
      complainantName: 'Ada Lindqvist',
      channel: 'PORTAL',
      category: 'SCHEDULE',
      description: 'My visits were moved to weekends without asking me, three weeks in a row.',
      peopleInvolved: 'The scheduler',
      desiredOutcome: 'Weekdays, as agreed when I was hired.',
      state: 'RECEIVED',
      createdAt: hoursBefore(now, 20),
      updatedAt: hoursBefore(now, 20),
    },
    [{ kind: 'FILED', toState: 'RECEIVED', byId: aide, at: hoursBefore(now, 20) }],
  );

  // Harbor: the office took the daughter's call
  await file(
    {
      organizationId: harbor,
      clientId: await clientId(harbor, 'Holloway'),
      filedById: harborAdmin,
      complainantName: 'June Holloway (daughter)',
      channel: 'PHONE',
      category: 'CARE',
      description: 'Daughter called: the dressing was not changed on Friday.',
      peopleInvolved: 'Friday nurse',
      desiredOutcome: 'Dressing changed as the plan says.',
      state: 'RECEIVED',
      createdAt: hoursBefore(now, 24),
      updatedAt: hoursBefore(now, 24),
    },
    [{ kind: 'FILED', toState: 'RECEIVED', note: 'Taken by phone.', byId: harborAdmin, at: hoursBefore(now, 24) }],
  );
}
