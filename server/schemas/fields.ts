import { Type, type TSchema } from '@fastify/type-provider-typebox';

/*
 * The atoms a schema's fields are built from: ids, dates and instants, names, codes and references to people
 * (the parts of a route's schema, its errors and paging, are in common.ts).
 */

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An instant (RFC 3339); the validator takes only a real one (`isIsoDateTime`: no 2026-02-30T10:00:00Z). */
export const Timestamp = Type.String({ format: 'date-time' });

/**
 * A calendar date, `YYYY-MM-DD`: every date the API takes or answers is this atom. The validator takes only a
 * real one (`isIsoDate`: no 1950-02-30), and refuses the rest with a 400 naming the field: "Enter a real date."
 */
export const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

/** A person's first or last name, as a form sends it. */
export const PersonName = Type.String({ minLength: 1, maxLength: 150 });

/** A phone number as typed. */
export const Phone = Type.String({ maxLength: 40 });

/** Free text of at most `maxLength` characters. */
export const Text = (maxLength = 200) => Type.String({ maxLength });

/** The parts of a home address a form sends, each optional. */
export const HomeAddressInput = {
  address: Type.Optional(Text()),
  city: Type.Optional(Text(100)),
  state: Type.Optional(Text(50)),
  postal_code: Type.Optional(Text(20)),
};

/** A person named in an answer: who wrote, changed or brought something. */
export const PersonRef = Type.Object({ id: Type.Integer(), name: Type.String() }, { title: 'PersonRef' });

/** A client named in an answer about visits or reviews. */
export const ClientRef = Type.Object(
  { id: Type.Integer(), first_name: Type.String(), last_name: Type.String() },
  { title: 'ClientRef' },
);

/** One of the codes of `labels` (the document lists each with its label). */
export function CodeOf<K extends string>(labels: Record<K, string>, options: { default?: K } = {}) {
  const codes = Object.keys(labels) as K[];
  return Type.Enum([...codes], {
    ...(options.default ? { default: options.default } : {}),
    description: codes.map((code) => `${code}: ${labels[code]}`).join('; '),
  });
}
