/* Hand-written placeholder in the shape of openapi-client-axios-typegen output, until the server's document
 * exists. `npm run typegen` replaces it with the generated file. */
import type {
  OpenAPIClient,
  Parameters,
  UnknownParamsObject,
  OperationResponse,
  AxiosRequestConfig,
} from 'openapi-client-axios';

declare namespace Components {
  namespace Schemas {
    export interface Error {
      detail: string;
      code: string;
      fields?: { [name: string]: string[] };
    }
    export interface OrganizationSummary {
      id: number;
      name: string;
      token: string;
    }
    export interface Palette {
      [shade: string]: string;
    }
    export interface Organization {
      id: number;
      name: string;
      token: string;
      favicon: string | null;
      style: { [name: string]: Palette } | null;
      timezone: string;
    }
    export interface Profile {
      status: 'NEW' | 'READY';
      position: string | null;
      forms_due: number;
    }
    export interface User {
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      role: 'ROLE_ADMIN' | 'ROLE_EMPLOYEE' | 'ROLE_CLIENT' | 'ROLE_MARKETER' | 'ROLE_MASTER';
      timezone: string;
      permissions: string[];
      is_active: boolean;
      invitation_pending: boolean;
      last_login: string | null;
      phone: string | null;
      signature: string | null;
      organization: OrganizationSummary | null;
      profile: Profile | null;
    }
    export interface Session {
      access: string;
      refresh: string;
      user: User;
    }
    export interface TokenPair {
      access: string;
      refresh: string;
    }
    export interface Notification {
      id: number;
      type: string;
      title: string;
      body: string;
      link: string | null;
      read_at: string | null;
      created_at: string;
    }
    export interface Mail {
      id: number;
      to: string;
      subject: string;
      text: string;
      created_at: string;
    }
    export interface Page<T> {
      count: number;
      next: string | null;
      previous: string | null;
      results: T[];
    }
  }
}
declare namespace Paths {
  namespace AuthLoginCreate {
    export interface RequestBody {
      email: string;
      password: string;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Session;
    }
  }
  namespace AuthTokenRefreshCreate {
    export interface RequestBody {
      refresh: string;
    }
    namespace Responses {
      export type $200 = Components.Schemas.TokenPair;
    }
  }
  namespace AuthLogoutCreate {
    export interface RequestBody {
      refresh?: string;
    }
    namespace Responses {
      export type $204 = void;
    }
  }
  namespace AuthUserRetrieve {
    namespace Responses {
      export type $200 = Components.Schemas.User;
    }
  }
  namespace AuthUserPartialUpdate {
    export interface RequestBody {
      first_name?: string;
      last_name?: string;
      timezone?: string;
      phone?: string | null;
    }
    namespace Responses {
      export type $200 = Components.Schemas.User;
    }
  }
  namespace AuthPasswordChangeCreate {
    export interface RequestBody {
      current_password: string;
      new_password: string;
    }
    namespace Responses {
      export type $204 = void;
    }
  }
  namespace AuthSignatureCreate {
    export interface RequestBody {
      signature: string;
    }
    namespace Responses {
      export type $200 = Components.Schemas.User;
    }
  }
  namespace PasswordTextsList {
    namespace Responses {
      export type $200 = string[];
    }
  }
  namespace AuthPasswordResetCreate {
    export interface RequestBody {
      email: string;
    }
    namespace Responses {
      export type $204 = void;
    }
  }
  namespace AuthPasswordResetConfirmCreate {
    export interface RequestBody {
      uid: string;
      token: string;
      new_password: string;
    }
    namespace Responses {
      export type $204 = void;
    }
  }
  namespace AuthSignupConfirmCreate {
    export interface RequestBody {
      uid: string;
      token: string;
      password: string;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Session;
    }
  }
  namespace OrganizationsRetrieve {
    namespace Parameters {
      export type Id = string;
    }
    export interface PathParameters {
      id: Parameters.Id;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Organization;
    }
  }
  namespace OrganizationsList {
    export interface QueryParameters {
      limit?: number;
      offset?: number;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Page<Components.Schemas.Organization>;
    }
  }
  namespace UsersList {
    export interface QueryParameters {
      search?: string;
      role?: string;
      is_active?: boolean;
      ordering?: string;
      limit?: number;
      offset?: number;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Page<Components.Schemas.User>;
    }
  }
  namespace UsersRetrieve {
    export interface PathParameters {
      id: number;
    }
    namespace Responses {
      export type $200 = Components.Schemas.User;
    }
  }
  namespace UsersCreate {
    export interface RequestBody {
      email: string;
      first_name: string;
      last_name: string;
      role: string;
    }
    namespace Responses {
      export type $201 = Components.Schemas.User;
    }
  }
  namespace UsersInvitationCreate {
    export interface PathParameters {
      id: number;
    }
    namespace Responses {
      export type $204 = void;
    }
  }
  namespace UsersPartialUpdate {
    export interface PathParameters {
      id: number;
    }
    export interface RequestBody {
      is_active?: boolean;
      role?: string;
    }
    namespace Responses {
      export type $200 = Components.Schemas.User;
    }
  }
  namespace NotificationsList {
    export interface QueryParameters {
      type?: string;
      unread?: boolean;
      limit?: number;
      offset?: number;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Page<Components.Schemas.Notification>;
    }
  }
  namespace DevOutboxList {
    export interface QueryParameters {
      limit?: number;
      offset?: number;
    }
    namespace Responses {
      export type $200 = Components.Schemas.Page<Components.Schemas.Mail>;
    }
  }
}

export interface OperationMethods {
  'auth_login_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthLoginCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthLoginCreate.Responses.$200>;
  'auth_token_refresh_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthTokenRefreshCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthTokenRefreshCreate.Responses.$200>;
  'auth_logout_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthLogoutCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthLogoutCreate.Responses.$204>;
  'auth_user_retrieve'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthUserRetrieve.Responses.$200>;
  'auth_user_partial_update'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthUserPartialUpdate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthUserPartialUpdate.Responses.$200>;
  'auth_password_change_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthPasswordChangeCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthPasswordChangeCreate.Responses.$204>;
  'auth_signature_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthSignatureCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthSignatureCreate.Responses.$200>;
  'password_texts_list'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.PasswordTextsList.Responses.$200>;
  'auth_password_reset_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthPasswordResetCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthPasswordResetCreate.Responses.$204>;
  'auth_password_reset_confirm_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthPasswordResetConfirmCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthPasswordResetConfirmCreate.Responses.$204>;
  'auth_signup_confirm_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.AuthSignupConfirmCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.AuthSignupConfirmCreate.Responses.$200>;
  'organizations_retrieve'(
    parameters: Parameters<Paths.OrganizationsRetrieve.PathParameters>,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.OrganizationsRetrieve.Responses.$200>;
  'organizations_list'(
    parameters?: Parameters<Paths.OrganizationsList.QueryParameters> | null,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.OrganizationsList.Responses.$200>;
  'users_list'(
    parameters?: Parameters<Paths.UsersList.QueryParameters> | null,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.UsersList.Responses.$200>;
  'users_retrieve'(
    parameters: Parameters<Paths.UsersRetrieve.PathParameters>,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.UsersRetrieve.Responses.$200>;
  'users_create'(
    parameters?: Parameters<UnknownParamsObject> | null,
    data?: Paths.UsersCreate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.UsersCreate.Responses.$201>;
  'users_invitation_create'(
    parameters: Parameters<Paths.UsersInvitationCreate.PathParameters>,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.UsersInvitationCreate.Responses.$204>;
  'users_partial_update'(
    parameters: Parameters<Paths.UsersPartialUpdate.PathParameters>,
    data?: Paths.UsersPartialUpdate.RequestBody,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.UsersPartialUpdate.Responses.$200>;
  'notifications_list'(
    parameters?: Parameters<Paths.NotificationsList.QueryParameters> | null,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.NotificationsList.Responses.$200>;
  'dev_outbox_list'(
    parameters?: Parameters<Paths.DevOutboxList.QueryParameters> | null,
    data?: any,
    config?: AxiosRequestConfig,
  ): OperationResponse<Paths.DevOutboxList.Responses.$200>;
}

export interface PathsDictionary {}

export type Client = OpenAPIClient<OperationMethods, PathsDictionary>;

export type User = Components.Schemas.User;
export type Organization = Components.Schemas.Organization;
export type Notification = Components.Schemas.Notification;
export type Mail = Components.Schemas.Mail;
export type Error = Components.Schemas.Error;
