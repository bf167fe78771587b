/** A person as the server names them: "First Last", or their email when both names are empty. */
export const personName = (person: { firstName: string | null; lastName: string | null; email?: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() || person.email || '';
