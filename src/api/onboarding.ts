import { saveBlob } from '../ui/save-file';
import type { AxiosRequestConfig } from 'axios';
import type { ApiClient } from './client';
import type { ResponseData, User } from './types';
import { DEFAULT_LOCALE } from '../domain/constants';
import { formatMaskedDate, parseMaskedDate } from '../ui/masked-input';

// The issue-3 shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
// the employee pages call, by operationId.

export type EmployeeDocument = ResponseData<'profile_documents_list'>[number];
export type DocumentStatus = EmployeeDocument['status'];
export type StoredFile = NonNullable<EmployeeDocument['file']>;

export type Checklist = ResponseData<'onboarding_checklist_retrieve'>;
export type ChecklistForm = Checklist['forms'][number];
export type ChecklistTest = Checklist['tests'][number];

export type FormRequestStatus = ResponseData<'form_requests_retrieve'>['status'];
export type TestRequestStatus = ResponseData<'test_requests_retrieve'>['status'];

// Hand-written where the document's arrays with a maximum length come out as tuples (awkward for forms).
export type FormFieldType = 'text' | 'textarea' | 'date' | 'checkbox' | 'select';

export interface FormTemplateField {
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options?: string[] | null;
}

export interface FormRequest {
  id: number;
  template: { id: number; name: string; description: string | null; fields: FormTemplateField[]; signers: string[] };
  employee: { id: number; name: string };
  required: boolean;
  status: FormRequestStatus;
  answers: Record<string, unknown> | null;
  signed_at: string | null;
  countersigned_at: string | null;
  due_date: string | null;
  created_at: string;
}

export type QuestionId = string | number;

export interface TestQuestion {
  id: QuestionId;
  text: string;
  choices: string[];
}

export interface ObservedSkill {
  id: QuestionId;
  label: string;
}

export interface SkillResult {
  skill_id: QuestionId;
  label: string;
  satisfactory: boolean | null;
  comment: string | null;
}

export interface TestRequest {
  id: number;
  test: { id: number; name: string; description: string | null; pass_mark: number; questions: TestQuestion[]; observed_skills: ObservedSkill[] };
  employee: { id: number; name: string; position: string | null };
  status: TestRequestStatus;
  score: number | null;
  written_passed: boolean | null;
  /** After submission: the subjects of the questions answered wrong (never which questions, nor the answers). */
  review_subjects: string[];
  skill_results: SkillResult[] | null;
  observer: { id: number; name: string } | null;
  observed_at: string | null;
  submitted_at: string | null;
}

export type Notification = ResponseData<'notifications_list'>['results'][number];

export interface Paged<Row> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Row[];
}

type Operation<Params, Body, Answer> = (params?: Params | null, body?: Body, config?: AxiosRequestConfig) => Promise<Answer>;

/** The issue-3 operations the employee pages call, typed after the contract. */
export interface HireToReadyOperations {
  applications_create: Operation<null, FormData, { id: number; status: string }>;
  onboarding_checklist_retrieve: Operation<null, undefined, Checklist>;
  profile_documents_list: Operation<null, undefined, EmployeeDocument[] | Paged<EmployeeDocument>>;
  profile_documents_upload_create: Operation<{ id: number }, FormData, EmployeeDocument>;
  documents_file_retrieve: Operation<{ id: number }, undefined, Blob>;
  form_requests_retrieve: Operation<{ id: number }, undefined, FormRequest>;
  form_requests_submit_create: Operation<{ id: number }, { answers: Record<string, unknown>; signature: string }, FormRequest>;
  form_requests_signature_retrieve: Operation<{ id: number }, null, Blob>;
  form_requests_countersign_create: Operation<{ id: number }, { signature: string }, FormRequest>;
  test_requests_list: Operation<{ awaiting_observation?: boolean; limit?: number; offset?: number }, undefined, TestRequest[] | Paged<TestRequest>>;
  test_requests_retrieve: Operation<{ id: number }, undefined, TestRequest>;
  test_requests_submit_create: Operation<{ id: number }, { answers: Record<string, number> }, TestRequest>;
  test_requests_observation_create: Operation<
    { id: number },
    { skills: { skill_id: QuestionId; satisfactory: boolean; comment?: string }[]; signature: string },
    TestRequest
  >;
  notifications_list: Operation<{ type?: string; unread?: boolean; limit?: number; offset?: number }, undefined, Paged<Notification>>;
  notifications_partial_update: Operation<{ id: number }, { read: boolean }, Notification>;
  notifications_read_all_create: Operation<null, { type?: string }, void>;
  auth_user_retrieve: Operation<null, undefined, User>;
}

/** The client seen through the issue-3 operations. */
export function hireToReadyApi(api: ApiClient): HireToReadyOperations {
  return api as unknown as HireToReadyOperations;
}

/** A list answered as an array or as a page. */
export function rowsOf<Row>(answer: Row[] | Paged<Row> | null | undefined): Row[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.results ?? [];
}

/** 'dd.mm.yyyy' (the masked date) → 'YYYY-MM-DD', or null. */
export function maskedDateToIso(text: string | null | undefined): string | null {
  const date = parseMaskedDate(text);
  if (!date) return null;
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${mm}-${dd}`;
}

/** 'YYYY-MM-DD' → 'dd.mm.yyyy' (the masked date), or ''. */
export function isoToMaskedDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!match) return '';
  return formatMaskedDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const dateFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date 'YYYY-MM-DD' as en-US ("Mar 2, 2026"); '—' for none. */
export function formatDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!match) return '—';
  return dateFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/**
 * Fetches a protected file through the API client (so it carries the Bearer token) and saves it under
 * `fileName`.
 */
export async function downloadDocumentFile(api: ApiClient, documentId: number, fileName: string): Promise<void> {
  saveBlob((await hireToReadyApi(api).documents_file_retrieve({ id: documentId }, undefined, { responseType: 'blob' })) as BlobPart, fileName);
}


/** Whether a test request needs a nurse's skills observation (the test has skills and the employee is an HHA). */
export function needsObservation(request: Pick<TestRequest, 'test' | 'employee'>): boolean {
  return (request.test.observed_skills?.length ?? 0) > 0 && request.employee.position === 'HHA';
}
