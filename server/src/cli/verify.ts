// `npm run verify -- <file> [--original <file>] [--jwks <file>] [--server <url>]`: checks a secured document's
// sealed QR code offline (verify-command.ts has the details; --help prints them).
import { runVerifyCli } from './verify-command';

runVerifyCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(2);
  },
);
