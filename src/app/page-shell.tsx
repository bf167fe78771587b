import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';
import { PageHeader } from '../ui/page-header';

export interface PrivatePageProps {
  /** The page's h1, also used in the document title. */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page inside the dashboard layout: its h1 (and document title), then its content. */
export function PrivatePage({ title, description, actions, children }: PrivatePageProps) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </>
  );
}
