import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ROLE_LABELS } from '../domain/roles';
import { matchesPrefix } from '../domain/routes';
import { Button } from '../ui/button';
import { Select } from '../ui/fields';
import { useAuthentication } from './authentication';
import { navItemsFor } from './navigation';
import { useOrganization } from './organization';
import { fullName, homeRouteOf } from './session-user';
import { useSkillsChecksCount } from './skills-checks-count';
import { useUnreadNotificationCount } from './unread-notifications';
import { useLiveEventsFollow } from './live-events';
import { useUnreadConversationCount } from './unread-messages';
import { visuallyHidden } from '../ui/visually-hidden';
import { CountBadge } from '../ui/count-badge';
import { LineIcon } from '../ui/line-icon';

const MAIN_ID = 'main-content';

function MenuIcon() {
  return (
    <LineIcon size={20} strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  );
}

function BellIcon() {
  return (
    <LineIcon size={16}>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </LineIcon>
  );
}

const Shell = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  grid-template-rows: auto 1fr;
  grid-template-columns: 1fr;
  ${({ theme }) => theme.mq.up('md')} {
    grid-template-columns: 264px minmax(0, 1fr);
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: 20;
  padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.palette.background.surface};
  color: ${({ theme }) => theme.palette.text.primary};
  font-weight: 600;
  &:focus {
    top: 8px;
  }
`;

// The header and the navigation: on a desktop two cells of the shell's grid (this box gives way to them); on a
// phone the header's row, with the navigation laid over the page below it when the menu is open.
const Top = styled.div`
  display: contents;
  ${({ theme }) => theme.mq.down('md')} {
    display: block;
    position: relative;
    z-index: 30;
  }
`;

/** Under the open menu on a phone: dims the page, and a tap on it closes the menu. */
const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 25;
  background: rgba(0, 0, 0, 0.35);
  ${({ theme }) => theme.mq.up('md')} {
    display: none;
  }
`;

// One row at every width: the menu button, who and where, then the tools; long names wrap inside their box.
const Header = styled.header`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(1, 2)};
  min-height: 64px;
  ${({ theme }) => theme.mq.down('sm')} {
    gap: ${({ theme }) => theme.spacing(1)};
    padding: ${({ theme }) => theme.spacing(1, 1.5)};
  }
  background: ${({ theme }) => theme.palette.primary[500]};
  color: ${({ theme }) => theme.palette.onPrimary};
  a {
    color: inherit;
  }
  :focus-visible {
    outline-color: ${({ theme }) => theme.palette.onPrimary};
  }
`;

/** The organization (a link home) and, under it, the signed-in person. */
const Identity = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  line-height: 1.25;
  overflow-wrap: anywhere;
`;

const Brand = styled(Link)`
  padding-block: 2px; /* a 24 px target on one line */
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.lg};
  text-decoration: none;
  ${({ theme }) => theme.mq.down('sm')} {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const HeaderTools = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1, 2)};
  ${({ theme }) => theme.mq.down('sm')} {
    gap: ${({ theme }) => theme.spacing(1)};
  }
`;

const MenuButton = styled(Button)`
  flex: none;
  min-height: 44px;
  ${({ theme }) => theme.mq.up('md')} {
    display: none;
  }
  /* on a phone the three lines alone (the word stays for screen readers) */
  ${({ theme }) => theme.mq.down('sm')} {
    min-width: 44px;
    padding: 0;
    .label {
      ${visuallyHidden}
    }
  }
`;

// In the navigation, not the header: the header names only the current organization. A native select
// cannot wrap its text, so it gets the sidebar's whole width and a smaller font ('Harbor Home Health' whole).
const Switcher = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  padding: ${({ theme }) => theme.spacing(0, 0, 2)};
  select {
    width: 100%;
    font-size: ${({ theme }) => theme.font.size.sm};
    text-overflow: clip;
  }
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
  label {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
  }
`;

const Badge = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.palette.background.surface};
  color: ${({ theme }) => theme.palette.text.primary} !important;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  text-decoration: none;
`;

/** The unread count beside a menu item (Messages). */
const NavCount = styled(CountBadge)`
  margin-left: 8px;
  min-width: 22px;
  padding: 0 7px;
`;

const Who = styled.span`
  display: block;
  max-width: 100%;
  font-size: ${({ theme }) => theme.font.size.sm};
  /* the role is left out on a phone, the name stays */
  ${({ theme }) => theme.mq.down('sm')} {
    .role {
      display: none;
    }
  }
`;

const Nav = styled('nav', { shouldForwardProp: (prop) => prop !== 'open' })<{ open: boolean }>`
  background: ${({ theme }) => theme.palette.background.surface};
  border-right: 1px solid ${({ theme }) => theme.palette.border};
  padding: ${({ theme }) => theme.spacing(2, 1)};
  /* on a phone the open menu lies over the page (the page does not move), scrolling on its own when long */
  ${({ theme }) => theme.mq.down('md')} {
    display: ${({ open }) => (open ? 'block' : 'none')};
    position: absolute;
    top: 100%;
    left: 0;
    width: min(320px, 100%);
    max-height: calc(100vh - 64px);
    max-height: calc(100dvh - 64px);
    overflow-y: auto;
    border-right: 1px solid ${({ theme }) => theme.palette.border};
    border-bottom-right-radius: ${({ theme }) => theme.radii.lg};
    box-shadow: ${({ theme }) => theme.shadow.raised};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  a {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.palette.text.primary};
    text-decoration: none;
    font-weight: 500;
  }
  a:hover {
    background: ${({ theme }) => theme.palette.grey[100]};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.palette.primary[100]};
    color: ${({ theme }) => theme.palette.grey[900]};
    font-weight: 700;
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.palette.primaryText};
  }
`;

const Main = styled.main`
  min-width: 0;
  padding: ${({ theme }) => theme.spacing(3, 2)};
  ${({ theme }) => theme.mq.up('md')} {
    padding: ${({ theme }) => theme.spacing(4)};
  }
  &:focus {
    outline: none;
  }
`;

/** The signed-in shell: header (organization, switcher, unread count, sign out), navigation and main. */
export function DashboardLayout() {
  const { user, logout } = useAuthentication();
  const { organization, organizations, selectOrganization } = useOrganization();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const switcherId = useId();
  const canSeeNotifications = !!user?.permissions.includes('view-notifications');
  const unread = useUnreadNotificationCount(canSeeNotifications);
  useLiveEventsFollow(organization?.token);
  const canSeeMessages = !!user && navItemsFor(user).some((item) => item.to === '/messages');
  const unreadConversations = useUnreadConversationCount(canSeeMessages);
  const skillsChecks = useSkillsChecksCount(!!user && navItemsFor(user).some((item) => item.label === 'Skills checks'));

  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the open menu and gives the focus back to its button
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  if (!user) return null;
  const items = navItemsFor(user);
  const isMaster = user.role === 'ROLE_MASTER';
  const organizationName = organization?.name ?? user.organization?.name ?? 'Care Portal';
  const roleLabel = ROLE_LABELS[user.role as keyof typeof ROLE_LABELS];

  return (
    <Shell>
      <SkipLink href={`#${MAIN_ID}`}>Skip to main content</SkipLink>
      <Top>
        <Header>
          <MenuButton
            ref={menuButton}
            size="sm"
            variant="secondary"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
            <span className="label">Menu</span>
          </MenuButton>
          <Identity>
            <Brand to={homeRouteOf(user)}>{organizationName}</Brand>
            <Who>
              {fullName(user)}
              {roleLabel ? <span className="role"> · {roleLabel}</span> : null}
            </Who>
          </Identity>
          <HeaderTools>
            {canSeeNotifications && unread !== null ? (
              <Badge
                to="/notifications"
                aria-label={`${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`}
              >
                <BellIcon />
                <span aria-hidden="true">{unread}</span>
              </Badge>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => void logout()}>
              Sign out
            </Button>
          </HeaderTools>
        </Header>
        <Nav id={navId} aria-label="Main" open={menuOpen}>
          {isMaster && organizations.length > 0 ? (
            <Switcher>
              <label htmlFor={switcherId}>Organization</label>
              <Select
                id={switcherId}
                value={organization ? String(organization.id) : ''}
                onChange={(event) => {
                  const next = organizations.find((candidate) => String(candidate.id) === event.target.value);
                  if (next) selectOrganization(next);
                }}
              >
                {organization ? null : <option value="">Choose…</option>}
                {organizations.map((candidate) => (
                  <option key={candidate.id} value={String(candidate.id)}>
                    {candidate.name}
                  </option>
                ))}
              </Select>
            </Switcher>
          ) : null}
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                {/* an item is current on its pages, unless a more specific item is (Clients, not on /clients/schedule) */}
                <NavLink
                  to={item.to}
                  end={items.some((other) => other.to.startsWith(`${item.to}/`) && matchesPrefix(pathname, other.to))}
                >
                  {item.label}
                  {item.to === '/messages' && unreadConversations ? (
                    <NavCount
                      aria-label={`${unreadConversations} unread ${unreadConversations === 1 ? 'conversation' : 'conversations'}`}
                    >
                      {unreadConversations}
                    </NavCount>
                  ) : null}
                  {item.label === 'Skills checks' && skillsChecks ? (
                    <NavCount
                      aria-label={`${skillsChecks} ${skillsChecks === 1 ? 'skills check' : 'skills checks'} to observe`}
                    >
                      {skillsChecks}
                    </NavCount>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </Nav>
      </Top>
      {menuOpen ? <Backdrop aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
      <Main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </Main>
    </Shell>
  );
}

export default DashboardLayout;
