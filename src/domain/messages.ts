/**
 * Messages (product.md, "Talking to the office"), shared by the server and the app: the topics a caregiver
 * or nurse writes to the office about, and the limits of what one writes.
 */
export const TOPICS = {
  SCHEDULE: 'Schedule',
  PAY: 'Pay',
  ONBOARDING: 'Onboarding',
  OTHER: 'Other',
} as const;
export type Topic = keyof typeof TOPICS;

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5_000;
/** The characters of the last message a conversation list shows (the API's preview; never mailed). */
export const PREVIEW_LENGTH = 140;

/** The name the employee sees for the other side of an office conversation. */
export const OFFICE_NAME = 'Office';

/** "New message from Nina Reyes about schedule": what a notification says, never the message itself. */
export function messageNotificationTitle(authorName: string, topic: Topic): string {
  return `New message from ${authorName} about ${TOPICS[topic].toLowerCase()}`;
}
