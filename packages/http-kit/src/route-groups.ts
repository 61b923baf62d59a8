import type { AnyRoute } from './define-route.js';

/**
 * Routes that are mounted together or not at all, e.g. the jobs API only
 * when REDIS_URL is set. `mountIf` reads whatever the app decides on (its
 * config); a group without it is always mounted. Whatever derives from the
 * mounted routes (health flags, OpenAPI) then tells the truth by itself.
 */
export interface RouteGroup<Ctx, On> {
  name: string;
  routes: readonly AnyRoute<Ctx>[];
  mountIf?: (on: On) => boolean;
}

export function routeGroup<Ctx, On>(group: RouteGroup<Ctx, On>): RouteGroup<Ctx, On> {
  return group;
}

/** The routes of every group whose condition holds, in declaration order. */
export function mountedRoutes<Ctx, On>(
  groups: readonly RouteGroup<Ctx, On>[],
  on: On,
): AnyRoute<Ctx>[] {
  return groups.filter((group) => group.mountIf?.(on) ?? true).flatMap((group) => group.routes);
}
