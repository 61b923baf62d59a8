/**
 * The link to another page of the request it answers: its path and every
 * parameter it was sent with, `overrides` replacing theirs. Relative, as the
 * drafts' examples write them, so it holds behind any proxy.
 */
export function pageLink(
  request: { path: string; query: URLSearchParams },
  overrides: Record<string, string>,
): string {
  const query = new URLSearchParams(request.query);
  for (const [name, value] of Object.entries(overrides)) {
    query.set(name, value);
  }
  return `${request.path}?${query.toString()}`;
}

/** Page `page` of `items`, `perPage` long, with the links to its neighbours. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  perPage: number,
  request: { path: string; query: URLSearchParams },
): { total: number; page: number; per_page: number; next?: string; previous?: string; items: T[] } {
  const start = (page - 1) * perPage;
  const link = (n: number) => pageLink(request, { page: String(n), per_page: String(perPage) });
  return {
    total: items.length,
    page,
    per_page: perPage,
    ...(start + perPage < items.length ? { next: link(page + 1) } : {}),
    ...(page > 1
      ? { previous: link(Math.min(page - 1, Math.ceil(items.length / perPage) || 1)) }
      : {}),
    items: items.slice(start, start + perPage),
  };
}
