import styled from '@emotion/styled';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(2)};
  background: rgba(17, 24, 39, 0.45);
  overflow-y: auto;
`;

const Panel = styled.div<{ wide?: boolean }>`
  width: 100%;
  max-width: ${({ wide }) => (wide ? '560px' : '440px')};
  max-height: calc(100dvh - 32px);
  overflow-y: auto;
  padding: ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.palette.background.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing(1)};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
`;

/** The right-aligned button row at the bottom of a dialog. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], canvas[tabindex]';

export interface DialogProps {
  title: string;
  /** alertdialog for confirmations, dialog for a form. */
  role?: 'dialog' | 'alertdialog';
  /** Closes the dialog (Escape). */
  onClose: () => void;
  /** Ids of the element that describes the dialog. */
  describedBy?: string;
  wide?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog: focus starts on the first element marked `data-autofocus` (else the first focusable one),
 * Escape closes, Tab stays inside, focus returns where it was on close.
 */
export function Dialog({ title, role = 'dialog', onClose, describedBy, wide, children }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const target =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop onKeyDown={onKeyDown}>
      <Panel
        ref={panelRef}
        wide={wide}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </Panel>
    </Backdrop>
  );
}

export interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (alertdialog): focus starts on Cancel, Escape cancels, Tab stays inside. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const textId = useId();
  return (
    <Dialog title={title} role="alertdialog" onClose={onCancel} describedBy={children ? textId : undefined}>
      {children ? <div id={textId}>{children}</div> : null}
      <DialogActions>
        <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Submitting' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
