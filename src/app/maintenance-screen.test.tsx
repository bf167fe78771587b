import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../ui/test-utils';
import { MaintenanceScreen, formatMaintenanceTime } from './maintenance-screen';

const local = (hours: number, minutes: number) => new Date(2026, 0, 15, hours, minutes).toISOString();

describe('MaintenanceScreen', () => {
  it('says the portal is undergoing scheduled maintenance with the start and end as local hour:minute', async () => {
    const { container } = render(<MaintenanceScreen offlineFrom={local(9, 5)} offlineUntil={local(23, 30)} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Scheduled maintenance');
    expect(screen.getByText('The portal is undergoing scheduled maintenance.')).toBeInTheDocument();
    expect(screen.getByText('It is expected to start at 9:05 AM and end at 11:30 PM.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('formats hours and minutes only, in en-US', () => {
    expect(formatMaintenanceTime(local(0, 0))).toBe('12:00 AM');
    expect(formatMaintenanceTime(local(13, 7))).toBe('1:07 PM');
  });

  it('handles missing or unreadable times', () => {
    render(<MaintenanceScreen offlineUntil="not a date" />);
    expect(screen.getByText('It will be back as soon as possible.')).toBeInTheDocument();
  });

  it('shows only the end when the start is missing', () => {
    render(<MaintenanceScreen offlineUntil={local(18, 0)} />);
    expect(screen.getByText('It is expected to end at 6:00 PM.')).toBeInTheDocument();
  });
});
