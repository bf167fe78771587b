import { EmptyState } from '../../ui/empty-state';
import { PrivatePage } from '../placeholder/private-page';

/** /profile/documents — one's documents (filled by the documents issue). */
export function ProfileDocumentsPage() {
  return (
    <PrivatePage title="My documents">
      <EmptyState title="No documents yet" description="Documents you have signed or uploaded will be listed here." />
    </PrivatePage>
  );
}

/** /profile/incomplete-documents — what is still due (filled by the documents issue). */
export function IncompleteDocumentsPage() {
  return (
    <PrivatePage title="Incomplete documents">
      <EmptyState title="Nothing is due" description="Forms you still need to complete will be listed here, each with a link to finish it." />
    </PrivatePage>
  );
}
