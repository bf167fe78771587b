import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { global } from '../lib/plugin';
import { applySecurityHeaders } from './security-headers';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
}

function describe(issue: ValidationIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return `Must be ${/^[aeiou]/.test(String(p.type)) ? 'an' : 'a'} ${String(p.type)}.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'format':
      if (p.format === 'date') return 'Enter a real date.';
      if (p.format === 'date-time') return 'Enter a real date and time.';
      return p.format === 'email' ? 'Enter a valid email address.' : `Enter a valid ${String(p.format)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return 'Not a valid choice.';
    case 'pattern':
      return 'Enter a valid value.';
    default: {
      const message = issue.message ?? 'Invalid value';
      return message.charAt(0).toUpperCase() + message.slice(1) + '.';
    }
  }
}

/** Turns the validator's issues into `fields`: one entry per refused field, named as the client sent it. */
export function validationFields(issues: ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (name: string, text: string) => {
    const list = (fields[name] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  for (const issue of issues) {
    if (issue.keyword === 'required' && Array.isArray(issue.params.requiredProperties)) {
      const base = issue.instancePath ? fieldName(issue.instancePath) + '.' : '';
      for (const name of issue.params.requiredProperties as string[]) add(base + name, describe(issue));
    } else if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
      add(fieldName(`${issue.instancePath}/${issue.params.missingProperty}`), describe(issue));
    } else if (issue.keyword === 'boolean' || issue.keyword === 'additionalProperties') {
      if (issue.keyword === 'additionalProperties' && Array.isArray(issue.params.additionalProperties)) {
        for (const name of issue.params.additionalProperties as string[]) add(name, 'Unknown field.');
      }
    } else if (issue.keyword === 'anyOf' && fields[fieldName(issue.instancePath)]) {
      // the branches already explained this field
    } else {
      add(fieldName(issue.instancePath), describe(issue));
    }
  }
  return Object.keys(fields).length ? fields : { non_field_errors: ['Invalid input.'] };
}

const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'invalid',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
};

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a URL that does not decode, an over-long path
 * parameter) answer the one error shape too, without echoing the URL back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply); // no onSend hook runs for these answers
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send({ detail: 'The URL is not valid: it has a malformed percent-encoding.', code: 'invalid' });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
  request.log.error({ err: error }, 'router failed');
  return reply.status(500).send({ detail: 'A server error occurred.', code: 'server_error' });
}

/** One error shape for every failure; validation names the field; a 500 says nothing about its cause. */
export const errorsPlugin = global(async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (error.validation) {
      const fields = validationFields(error.validation as unknown as ValidationIssue[]);
      return reply.status(400).send({ detail: 'Invalid input.', code: 'invalid', fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'JSON parse error.'
          : error.message;
      return reply.status(status).send({ detail, code: CLIENT_ERROR_CODES[status] ?? 'error' });
    }
    // the error as its type, codes and stack (the logger's safe `err` serializer), the route: never the
    // query's parameters, the body or a message quoting a value
    request.log.error({ err: error, route: request.routeOptions?.url, method: request.method }, 'request failed');
    return reply.status(500).send({ detail: 'A server error occurred.', code: 'server_error' });
  });
}, 'errors');
