import { FilterSelect, type FilterSelectProps } from '../ui/fields';
import { Filters } from '../ui/layout';
import { SearchField } from '../ui/search-field';
import type { List } from './use-list';

/** One of a list's filters, drawn as a select box: "All …" or one of the choices. */
export interface ListFilterChoice<Name extends string> {
  name: Name;
  label: string;
  /** The first choice, which filters nothing ("All statuses"). */
  all: string;
  options: FilterSelectProps['options'];
}

export interface ListFiltersProps<Filters extends Record<string, string>> {
  list: Pick<List<unknown, Filters>, 'search' | 'setSearch' | 'filters' | 'setFilter'>;
  /** The strip's accessible name ("Filter clients"). */
  label: string;
  /** The search box, when the list is searched: its label and what it matches. */
  search?: { label: string; placeholder: string };
  /** The select boxes, in order. */
  choices?: readonly ListFilterChoice<keyof Filters & string>[];
  /** Another layout of the strip (e.g. a wide search box beside one narrow filter). */
  className?: string;
}

/** A list page's search strip: the search box and the filters, each bound to the list from `useList`. */
export function ListFilters<Filters extends Record<string, string>>({
  list,
  label,
  search,
  choices = [],
  className,
}: ListFiltersProps<Filters>) {
  return (
    <Filters role="search" aria-label={label} className={className}>
      {search ? (
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={list.search}
          onChange={list.setSearch}
        />
      ) : null}
      {choices.map((choice) => (
        <FilterSelect
          key={choice.name}
          label={choice.label}
          value={list.filters[choice.name]}
          onChange={list.setFilter(choice.name)}
          all={choice.all}
          options={choice.options}
        />
      ))}
    </Filters>
  );
}
