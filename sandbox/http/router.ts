/**
 * A tiny route table shared by the broker pages and the data API: exact segments and `:name` parameters, so that
 * new data-API endpoints are one entry each.
 */
export interface Route<H> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      if (g === '') return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) {
      return undefined;
    }
  }
  return params;
}

export function matchRoute<H>(routes: readonly Route<H>[], method: string, pathname: string): RouteMatch<H> {
  // HEAD is served by the GET handler; Node drops the body of a HEAD response by itself.
  const effective = method === 'HEAD' ? 'GET' : method;
  const allow = new Set<string>();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.method === effective) return { kind: 'found', handler: route.handler, params };
    allow.add(route.method);
    if (route.method === 'GET') allow.add('HEAD');
  }
  return allow.size > 0 ? { kind: 'method-not-allowed', allow: [...allow] } : { kind: 'not-found' };
}
