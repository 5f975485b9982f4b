// Fastify names a plugin for its logs and errors. One without a display name is looked for in every loaded module
// (require.cache) first: a few milliseconds in a server process, but under jest, whose module registry holds
// thousands of entries, it came to about a tenth of each server test file's time, since every test app registers
// some forty route plugins. fastify-plugin sets this name on shared plugins; encapsulated ones (routes) get it here.
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** The plugin itself, carrying its function name where fastify looks for it first. */
export function named<Plugin extends (...args: never[]) => unknown>(plugin: Plugin): Plugin {
  return Object.assign(plugin, { [DISPLAY_NAME]: plugin.name });
}
