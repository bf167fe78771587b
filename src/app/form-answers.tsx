import styled from '@emotion/styled';
import { formatDate, type FormRequest, type FormTemplateField } from '../api/onboarding';

const Answers = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  margin: ${({ theme }) => theme.spacing(1.5, 0, 0)};
  ${({ theme }) => theme.mq.up('sm')} {
    grid-template-columns: minmax(140px, max-content) minmax(0, 1fr);
  }
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.spacing(1)};
    overflow-wrap: anywhere;
  }
`;

function answerText(field: FormTemplateField, value: unknown): string {
  if (field.type === 'checkbox') return value === true ? 'Yes' : 'No';
  if (field.type === 'date') return typeof value === 'string' && value ? formatDate(value) : '—';
  return value == null || value === '' ? '—' : String(value);
}

/** A signed form's answers, field by field (the employee's own view, and the office's before it countersigns). */
export function FormAnswers({ request }: { request: Pick<FormRequest, 'template' | 'answers'> }) {
  return (
    <Answers>
      {request.template.fields.map((field) => (
        <div key={field.key} css={{ display: 'contents' }}>
          <dt>{field.label}</dt>
          <dd>{answerText(field, request.answers?.[field.key])}</dd>
        </div>
      ))}
    </Answers>
  );
}
