/**
 * The distinct dotted paths of a failed zod parse, in first-reported order.
 * Distinct because one bad value may break two rules of the same field
 * (IsoDate reports both its pattern and its calendar check).
 */
export function issuePaths(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[] }[] };
}): string[] {
  const paths = result.error?.issues.map((issue) => issue.path.map(String).join('.')) ?? [];
  return [...new Set(paths)];
}
