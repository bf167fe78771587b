/**
 * Demo messages (product.md, "Demo organizations": "a conversation between the nurse and the office"): in
 * Sunrise the nurse asks the office about her schedule, the admin answers, and her last message waits unread
 * for the office; in Harbor its nurse asks about pay. Runs after the visits seed (Harbor's nurse comes from it).
 */
import { eq } from 'drizzle-orm';
import type { Topic } from '../../src/domain/messages';
import type { Tx } from '../lib/stored-files';
import type { DemoIds } from './seed';
import { conversationReads, conversations, messages, users } from './schema';

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
      { from: 'employee', hoursAgo: 26, body: 'Hi, could I start my Thursday visits an hour later? I have a dentist appointment at 8.' },
      { from: 'admin', hoursAgo: 25, body: 'Yes, that works. I will move the 8:00 visit with Mr. Nguyen to 9:00 and tell the family.' },
      { from: 'employee', hoursAgo: 2, body: 'Thank you! Does that change the visit at Clara Whitfield’s home too?' },
    ],
  },
  {
    organization: 'harbor',
    employee: 'tomas.reid@harbor.example',
    admin: 'admin@harbor.example',
    topic: 'PAY',
    subject: 'Mileage on my last pay period',
    messages: [{ from: 'employee', hoursAgo: 5, body: 'My mileage for the clinic visit is missing from the last pay period. Could you check?' }],
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
      .values({ organizationId, topic: demo.topic, subject: demo.subject, employeeId, createdById: employeeId, lastMessageAt: hoursAgo(last.hoursAgo), createdAt: hoursAgo(first.hoursAgo) })
      .returning({ id: conversations.id });
    // each side has read up to its own last message: what the other wrote after it is unread
    const lastRead: Record<number, number> = {};
    for (const message of demo.messages) {
      const authorId = message.from === 'employee' ? employeeId : adminId;
      const [row] = await tx
        .insert(messages)
        .values({ organizationId, conversationId: conversation.id, authorId, body: message.body, createdAt: hoursAgo(message.hoursAgo) })
        .returning({ id: messages.id });
      lastRead[authorId] = Number(row.id);
      if (message.from === 'admin') lastRead[employeeId] = Number(row.id); // the employee read the answer
    }
    for (const [reader, messageId] of Object.entries(lastRead)) {
      await tx.insert(conversationReads).values({ conversationId: conversation.id, userId: Number(reader), lastReadMessageId: messageId, readAt: hoursAgo(last.hoursAgo) });
    }
  }
}
