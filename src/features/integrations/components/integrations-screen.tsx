// 'integrations': API keys the account's own code calls the API with, webhook endpoints its events are sent to,
// and where to read how the API works. On a plan without the API, it says so first and offers nothing to create.
import Stack from '@mui/material/Stack';

import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { pathTo } from '@/config/routes';
import { useFeatureAllowance } from '@/lib/use-plan-allowance';

import { ApiKeysSection } from './api-keys-section';
import { ApiReferenceCard } from './api-reference-card';
import { WebhooksSection } from './webhooks-section';

export function IntegrationsScreen() {
  const api = useFeatureAllowance('api_access');
  return (
    <Stack spacing={5}>
      {!api.isIncluded && (
        <PlanLimitNotice
          title={`API keys and webhooks are not in your ${api.planName} plan`}
          description={`An API key lets your own systems secure and manage documents through the API; a webhook tells them the moment something happens. ${
            api.upgradeTo
              ? `Both come with the ${api.upgradeTo.name} plan.`
              : 'No plan on sale here includes them.'
          } Keys made on an earlier plan stop working until the plan includes the API again.`}
          plansPath={pathTo('subscription-plans')}
          canChangePlan={api.canChangePlan}
          ownerName={api.ownerName}
        />
      )}
      <ApiReferenceCard />
      <ApiKeysSection isInPlan={api.isIncluded} />
      <WebhooksSection isInPlan={api.isIncluded} />
    </Stack>
  );
}
