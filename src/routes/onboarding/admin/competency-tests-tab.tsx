import { FieldArray, useFormikContext } from 'formik';
import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import type { DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { CheckboxField, FormStack, SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { NumberField, parseMaskedNumber } from '../../../ui/masked-input';
import { ALL_ROWS, type CompetencyTest } from '../../../api/hiring';
import type { RequestBody } from '../../../api/types';
import type { Position } from '../../../domain/labels';
import { RowActions } from '../../../ui/layout';
import { itemBox, ItemsEditor, newItemId, PositionsField, positionsText, SettingsEditorTab } from './settings-parts';

interface QuestionValues {
  id: string;
  text: string;
  choices: string[];
  /** The index of the correct choice, as text for the select. */
  answer: string;
  /** What it covers: a taker who got it wrong is told to review this (never the answer). */
  subject: string;
}

interface TestValues {
  name: string;
  description: string;
  pass_mark: string;
  questions: QuestionValues[];
  observed_skills: { id: string; label: string }[];
  positions: string[];
  active: boolean;
}

const schema = yup.object({
  name: yup.string().trim().required('Enter a name'),
  pass_mark: yup
    .string()
    .required('Enter the pass mark')
    .test('range', 'Enter a whole percent from 1 to 100', (value) => {
      const number = parseMaskedNumber(value);
      return number !== null && Number.isInteger(number) && number >= 1 && number <= 100;
    }),
  questions: yup
    .array()
    .of(
      yup.object({
        text: yup.string().trim().required('Enter the question'),
        choices: yup.array().of(yup.string().trim().required('Enter the choice')).min(2, 'Give at least two choices'),
        answer: yup.string().required('Choose the correct answer'),
      }),
    )
    .min(1, 'Add at least one question'),
  observed_skills: yup.array().of(yup.object({ label: yup.string().trim().required('Describe the skill') })),
});

function toValues(test: CompetencyTest | null): TestValues {
  return {
    name: test?.name ?? '',
    description: test?.description ?? '',
    pass_mark: test ? String(test.pass_mark) : '80',
    questions: (test?.questions ?? []).map((question) => ({
      ...question,
      answer: String(question.answer),
      subject: question.subject ?? '',
    })),
    observed_skills: test?.observed_skills ?? [],
    positions: test?.positions ?? [],
    active: test?.active ?? true,
  };
}

function toBody(values: TestValues): RequestBody<'competency_tests_create'> {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    pass_mark: parseMaskedNumber(values.pass_mark) ?? 0,
    questions: values.questions.map((question) => ({
      id: question.id,
      text: question.text.trim(),
      choices: question.choices.map((choice) => choice.trim()),
      answer: Number(question.answer),
      ...(question.subject.trim() ? { subject: question.subject.trim() } : {}),
    })),
    observed_skills: values.observed_skills.map((skill) => ({ id: skill.id, label: skill.label.trim() })),
    positions: values.positions as Position[],
    active: values.active,
  };
}

/** Competency tests: written questions with the correct answers, the pass mark, observed skills, positions. */
export function CompetencyTestsTab() {
  const api = useApiClient();
  const columns: DataTableColumn<CompetencyTest>[] = [
    { key: 'name', header: 'Name' },
    { key: 'questions', header: 'Questions', render: (row) => String(row.questions.length) },
    { key: 'pass_mark', header: 'Pass mark', render: (row) => `${row.pass_mark}%` },
    { key: 'observed_skills', header: 'Observed skills', render: (row) => String(row.observed_skills.length) },
    { key: 'positions', header: 'Positions', render: (row) => positionsText(row.positions) },
  ];
  return (
    <SettingsEditorTab
      load={() => api.competency_tests_list(ALL_ROWS)}
      loadFailure="The competency tests could not be loaded."
      columns={columns}
      caption="Competency tests"
      empty={
        <EmptyState
          title="No competency tests yet"
          description="Add a written test, with observed skills for home health aides."
        />
      }
      editorId="test-editor-title"
      newLabel="New competency test"
      saveLabel="Save test"
      initialValues={toValues}
      schema={schema}
      save={(values, current) => {
        const body = toBody(values);
        return current
          ? api.competency_tests_partial_update({ id: current.id }, body)
          : api.competency_tests_create(null, body);
      }}
      knownFields={['name', 'description', 'pass_mark']}
      saveFailure="The competency test could not be saved."
    >
      <TextField name="name" label="Name" autoComplete="off" />
      <TextAreaField name="description" label="Description" />
      <NumberField name="pass_mark" label="Pass mark (%)" hint="The written part passes at this score or above." />
      <QuestionsEditor />
      <SkillsEditor />
      <PositionsField name="positions" />
      <CheckboxField name="active" label="Active" />
    </SettingsEditorTab>
  );
}

function QuestionsEditor() {
  const { values } = useFormikContext<TestValues>();
  return (
    <ItemsEditor
      name="questions"
      legend="Questions"
      addLabel="Add question"
      newItem={() => ({ id: newItemId('q'), text: '', choices: ['', ''], answer: '', subject: '' })}
    >
      {({ remove }) =>
        values.questions.map((question, index) => {
          const n = index + 1;
          return (
            <li key={question.id} css={itemBox}>
              <FormStack>
                <TextAreaField name={`questions.${index}.text`} label={`Question ${n}`} rows={2} />
                <TextField
                  name={`questions.${index}.subject`}
                  label={`Question ${n} subject (optional)`}
                  hint="Shown to someone who answered it wrong, as what to review: never the answer."
                  autoComplete="off"
                />
                <FieldArray name={`questions.${index}.choices`}>
                  {(choices) => (
                    <>
                      {question.choices.map((_, choiceIndex) => (
                        <RowActions key={choiceIndex} css={{ alignItems: 'flex-end' }}>
                          <div css={{ flex: '1 1 200px' }}>
                            <TextField
                              name={`questions.${index}.choices.${choiceIndex}`}
                              label={`Question ${n} choice ${choiceIndex + 1}`}
                              autoComplete="off"
                            />
                          </div>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => choices.remove(choiceIndex)}
                            aria-label={`Remove choice ${choiceIndex + 1} of question ${n}`}
                          >
                            Remove
                          </Button>
                        </RowActions>
                      ))}
                      <div>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => choices.push('')}
                          aria-label={`Add a choice to question ${n}`}
                        >
                          Add choice
                        </Button>
                      </div>
                    </>
                  )}
                </FieldArray>
                <SelectField
                  name={`questions.${index}.answer`}
                  label={`Question ${n} correct answer`}
                  placeholder="Choose the correct choice"
                  options={question.choices.map((choice, choiceIndex) => ({
                    value: String(choiceIndex),
                    label: choice || `Choice ${choiceIndex + 1}`,
                  }))}
                />
                <div>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => remove(index)}
                    aria-label={`Remove question ${n}`}
                  >
                    Remove question
                  </Button>
                </div>
              </FormStack>
            </li>
          );
        })
      }
    </ItemsEditor>
  );
}

function SkillsEditor() {
  const { values } = useFormikContext<TestValues>();
  return (
    <ItemsEditor
      name="observed_skills"
      legend="Observed skills"
      intro={
        <p css={{ margin: '0 0 8px', fontSize: '0.875rem' }}>
          For home health aides, a registered nurse watches each skill and marks it satisfactory or not (42 CFR
          484.80(c)).
        </p>
      }
      addLabel="Add skill"
      newItem={() => ({ id: newItemId('skill'), label: '' })}
    >
      {({ remove }) =>
        values.observed_skills.map((skill, index) => (
          <li key={skill.id}>
            <RowActions css={{ alignItems: 'flex-end' }}>
              <div css={{ flex: '1 1 240px' }}>
                <TextField name={`observed_skills.${index}.label`} label={`Skill ${index + 1}`} autoComplete="off" />
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => remove(index)}
                aria-label={`Remove skill ${index + 1}`}
              >
                Remove
              </Button>
            </RowActions>
          </li>
        ))
      }
    </ItemsEditor>
  );
}
