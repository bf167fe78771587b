import { saveBlob } from '../ui/save-file';
import type { ApiClient } from './client';
import type { ResponseData } from './types';
import { DEFAULT_LOCALE } from '../domain/constants';
import { formatMaskedDate, parseMaskedDate } from '../ui/masked-input';

// The onboarding shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
// the employee pages call, by operationId.

export type EmployeeDocument = ResponseData<'profile_documents_list'>[number];
export type DocumentStatus = EmployeeDocument['status'];

export type Checklist = ResponseData<'onboarding_checklist_retrieve'>;
export type ChecklistForm = Checklist['forms'][number];
export type ChecklistTest = Checklist['tests'][number];

export type FormRequest = ResponseData<'form_requests_retrieve'>;
export type FormRequestStatus = FormRequest['status'];
export type FormTemplateField = FormRequest['template']['fields'][number];

export type TestRequest = ResponseData<'test_requests_retrieve'>;
export type TestRequestStatus = TestRequest['status'];

export type Notification = ResponseData<'notifications_list'>['results'][number];

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
  saveBlob(await api.documents_file_retrieve({ id: documentId }, undefined, { responseType: 'blob' }), fileName);
}

/** Whether a test request needs a nurse's skills observation (the test has skills and the employee is an HHA). */
export function needsObservation(request: Pick<TestRequest, 'test' | 'employee'>): boolean {
  return (request.test.observed_skills?.length ?? 0) > 0 && request.employee.position === 'HHA';
}
