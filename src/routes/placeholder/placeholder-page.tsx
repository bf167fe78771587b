import { EmptyState } from '../../ui/empty-state';
import { PrivatePage } from '../../app/page-shell';

export interface PlaceholderPageProps {
  title: string;
  /** What the empty state says; the default names the page. */
  emptyTitle?: string;
  description?: string;
}

/** A private page whose content comes in a later issue: its title and an empty state. */
export function PlaceholderPage({ title, emptyTitle = 'Nothing here yet', description }: PlaceholderPageProps) {
  return (
    <PrivatePage title={title}>
      <EmptyState title={emptyTitle} description={description ?? `There is nothing to show on ${title} yet.`} />
    </PrivatePage>
  );
}
