import { saveBlob } from '../ui/save-file';
import type { ApiClient } from './client';
import type { ResponseData } from './types';
import { DEFAULT_LOCALE } from '../domain/constants';
import type { ProfileStatus } from '../domain/roles';
import { parseMaskedDate } from '../ui/masked-input';

/*
 * The issue-3 shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the hiring pages call, by operationId.
 */

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type Application = ResponseData<'applications_retrieve'>;
export type ApplicationStatus = Application['status'];
export type Weekday = NonNullable<Application['availability']>['days'][number];
export type Shift = NonNullable<Application['availability']>['shifts'][number];
export type FileInfo = NonNullable<Application['resume']>;

export type EmployeeSummary = ResponseData<'employees_list'>['results'][number];
export type Employee = ResponseData<'employees_retrieve'>;

export type EmployeeDocument = ResponseData<'employees_documents_list'>[number];
export type DocumentStatus = EmployeeDocument['status'];

// The server's Note may lack its author (a removed user); the pages show it as written.
export interface Note {
  id: number;
  type: { id: number; name: string };
  text: string;
  author: { id: number; name: string };
  created_at: string;
}


export type Checklist = ResponseData<'employees_checklist_retrieve'>;

// Hand-written where the document's arrays with a maximum length come out as tuples (awkward for forms).
export type FieldType = 'text' | 'textarea' | 'date' | 'checkbox' | 'select';
export interface TemplateField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options?: string[];
}
export type Signer = 'EMPLOYEE' | 'ADMIN';

export interface FormTemplate {
  id: number;
  name: string;
  description: string;
  fields: TemplateField[];
  signers: Signer[];
  required: boolean;
  assign_on_hire: boolean;
  active: boolean;
}

export interface NoteType {
  id: number;
  name: string;
  active: boolean;
}

export interface DocumentType {
  id: number;
  name: string;
  required: boolean;
  requires_expiry: boolean;
  positions: string[];
  active: boolean;
}

export interface Question {
  id: string;
  text: string;
  choices: string[];
  answer: number;
  /** What it covers, named to a taker who got it wrong. */
  subject?: string;
}

export interface CompetencyTest {
  id: number;
  name: string;
  description: string;
  pass_mark: number;
  questions: Question[];
  observed_skills: { id: string; label: string }[];
  positions: string[];
  active: boolean;
}

export type FormRequest = ResponseData<'form_requests_retrieve'>;
export type FormRequestStatus = FormRequest['status'];
export type TestRequest = ResponseData<'test_requests_retrieve'>;
export type TestRequestStatus = TestRequest['status'];

type Id = { id: number | string };
type ListQuery = { limit?: number; offset?: number };
/** A list that the server may answer paged or as a plain array (contract: "your choice, consistent"). */
type Listed<T> = Page<T> | T[];

/** The issue-3 operations this side calls, with their parameters, bodies and answers. */
export interface HiringOperations {
  applications_list(params: ListQuery & { status?: ApplicationStatus; position?: string; search?: string; ordering?: string }): Promise<Page<Application>>;
  applications_retrieve(params: Id): Promise<Application>;
  applications_accept_create(params: Id): Promise<{ application: Application; employee: Employee }>;
  applications_reject_create(params: Id, body: { reason: string }): Promise<Application>;
  employees_list(params: ListQuery & { status?: ProfileStatus; position?: string; search?: string; expired?: boolean; ordering?: string }): Promise<Page<EmployeeSummary>>;
  employees_create(params: null, body: { email: string; first_name: string; last_name: string; phone?: string; position: string }): Promise<Employee>;
  employees_retrieve(params: Id): Promise<Employee>;
  employees_partial_update(params: Id, body: Partial<Pick<Employee, 'first_name' | 'last_name' | 'phone' | 'position'>>): Promise<Employee>;
  employees_checklist_retrieve(params: Id): Promise<Checklist>;
  employees_ready_create(params: Id): Promise<Employee>;
  employees_notes_list(params: Id & ListQuery & { type_id?: number }): Promise<Page<Note>>;
  employees_notes_create(params: Id, body: { type_id: number; text: string }): Promise<Note>;
  employees_notes_destroy(params: Id & { note_id: number }): Promise<void>;
  employees_documents_list(params: Id): Promise<EmployeeDocument[]>;
  employees_documents_create(params: Id, body: { document_type_id: number } | { name: string; required: boolean; requires_expiry: boolean }): Promise<EmployeeDocument>;
  employees_documents_partial_update(
    params: Id & { document_id: number },
    body: { status?: 'APPROVED' | 'REJECTED'; review_note?: string; expires_on?: string | null },
  ): Promise<EmployeeDocument>;
  /** The office's upload of a document received on paper (multipart: file, expires_on). */
  employees_documents_upload_create(params: Id & { document_id: number }, body: FormData): Promise<EmployeeDocument>;
  form_templates_list(params?: ListQuery): Promise<Listed<FormTemplate>>;
  form_templates_create(params: null, body: Omit<FormTemplate, 'id'>): Promise<FormTemplate>;
  form_templates_partial_update(params: Id, body: Partial<Omit<FormTemplate, 'id'>>): Promise<FormTemplate>;
  note_types_list(params?: ListQuery): Promise<Listed<NoteType>>;
  note_types_create(params: null, body: { name: string; active?: boolean }): Promise<NoteType>;
  note_types_partial_update(params: Id, body: { name?: string; active?: boolean }): Promise<NoteType>;
  document_types_list(params?: ListQuery): Promise<Listed<DocumentType>>;
  document_types_create(params: null, body: Omit<DocumentType, 'id'>): Promise<DocumentType>;
  document_types_partial_update(params: Id, body: Partial<Omit<DocumentType, 'id'>>): Promise<DocumentType>;
  competency_tests_list(params?: ListQuery): Promise<Listed<CompetencyTest>>;
  competency_tests_create(params: null, body: Omit<CompetencyTest, 'id'>): Promise<CompetencyTest>;
  competency_tests_partial_update(params: Id, body: Partial<Omit<CompetencyTest, 'id'>>): Promise<CompetencyTest>;
  form_requests_list(params: ListQuery & { status?: FormRequestStatus; employee?: number }): Promise<Page<FormRequest>>;
  form_requests_create(params: null, body: { template_id: number; employee_ids: number[]; due_date?: string }): Promise<FormRequest[]>;
  form_requests_countersign_create(params: Id, body: { signature: string }): Promise<FormRequest>;
  test_requests_create(params: null, body: { test_id: number; employee_ids: number[] }): Promise<TestRequest[]>;
}

/** The one API client, seen through the issue-3 operations. */
export function hiringApi(api: ApiClient): HiringOperations {
  return api as unknown as HiringOperations;
}

/** The rows of a list answered paged or as an array. */
export function rowsOf<T>(answer: { results: T[] } | T[]): T[] {
  return Array.isArray(answer) ? answer : answer.results;
}

/** Settings lists are small: one request for all of them. */
export const ALL_ROWS = { limit: 1000, offset: 0 } as const;

type FileOperation = 'applications_resume_retrieve' | 'documents_file_retrieve';

/**
 * Fetches a protected file through the API client (it carries the Bearer token) and hands it to the
 * browser as a download under `fileName`.
 */
export async function downloadFile(api: ApiClient, operation: FileOperation, id: number, fileName: string): Promise<void> {
  const call = (api as unknown as Record<FileOperation, (params: Id, data: null, config: { responseType: 'blob' }) => Promise<Blob>>)[operation];
  saveBlob(await call({ id }, null, { responseType: 'blob' }), fileName);
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
    return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: timeZone || undefined }).format(value);
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

