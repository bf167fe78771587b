import { DEFAULT_LOCALE } from '../domain/constants';
import { StatusScreen } from '../ui/status-screen';
import { ThemeFallback } from '../ui/theme-provider';

export interface MaintenanceScreenProps {
  /** ISO time the maintenance starts (from the status file). */
  offlineFrom?: string | null;
  /** ISO time the maintenance is expected to end. */
  offlineUntil?: string | null;
}

const timeFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, { hour: 'numeric', minute: '2-digit' });

/** A local hour:minute ("9:00 AM"), or null for a missing or unreadable time. */
export function formatMaintenanceTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return timeFormat.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

function scheduleText(from: string | null, until: string | null): string {
  if (from && until) return `It is expected to start at ${from} and end at ${until}.`;
  if (until) return `It is expected to end at ${until}.`;
  if (from) return `It is expected to start at ${from}.`;
  return 'It will be back as soon as possible.';
}

/** Replaces the whole portal while the status file says it is offline (works without any provider). */
export function MaintenanceScreen({ offlineFrom, offlineUntil }: MaintenanceScreenProps) {
  const from = formatMaintenanceTime(offlineFrom);
  const until = formatMaintenanceTime(offlineUntil);
  return (
    <ThemeFallback>
      <StatusScreen title="Scheduled maintenance">
        <p>The portal is undergoing scheduled maintenance.</p>
        <p>{scheduleText(from, until)}</p>
        <p>Thank you for your patience. Please try again later.</p>
      </StatusScreen>
    </ThemeFallback>
  );
}

export default MaintenanceScreen;
