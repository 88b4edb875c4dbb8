import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route the running app registered, read from Fastify's own route tree (printRoutes), so a
 * suite that walks them can never go stale as routes are added. HEAD (Fastify's twin of GET) is left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const ancestors: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4 - 1;
    ancestors.length = Math.max(depth, 0);
    ancestors.push(match[2]);
    for (const method of (match[3] ?? '').split(', ')) if (method && method !== 'HEAD') routes.push({ method, url: ancestors.join('') });
  }
  return routes;
}
