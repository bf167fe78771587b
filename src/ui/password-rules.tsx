import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';

const RulesList = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.palette.text.secondary};
  li + li {
    margin-top: 2px;
  }
`;

export interface PasswordRulesProps {
  /** The rule texts (password_texts_list); empty or missing shows nothing. */
  rules: readonly string[] | null | undefined;
  id?: string;
  title?: string;
}

/** The list of password-rule texts served by the API. */
export function PasswordRules({ rules, id, title = 'Your password must follow these rules:' }: PasswordRulesProps) {
  if (!rules || rules.length === 0) return null;
  return (
    <div id={id}>
      <p css={{ margin: '0 0 4px', fontSize: '0.875rem', fontWeight: 600 }}>{title}</p>
      <RulesList>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </RulesList>
    </div>
  );
}

/**
 * Loads the password-rule texts once: `usePasswordRules(() => api.password_texts_list())`.
 * A failure is ignored (spec 8): the list stays empty.
 */
export function usePasswordRules(load: () => Promise<unknown>): string[] {
  const [rules, setRules] = useState<string[]>([]);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let active = true;
    Promise.resolve()
      .then(() => loadRef.current())
      .then((answer) => {
        if (active && Array.isArray(answer))
          setRules(answer.filter((text): text is string => typeof text === 'string'));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return rules;
}
