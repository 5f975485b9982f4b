// One SPA build and one new PGlite folder for every spec (scripts/support/prepare-apps.ts).
import { prepareApps } from '../../scripts/support/prepare-apps';

export default prepareApps;
