import { Button } from './button';
import type { DataTablePaging } from './data-table';

/** "Previous" and "Next" over a paged list; both are off while a page loads (`disabled`). */
export function PageButtons({
  limit,
  offset,
  count,
  onOffsetChange,
  disabled = false,
}: DataTablePaging & { disabled?: boolean }) {
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={offset === 0 || disabled}
        onClick={() => onOffsetChange(Math.max(0, offset - limit))}
      >
        Previous
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={offset + limit >= count || disabled}
        onClick={() => onOffsetChange(offset + limit)}
      >
        Next
      </Button>
    </>
  );
}
