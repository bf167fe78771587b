import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { Conversation, ConversationSummary, Message } from './messages-api';
import { apiFailure } from '../../app/testing/api-failures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { id: 1, first_name: 'Alice', last_name: 'Grant' });
const nurse = makeUser('ROLE_EMPLOYEE', { id: 2, first_name: 'Nora', last_name: 'Okafor' });
const ALICE = { id: 1, name: 'Alice Grant' };
const NORA = { id: 2, name: 'Nora Okafor' };

function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 7,
    kind: 'OFFICE',
    topic: 'SCHEDULE',
    subject: 'Thursday morning visits',
    other_party: NORA,
    last_message_at: '2026-03-02T14:00:00.000Z',
    last_message_id: 12,
    preview: 'Does that change the visit at Clara’s too?',
    unread: 2,
    created_at: '2026-03-01T14:00:00.000Z',
    ...overrides,
  };
}

function message(id: number, author: { id: number; name: string }, body: string): Message {
  return { id, conversation_id: 7, author, body, created_at: `2026-03-02T1${id % 10}:00:00.000Z`, read_by: [] };
}

const thread = [
  message(10, NORA, 'Could I start an hour later?'),
  message(11, ALICE, 'Yes, that works.'),
  message(12, NORA, 'Does that change the visit at Clara’s too?'),
];

function detail(marks: { user: { id: number; name: string }; last_read_message_id: number }[]): Conversation {
  return {
    ...summary(),
    employee: NORA,
    created_by: NORA,
    participants: [
      { ...ALICE, office: true },
      { ...NORA, office: false },
    ],
    read_marks: marks.map((mark) => ({ ...mark, read_at: '2026-03-02T15:00:00.000Z' })),
  };
}

function messagesApiStub(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  return stubApi({
    conversations_list: vi.fn(async () => page([summary()])),
    conversations_retrieve: vi.fn(async () =>
      detail([
        { user: NORA, last_read_message_id: 12 },
        { user: ALICE, last_read_message_id: 11 },
      ]),
    ),
    conversations_messages_list: vi.fn(async () => ({ results: thread, has_more: false })),
    conversations_read_create: vi.fn(async () => ({ conversation_id: 7, last_read_message_id: 12, unread: 0 })),
    conversations_messages_create: vi.fn(async (_params: unknown, body: { body: string }) =>
      message(13, ALICE, body.body),
    ),
    conversations_create: vi.fn(async () => detail([])),
    ...overrides,
  });
}

/** A stub's mock calls and implementation. */
const mocked = (fn: unknown) => fn as Mock;

/** A live event as the server's stream delivers it to the tab. */
function push(live: ReturnType<typeof renderApp>['live'], type: string, data: object) {
  act(() => live.emit(type, data));
}

describe('the messages page', () => {
  it("lists the office's conversations with their unread counts and has no accessibility violations", async () => {
    const api = messagesApiStub();
    const { container } = renderApp({ path: '/messages', user: admin, api });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const item = within(list).getByRole('link', { name: /Nora Okafor/ });
    expect(item).toHaveTextContent('Schedule: Thursday morning visits');
    expect(within(item).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(screen.getByText('Choose a conversation to read it, or start a new one.')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'PAY');
    await waitForLastCall(api.conversations_list, { limit: 20, offset: 0, topic: 'PAY' });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'unread');
    await waitForLastCall(api.conversations_list, { limit: 20, offset: 0, topic: 'PAY', unread: true });
  });

  it('shows a conversation with each author, time and who has read it, and marks it read up to the last message', async () => {
    const api = messagesApiStub();
    renderApp({ path: '/messages/7', user: admin, api });
    const messages = await screen.findByRole('list', { name: 'Messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Nora Okafor · .*Could I start an hour later\?Read by you$/),
      expect.stringMatching(/^You · .*Yes, that works\.Read by Nora Okafor$/),
      expect.stringMatching(/^Nora Okafor · .*Does that change the visit at Clara’s too\?$/),
    ]);
    expect(screen.getByRole('heading', { name: 'Thursday morning visits' })).toBeInTheDocument();
    await waitFor(() => expect(api.conversations_read_create).toHaveBeenCalledWith({ id: 7 }, { message_id: 12 }));
    // the list hears of it: its unread counts are loaded again
    await waitFor(() => expect(mocked(api.conversations_list).mock.calls.length).toBeGreaterThan(1));
  });

  it('leaves what arrives in a tab in the background unread until the tab is looked at', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const api = messagesApiStub();
    const { container } = renderApp({ path: '/messages/7', user: admin, api });
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Yes, that works.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.conversations_read_create).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(api.conversations_read_create).toHaveBeenCalledWith({ id: 7 }, { message_id: 12 }));
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('appends a message pushed live to the open conversation, loading only what came after the last one shown, never twice', async () => {
    const api = messagesApiStub();
    const { live } = renderApp({ path: '/messages/7', user: admin, api });
    await screen.findByText('Could I start an hour later?');
    const fresh = message(14, NORA, 'Also on Friday?');
    mocked(api.conversations_messages_list).mockImplementation(async () => ({ results: [fresh], has_more: false }));
    push(live, 'message.created', { conversation_id: 7, message_id: 14 });
    expect(await screen.findByText('Also on Friday?')).toBeInTheDocument();
    expect(api.conversations_messages_list).toHaveBeenLastCalledWith({ id: 7, limit: 200, after: 12 });
    // the same event again (a replay after a reconnect): the same answer shows once
    push(live, 'message.created', { conversation_id: 7, message_id: 14 });
    await waitForLastCall(api.conversations_messages_list, { id: 7, limit: 200, after: 14 });
    expect(screen.getAllByText('Also on Friday?')).toHaveLength(1);
    // another conversation's message: the open one loads nothing
    const calls = mocked(api.conversations_messages_list).mock.calls.length;
    push(live, 'message.created', { conversation_id: 8, message_id: 15 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mocked(api.conversations_messages_list).mock.calls.length).toBe(calls);
  });

  it('says when what came could not be loaded (offline), and stops saying it once a later catch-up loads it', async () => {
    const api = messagesApiStub();
    const { live } = renderApp({ path: '/messages/7', user: admin, api });
    await screen.findByText('Could I start an hour later?');
    mocked(api.conversations_messages_list).mockImplementation(async () =>
      Promise.reject({ isAxiosError: true, message: 'Network Error' }),
    );
    push(live, 'message.created', { conversation_id: 7, message_id: 14 });
    expect(
      await screen.findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    const fresh = message(14, NORA, 'Also on Friday?');
    mocked(api.conversations_messages_list).mockImplementation(async () => ({ results: [fresh], has_more: false }));
    push(live, 'message.created', { conversation_id: 7, message_id: 14 });
    expect(await screen.findByText('Also on Friday?')).toBeInTheDocument();
    expect(
      screen.queryByText('Could not reach the server. Check your connection and try again.'),
    ).not.toBeInTheDocument();
  });

  it('loads a message that committed after a later one (its id is lower than the last shown) and shows each once', async () => {
    const api = messagesApiStub();
    const { live } = renderApp({ path: '/messages/7', user: admin, api });
    await screen.findByText('Could I start an hour later?');
    const later = message(15, NORA, 'And Saturday?');
    const earlier = message(14, ALICE, 'Let me check.');
    // 15 committed first: its event loads what came after 12 (14 not yet visible)
    mocked(api.conversations_messages_list).mockImplementation(async () => ({ results: [later], has_more: false }));
    push(live, 'message.created', { conversation_id: 7, message_id: 15 });
    expect(await screen.findByText('And Saturday?')).toBeInTheDocument();
    // then 14 commits: loaded from just before it, not from 15
    mocked(api.conversations_messages_list).mockImplementation(async () => ({
      results: [earlier, later],
      has_more: false,
    }));
    push(live, 'message.created', { conversation_id: 7, message_id: 14 });
    expect(await screen.findByText('Let me check.')).toBeInTheDocument();
    expect(api.conversations_messages_list).toHaveBeenLastCalledWith({ id: 7, limit: 200, after: 13 });
    expect(screen.getAllByText('And Saturday?')).toHaveLength(1);
    const items = within(screen.getByRole('list', { name: 'Messages' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items.findIndex((text) => text?.includes('Let me check.'))).toBeLessThan(
      items.findIndex((text) => text?.includes('And Saturday?')),
    );
  });

  it("reloads the list's order and unread counts when a message arrives anywhere", async () => {
    const api = messagesApiStub();
    const { live } = renderApp({ path: '/messages', user: admin, api });
    await screen.findByLabelText('2 unread');
    mocked(api.conversations_list).mockImplementation(async () => ({
      count: 1,
      next: null,
      previous: null,
      results: [summary({ unread: 3 })],
    }));
    push(live, 'message.created', { conversation_id: 7, message_id: 13 });
    expect(await screen.findByLabelText('3 unread')).toBeInTheDocument();
  });

  it('counts the unread conversations beside Messages in the menu, moving as messages arrive', async () => {
    let unread = 1;
    const api = messagesApiStub({
      conversations_list: vi.fn(async (params: { unread?: boolean }) =>
        params.unread ? page([], unread) : page([summary({ unread })]),
      ),
    });
    const { live } = renderApp({ path: '/messages', user: admin, api });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByLabelText('1 unread conversation')).toBeInTheDocument();
    unread = 2;
    push(live, 'message.created', { conversation_id: 8, message_id: 20 });
    expect(await within(nav).findByLabelText('2 unread conversations')).toBeInTheDocument();
  });

  it('shows read marks as they move: conversation.read reloads who has read what', async () => {
    const api = messagesApiStub();
    const { live } = renderApp({ path: '/messages/7', user: nurse, api });
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText(
      'Does that change the visit at Clara’s too?',
    );
    expect(screen.getAllByText('Read by Alice Grant')).toHaveLength(1); // her first message; not yet her last
    expect(screen.getByText('Not read yet')).toBeInTheDocument();
    mocked(api.conversations_retrieve).mockImplementation(async () =>
      detail([
        { user: NORA, last_read_message_id: 12 },
        { user: ALICE, last_read_message_id: 12 },
      ]),
    );
    push(live, 'conversation.read', { conversation_id: 7, user_id: 1, last_read_message_id: 12 });
    await waitFor(() => expect(screen.getAllByText('Read by Alice Grant')).toHaveLength(2));
    expect(screen.queryByText('Not read yet')).toBeNull();
  });

  it("says so when the conversation is not one of one's own", async () => {
    const notFound = apiFailure(404, 'Not found.', { code: 'not_found' });
    const api = messagesApiStub({ conversations_retrieve: vi.fn(async () => Promise.reject(notFound)) });
    renderApp({ path: '/messages/99', user: nurse, api });
    expect(await screen.findByText('There is no such conversation among yours.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All conversations' })).toHaveAttribute('href', '/messages');
  });

  it('sends a message from the composer and shows it once', async () => {
    const api = messagesApiStub();
    renderApp({ path: '/messages/7', user: admin, api });
    await screen.findByText('Could I start an hour later?');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your message'), '  Yes, it moves to 11:00.  ');
    await userEvent.click(send);
    await waitFor(() =>
      expect(api.conversations_messages_create).toHaveBeenCalledWith({ id: 7 }, { body: 'Yes, it moves to 11:00.' }),
    );
    expect(await screen.findByText('Yes, it moves to 11:00.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('lets an employee start a conversation with the office on a topic', async () => {
    const api = messagesApiStub({ conversations_create: vi.fn(async () => ({ ...detail([]), id: 9 })) });
    renderApp({ path: '/messages/new', user: nurse, api });
    const form = await screen.findByRole('form', { name: 'New conversation' });
    expect(within(form).queryByLabelText('Write to')).toBeNull();
    const send = within(form).getByRole('button', { name: 'Send' });
    await userEvent.type(within(form).getByLabelText('Subject'), 'Friday');
    await userEvent.type(within(form).getByLabelText('Message'), 'Can I swap Friday?');
    expect(send).toBeDisabled(); // no topic yet
    await userEvent.selectOptions(within(form).getByLabelText('Topic'), 'SCHEDULE');
    await userEvent.click(send);
    await waitFor(() =>
      expect(api.conversations_create).toHaveBeenCalledWith(null, {
        topic: 'SCHEDULE',
        subject: 'Friday',
        body: 'Can I swap Friday?',
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/messages/9'));
  });

  it('lets the office write to an employee found by name', async () => {
    const api = messagesApiStub({
      employees_list: vi.fn(async (params: { search?: string }) => ({
        count: 1,
        next: null,
        previous: null,
        results:
          params.search === 'nor'
            ? [{ id: 2, first_name: 'Nora', last_name: 'Okafor', email: 'nurse@sunrise.example' }]
            : [],
      })),
    });
    renderApp({ path: '/messages/new', user: admin, api });
    const form = await screen.findByRole('form', { name: 'New conversation' });
    await userEvent.type(within(form).getByLabelText('Find the employee'), 'nor');
    await waitForLastCall(api.employees_list, { limit: 20, offset: 0, status: 'READY', search: 'nor' });
    await waitFor(() => expect(within(form).getByLabelText('Employee')).toHaveValue('2'));
    await userEvent.type(within(form).getByLabelText('Subject'), 'CPR card');
    await userEvent.type(within(form).getByLabelText('Message'), 'Please upload it.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.conversations_create).toHaveBeenCalledWith(null, {
        topic: 'OTHER',
        subject: 'CPR card',
        body: 'Please upload it.',
        employee_id: 2,
      }),
    );
  });
});
