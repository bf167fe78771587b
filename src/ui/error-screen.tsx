import { Button, ButtonAnchor } from './button';
import { StatusScreen } from './status-screen';
import { ThemeFallback } from './theme-provider';

export const ERROR_SCREEN_TITLE = 'Error 500';
export const ERROR_SCREEN_TEXT = 'The link you clicked may be broken or the page may have been removed or renamed';
export const BACK_TO_SITE = 'Back to Site';

export interface ErrorScreenProps {
  /** Called by 'Back to Site' (e.g. reset the boundary and navigate to the role's home route). */
  onBack?: () => void;
  /** Where 'Back to Site' goes when no onBack is given (a plain link, reloads the page). Default "/". */
  href?: string;
  /** true (default): its own <main>; false when rendered inside a layout that has one. */
  landmark?: boolean;
}

/** The 'Error 500' screen for unexpected failures (works without a theme or router above it). */
export function ErrorScreen({ onBack, href = '/', landmark = true }: ErrorScreenProps) {
  return (
    <ThemeFallback>
      <StatusScreen
        title={ERROR_SCREEN_TITLE}
        landmark={landmark}
        actions={
          onBack ? (
            <Button onClick={onBack}>{BACK_TO_SITE}</Button>
          ) : (
            <ButtonAnchor href={href}>{BACK_TO_SITE}</ButtonAnchor>
          )
        }
      >
        <p>{ERROR_SCREEN_TEXT}</p>
      </StatusScreen>
    </ThemeFallback>
  );
}
