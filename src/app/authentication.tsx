import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import type { SessionAnswer, User } from '../api/types';
import type { Credentials, SessionActorRef } from '../machines/session-machine';
import { selectSessionRef, useAppActor } from './app-actor';

export interface Authentication {
  user: User | null;
  /** Rejects with the API error (an axios error whose `response.data` is `{ detail, code, fields? }`). */
  login(credentials: Credentials): Promise<void>;
  /** Starts the session from a sign-up answer. */
  startSession(answer: SessionAnswer): void;
  logout(): Promise<void>;
  updateUser(user: User): void;
}

type SessionSnapshot = ReturnType<SessionActorRef['getSnapshot']>;

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
export const selectIsSignedIn = (snapshot: SessionSnapshot) => snapshot.matches('signedIn');

const SessionActorContext = createContext<SessionActorRef | null>(null);

/**
 * Provides the session actor spawned by the app actor (inside <AppActorProvider>), or `actor` when given
 * (tests: `createActor(sessionMachine.provide({...})).start()`).
 */
export function AuthenticationProvider({ actor, children }: { actor?: SessionActorRef; children?: ReactNode }) {
  if (actor) return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
  return <AppSessionProvider>{children}</AppSessionProvider>;
}

function AppSessionProvider({ children }: { children?: ReactNode }) {
  const session = useSelector(useAppActor(), selectSessionRef) ?? null;
  if (!session) return null;
  return <SessionActorContext.Provider value={session}>{children}</SessionActorContext.Provider>;
}

/** The session actor itself, for components that decide from `snapshot.matches` or tags. */
export function useSessionActor(): SessionActorRef {
  const session = useContext(SessionActorContext);
  if (!session) throw new Error('useAuthentication must be used within a AuthenticationProvider.');
  return session;
}

/** The session actor when inside an <AuthenticationProvider>, else null. */
export function useOptionalSessionActor(): SessionActorRef | null {
  return useContext(SessionActorContext);
}

export function useAuthentication(): Authentication {
  const session = useSessionActor();
  const user = useSelector(session, selectUser);
  const actions = useMemo(
    () => ({
      async login(credentials: Credentials) {
        session.send({ type: 'session.login', email: credentials.email, password: credentials.password });
        const settled = await waitFor(session, (snapshot) => !snapshot.matches('loggingIn'));
        if (!settled.matches('signedIn')) throw settled.context.loginError ?? new Error('Login failed.');
      },
      startSession(answer: SessionAnswer) {
        session.send({ type: 'session.start', access: answer.access, refresh: answer.refresh, user: answer.user });
      },
      async logout() {
        session.send({ type: 'session.logout' });
        await waitFor(session, (snapshot) => snapshot.matches('signedOut'));
      },
      updateUser(next: User) {
        session.send({ type: 'session.updateUser', user: next });
      },
    }),
    [session],
  );
  return useMemo(() => ({ user, ...actions }), [user, actions]);
}
