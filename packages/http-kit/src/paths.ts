/** `{name}` stays `{name}` in OpenAPI; `{name*}` (rest of path) becomes `{name}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/\{(\w+)\*\}/g, '{$1}');
}

/** `{name}` becomes `:name` and `{name*}` becomes express 5's `*name`. */
export function toExpressPath(path: string): string {
  return path.replace(/\{(\w+)\*\}/g, '*$1').replace(/\{(\w+)\}/g, ':$1');
}

/** Names of `{name*}` params, whose express value is an array of segments. */
export function restParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\*\}/g)].map((m) => m[1] as string);
}
