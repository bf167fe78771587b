import { TypeBoxValidatorCompiler, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * TypeBox validation (query, params and headers converted to their types; bodies never coerced), and a
 * missing body counts as `{}` when the body schema requires nothing.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const validate = TypeBoxValidatorCompiler(route) as (value: unknown) => ReturnType<ReturnType<FastifySchemaCompiler<TSchema>>>;
  const schema = route.schema as { type?: string; required?: string[] };
  const optionalBody = route.httpPart === 'body' && schema.type === 'object' && !schema.required?.length;
  return (value: unknown) => validate(optionalBody && (value === undefined || value === null) ? {} : value);
};
