// Removes what the global set-up made.
import { releaseApps } from '../../scripts/support/prepare-apps';

export default releaseApps;
