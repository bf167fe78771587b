import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './fields';
import { LineIcon } from './line-icon';

const ToggleButton = styled.button`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.palette.text.secondary};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.palette.text.primary};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: -3px;
  }
`;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <LineIcon size={20}>
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <line x1="3" y1="3" x2="21" y2="21" /> : null}
    </LineIcon>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'adornment'>;

/** A Formik-connected password input with a 'Show password' / 'Hide password' toggle. */
export function PasswordField({ id, autoComplete = 'current-password', style, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const inputId = id ?? `password-${generated}`;
  const toggleLabel = visible ? 'Hide password' : 'Show password';
  return (
    <TextField
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      style={{ paddingRight: 48, ...style }}
      adornment={
        <ToggleButton
          type="button"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-controls={inputId}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </ToggleButton>
      }
    />
  );
}
