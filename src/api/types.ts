import type { OperationMethods } from './generated';

type OperationData<T> = T extends (...args: never[]) => Promise<{ data: infer Data }> ? Data : never;

/** The body data of an operation's successful answer. */
export type ResponseData<K extends keyof OperationMethods> = OperationData<OperationMethods[K]>;

type FirstArgument<T> = T extends (first?: infer First, ...rest: never[]) => unknown ? First : never;
type SecondArgument<T> = T extends (first: never, second?: infer Second, ...rest: never[]) => unknown ? Second : never;

/** An operation's path and query parameters, as one object (the client also takes arrays and single values). */
export type OperationParams<K extends keyof OperationMethods> = Exclude<
  NonNullable<FirstArgument<OperationMethods[K]>>,
  string | number | unknown[]
>;
/** An operation's JSON request body. */
export type RequestBody<K extends keyof OperationMethods> = NonNullable<SecondArgument<OperationMethods[K]>>;

/** What a successful login (or sign-up confirmation) answers. */
export type SessionAnswer = ResponseData<'auth_login_create'>;
export type User = ResponseData<'auth_user_retrieve'>;
/** A user of the organization as the office sees them (users_*): no permissions, which are the signed-in User's. */
export type OrganizationUser = ResponseData<'users_retrieve'>;
export type Organization = ResponseData<'organizations_retrieve'>;
export type OrganizationPage = ResponseData<'organizations_list'>;

/** The error body every failed call carries (contract: `{ detail, code, fields? }`). */
export interface ApiErrorBody {
  detail: string;
  code: string;
  fields?: Record<string, string[]>;
}
