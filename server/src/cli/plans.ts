// `npm run plans -- …`: lists the plans and changes their prices, Stripe price ids and limits in the app's
// database (the same settings as the server). With embedded PGlite, stop the server first: only one process can
// open its data folder.
import { runFromTerminal } from './cli-support';
import { runPlansCli } from './plans-command';

runFromTerminal(runPlansCli);
