// `npm run verify -- <file> [--original <file>] [--jwks <file>] [--server <url>]`: checks a secured document's
// sealed QR code offline (verify-command.ts has the details; --help prints them).
import { runFromTerminal } from './cli-support';
import { runVerifyCli } from './verify-command';

runFromTerminal(runVerifyCli, 2);
