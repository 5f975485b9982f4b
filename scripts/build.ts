// `npm run build`: always rebuild the SPA into dist/.
import path from 'node:path';

import { buildSpa } from './spa-build';

buildSpa(path.resolve(__dirname, '..', 'dist')).then(
  () => console.log('Built dist/'),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
