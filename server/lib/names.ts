/** A person as the server names them: "First Last", or their email when both names are empty. */
export const personName = (person: { firstName: string | null; lastName: string | null; email?: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() || person.email || '';

/** A person a record points to, as answers show them: id and name, or null when the record points to nobody. */
export const personRef = (
  id: number | null,
  person: { firstName: string | null; lastName: string | null; email?: string | null },
) => (id ? { id, name: personName(person) } : null);

/** The columns `personName` reads, of the users table or an alias of it, to spread into a select. */
export const nameColumns = <People extends { firstName: unknown; lastName: unknown; email: unknown }>(
  people: People,
): Pick<People, 'firstName' | 'lastName' | 'email'> => ({
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
});
