// Stands in for '@uppy/companion' under jest (see moduleNameMapper in jest.config.ts): Companion and the packages
// it uses are ES modules, which Node (>= 20.19) loads with require() but jest's module loader cannot without
// transforming dozens of them. jest replaces require, node:module and process.getBuiltinModule inside tests,
// so Node's own loader is reached through the real process object of the main context.
import { runInThisContext } from 'node:vm';

const nodeProcess = runInThisContext('process') as NodeJS.Process;
const { createRequire } = nodeProcess.getBuiltinModule('node:module');

module.exports = createRequire(__filename)('@uppy/companion');
