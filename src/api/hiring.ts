import { saveBlob } from '../ui/save-file';
import type { ApiClient } from './client';
import type { ResponseData } from './types';
import { DEFAULT_LOCALE } from '../domain/constants';
import { parseMaskedDate } from '../ui/masked-input';

/*
 * The hiring shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the hiring pages call, by operationId.
 */

export type Application = ResponseData<'applications_retrieve'>;
export type ApplicationStatus = Application['status'];

export type EmployeeSummary = ResponseData<'employees_list'>['results'][number];
export type Employee = ResponseData<'employees_retrieve'>;

export type EmployeeDocument = ResponseData<'employees_documents_list'>[number];
export type DocumentStatus = EmployeeDocument['status'];

export type Note = ResponseData<'employees_notes_create'>;

export type Checklist = ResponseData<'employees_checklist_retrieve'>;

export type FormTemplate = ResponseData<'form_templates_create'>;
export type TemplateField = FormTemplate['fields'][number];
export type FieldType = TemplateField['type'];
export type NoteType = ResponseData<'note_types_create'>;
export type DocumentType = ResponseData<'document_types_create'>;
export type CompetencyTest = ResponseData<'competency_tests_create'>;
export type Question = CompetencyTest['questions'][number];

export type FormRequest = ResponseData<'form_requests_retrieve'>;
export type FormRequestStatus = FormRequest['status'];
export type TestRequest = ResponseData<'test_requests_retrieve'>;
export type TestRequestStatus = TestRequest['status'];

/** Settings lists are small: one request for all of them. */
export const ALL_ROWS = { limit: 1000, offset: 0 } as const;

/**
 * Fetches a protected file through the API client (it carries the Bearer token) and hands it to the
 * browser as a download under `fileName`.
 */
export async function downloadFile(
  api: ApiClient,
  operation: 'applications_resume_retrieve' | 'documents_file_retrieve',
  id: number,
  fileName: string,
): Promise<void> {
  saveBlob(await api[operation]({ id }, null, { responseType: 'blob' }), fileName);
}

/** A calendar date of the API ('YYYY-MM-DD') as 'Mar 2, 2026' (no time zone shift: it is a date). */
export function formatCalendarDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!match) return '—';
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(value);
}

/** The day of an instant in the user's time zone: 'Mar 2, 2026'. */
export function formatDayIn(iso: string | null | undefined, timeZone: string | null | undefined): string {
  if (!iso) return '—';
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return '—';
  try {
    return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: timeZone || undefined }).format(
      value,
    );
  } catch {
    return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium' }).format(value);
  }
}

/** 'dd.mm.yyyy' (the DateField's text) → 'YYYY-MM-DD', or null. */
export function maskedToIsoDate(text: string | null | undefined): string | null {
  if (!parseMaskedDate(text)) return null;
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** 'YYYY-MM-DD' → 'dd.mm.yyyy' for a DateField. */
export function isoToMaskedDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** A person's name from the API's first/last name. */
export function personName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
