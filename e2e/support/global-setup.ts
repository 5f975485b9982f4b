// Build the SPA once for every spec (skipped when dist/ is current).
import { ensureSpaBuilt } from '../../scripts/spa-build';

export default async function globalSetup() {
  await ensureSpaBuilt();
}
