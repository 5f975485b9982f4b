// `npm run document-signing -- …`: the operator revokes an uploaded certificate or rotates the install's CA. With
// embedded PGlite, stop the server first: only one process can open its data folder.
import { runFromTerminal } from './cli-support';
import { runDocumentSigningCli } from './document-signing-command';

runFromTerminal(runDocumentSigningCli);
