import type { FastifyRequest } from 'fastify';

/**
 * Limit/offset paging of the contract: `{ count, next, previous, results }` with next/previous as absolute
 * URLs built on PUBLIC_URL (never on the Host header) that keep every other query parameter.
 */
export const DEFAULT_PAGE_LIMIT = 50;

export interface Page {
  limit: number;
  offset: number;
}

export interface PagedAnswer<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** What a service's list gives back: one page of the matching rows, and how many match in all. */
export interface Listed<T> {
  count: number;
  results: T[];
}

export function pageOf(query: { limit?: number; offset?: number }): Page {
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, offset: query.offset ?? 0 };
}

function pageUrl(request: FastifyRequest, publicUrl: string, limit: number, offset: number): string {
  const url = new URL(`${publicUrl}${request.url}`);
  url.searchParams.set('limit', String(limit));
  if (offset > 0) url.searchParams.set('offset', String(offset));
  else url.searchParams.delete('offset');
  return url.toString();
}

export function pagedAnswer<T>(request: FastifyRequest, page: Page, count: number, results: T[]): PagedAnswer<T> {
  const publicUrl = request.server.config.publicUrl;
  return {
    count,
    next: page.offset + page.limit < count ? pageUrl(request, publicUrl, page.limit, page.offset + page.limit) : null,
    previous:
      page.offset > 0
        ? pageUrl(request, publicUrl, page.limit, Math.max(0, Math.min(page.offset, count) - page.limit))
        : null,
    results,
  };
}

/**
 * A list route's answer: the query's limit and offset make the page, the rest of the query is the filter the
 * service's list takes.
 */
export async function listAnswer<Query extends { limit?: number; offset?: number }, T>(
  request: FastifyRequest & { query: Query },
  list: (filter: Omit<Query, 'limit' | 'offset'>, page: Page) => Promise<Listed<T>>,
): Promise<PagedAnswer<T>> {
  const { limit, offset, ...filter } = request.query;
  const page = pageOf({ limit, offset });
  const { count, results } = await list(filter, page);
  return pagedAnswer(request, page, count, results);
}
