import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrandBox } from './brand-box';
import { EmptyState } from './empty-state';
import { ErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found-screen';
import { PageHeader } from './page-header';
import { PasswordRules } from './password-rules';
import { renderWithTheme, seriousAxeViolations } from './test-utils';

describe('ErrorScreen', () => {
  it("shows 'Error 500', the text and a 'Back to Site' button calling onBack, even without a theme", async () => {
    const onBack = vi.fn();
    render(<ErrorScreen onBack={onBack} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Error 500' })).toBeInTheDocument();
    expect(
      screen.getByText('The link you clicked may be broken or the page may have been removed or renamed'),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Site' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it("links 'Back to Site' to href when no onBack is given", () => {
    render(<ErrorScreen href="/work-schedule" />);
    expect(screen.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/work-schedule');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<ErrorScreen />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('NotFoundScreen', () => {
  it('public: says the page was not found and links to sign in', () => {
    renderWithTheme(<NotFoundScreen to="/login/sunrise" />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/sunrise');
  });

  it('public with no organization known: says to use the agency’s sign-in link, and has no link that could loop', () => {
    renderWithTheme(<NotFoundScreen />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('To sign in, use the sign-in link your agency gave you.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('private: renders inside the layout (no main) and links home', () => {
    renderWithTheme(<NotFoundScreen variant="private" to="/users" />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/users');
  });
});

describe('BrandBox', () => {
  it("shows the organization's name, the page heading and content in a main landmark", async () => {
    const { container } = renderWithTheme(
      <BrandBox title="Sign in" organizationName="Sunrise Home Care" footer={<a href="/x">Forgot password?</a>}>
        <p>Form</p>
      </BrandBox>,
      { style: { primary: { 500: '#0F766E' } } },
    );
    expect(screen.getByText('Sunrise Home Care')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByText('Form'));
    expect(screen.getByTestId('brand-logo')).toHaveTextContent('SH');
    expect(screen.getByTestId('brand-logo')).toHaveStyle({ background: '#0F766E' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('PageHeader and EmptyState', () => {
  it('render a heading, description and actions', () => {
    renderWithTheme(
      <>
        <PageHeader title="Users" description="Everyone in the organization" actions={<button>Invite user</button>} />
        <EmptyState title="No users yet" description="Invite the first one." />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.getByText('No users yet')).toBeInTheDocument();
  });
});

describe('PasswordRules', () => {
  it('lists the rule texts', () => {
    renderWithTheme(<PasswordRules rules={['At least 12 characters.', 'Not entirely numeric.']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'At least 12 characters.',
      'Not entirely numeric.',
    ]);
  });

  it('shows nothing without rules', () => {
    const { container } = renderWithTheme(<PasswordRules rules={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
