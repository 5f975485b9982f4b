// `npm run sso -- …`: manages single sign-on connections in the app's database (the same settings as the
// server). With embedded PGlite, stop the server first: only one process can open its data folder.
import { runSsoCli } from './sso-command';

runSsoCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
