import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubNav, ToggleGroup } from './tab-strip';
import { renderWithTheme, seriousAxeViolations } from './test-utils';

const TABS = ['Details', 'Documents', 'Notes', 'Onboarding', 'Schedule', 'Payroll'];

describe('the tab strips', () => {
  it('SubNav: a named navigation of links, the current one marked, every tab in one wrapping list', async () => {
    const { container } = renderWithTheme(
      <SubNav
        label="Employee sections"
        items={TABS.map((label) => ({ to: `/employees/4/${label.toLowerCase()}`, label }))}
      />,
      { route: '/employees/4/notes' },
    );
    const nav = screen.getByRole('navigation', { name: 'Employee sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(TABS);
    expect(within(nav).getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.getAttribute('aria-current'))).toHaveLength(1);
    // the row wraps rather than scrolling tabs out of sight
    expect(getComputedStyle(within(nav).getByRole('list')).flexWrap).toBe('wrap');
    expect(getComputedStyle(nav).overflowX).not.toBe('auto');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('ToggleGroup: pressed buttons in a named group', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <ToggleGroup
        label="Week by"
        value="caregiver"
        options={[
          { value: 'caregiver', label: 'Caregiver' },
          { value: 'client', label: 'Client' },
        ]}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', { name: 'Week by' });
    expect(within(group).getByRole('button', { name: 'Caregiver' })).toHaveAttribute('aria-pressed', 'true');
    expect(getComputedStyle(within(group).getByRole('list')).flexWrap).toBe('wrap');
    await userEvent.click(within(group).getByRole('button', { name: 'Client' }));
    expect(onChange).toHaveBeenCalledWith('client');
  });
});
