import { Format, TypeBoxValidatorCompiler, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { isIsoDate, isIsoDateTime } from '#domain/dates';

// The API's dates are real ones, checked once, here, for every body, query and path field of the atoms
// `IsoDate` (format date) and `Timestamp` (format date-time) of server/schemas/fields.ts: 1950-02-30 or
// 2026-02-30T10:00:00Z is a 400 naming the field, and never reaches PostgreSQL (which would refuse it).
Format.Set('date', isIsoDate);
Format.Set('date-time', isIsoDateTime);

interface Issue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

const STRICT_INTEGER = /^-?\d+$/;
// A NUL, or a UTF-16 surrogate without its partner: PostgreSQL refuses both in text, so they never reach SQL.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const pointer = (path: string, key: string | number) =>
  `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every string (keys included) holding a NUL or a lone surrogate, as issues naming where it is. */
function unstorableStrings(value: unknown, path = '', issues: Issue[] = [], depth = 0): Issue[] {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) {
      issues.push({
        keyword: 'characters',
        instancePath: path,
        schemaPath: '#',
        params: {},
        message: 'Null characters and unpaired surrogates are not allowed',
      });
    }
  } else if (value !== null && typeof value === 'object' && depth < 64) {
    for (const [key, inner] of Object.entries(value)) {
      if (UNSTORABLE.test(key))
        issues.push({
          keyword: 'characters',
          instancePath: pointer(path, key),
          schemaPath: '#',
          params: {},
          message: 'Null characters and unpaired surrogates are not allowed',
        });
      else unstorableStrings(inner, pointer(path, key), issues, depth + 1);
    }
  }
  return issues;
}

function isIntegerSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'integer';
}

/** Query and path integers must be written as plain decimal digits: no `1.5`, `0x10`, `1e3` or blank. */
function looseIntegers(schema: { properties?: Record<string, unknown> }, value: unknown): Issue[] {
  if (!schema.properties || value === null || typeof value !== 'object') return [];
  const issues: Issue[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isIntegerSchema(property)) continue;
    const raw = (value as Record<string, unknown>)[name];
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.some((item) => typeof item === 'string' && !STRICT_INTEGER.test(item))) {
      issues.push({
        keyword: 'type',
        instancePath: pointer('', name),
        schemaPath: `#/properties/${name}/type`,
        params: { type: 'integer' },
        message: 'must be integer',
      });
    }
  }
  return issues;
}

/**
 * TypeBox validation (query, params and headers converted to their types; bodies never coerced), and a
 * missing body counts as `{}` when the body schema requires nothing. Before the schema: strings with a NUL
 * or a lone surrogate are refused in every part (PostgreSQL cannot store them), and query or path integers
 * must be decimal digits (no lenient conversion of `1.5`, `0x10` or ` `). Dates (`format: date`, `date-time`)
 * must be real calendar dates. Each refusal names its field.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const validate = TypeBoxValidatorCompiler(route) as (
    value: unknown,
  ) => ReturnType<ReturnType<FastifySchemaCompiler<TSchema>>>;
  const schema = route.schema as { type?: string; required?: string[]; properties?: Record<string, unknown> };
  const optionalBody = route.httpPart === 'body' && schema.type === 'object' && !schema.required?.length;
  const converted = route.httpPart !== 'body';
  return (value: unknown) => {
    const refused = unstorableStrings(value);
    if (converted) refused.push(...looseIntegers(schema, value));
    if (refused.length) return { error: refused as never };
    return validate(optionalBody && (value === undefined || value === null) ? {} : value);
  };
};
