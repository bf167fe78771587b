import styled from '@emotion/styled';
import { useLocation } from 'react-router-dom';
import { Alert, type AlertTone } from '../ui/alert';

/**
 * A short message for the page a navigation lands on (why the person was sent there, or what just
 * succeeded), carried in the router's location state and shown above that page by the route table.
 * It belongs to that one history entry: the next navigation leaves it behind.
 */
export interface RouteNotice {
  tone: Extract<AlertTone, 'success' | 'info' | 'warning'>;
  text: string;
}

/** The location state that carries `notice` (pass as `navigate(to, { state })` or `<Navigate state>`). */
export const routeNoticeState = (notice: RouteNotice) => ({ routeNotice: notice });

export function routeNoticeOf(state: unknown): RouteNotice | null {
  const notice = (state as { routeNotice?: Partial<RouteNotice> } | null)?.routeNotice;
  return notice && typeof notice.text === 'string' && notice.tone ? (notice as RouteNotice) : null;
}

const NoticeRow = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(2)};
`;

/** The notice of the current location, if any. */
export function RouteNoticeAlert() {
  const notice = routeNoticeOf(useLocation().state);
  if (!notice) return null;
  return (
    <NoticeRow>
      <Alert tone={notice.tone}>{notice.text}</Alert>
    </NoticeRow>
  );
}
