// 'integrations': API keys the account's own code calls the API with, webhook endpoints its events are sent to,
// and where to read how the API works.
import Stack from '@mui/material/Stack';

import { ApiKeysSection } from './api-keys-section';
import { ApiReferenceCard } from './api-reference-card';
import { WebhooksSection } from './webhooks-section';

export function IntegrationsScreen() {
  return (
    <Stack spacing={5}>
      <ApiReferenceCard />
      <ApiKeysSection />
      <WebhooksSection />
    </Stack>
  );
}
