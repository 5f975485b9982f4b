// The signed-out screens' scripts, which the SPA's build lists (webpack.config.ts) and the server names in
// index.html as preloads when it answers for such a screen's path (server/src/plugins/spa.ts): the browser then
// fetches the screen's chunks beside the entry's rather than after the entry has run.
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** By URL path (each path and alias of a signed-out screen): its chunks' scripts, as URL paths. */
export type RoutePreloads = Record<string, string[]>;
