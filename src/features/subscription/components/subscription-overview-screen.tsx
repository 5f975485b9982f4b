import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';
import { selectIsSharedUser } from '@/lib/session/session-slice';

export function SubscriptionOverviewScreen() {
  const isSharedUser = useAppSelector(selectIsSharedUser);
  return (
    <EmptyState
      icon={CreditCardOutlined}
      title="Your subscription"
      description="Your plan, its usage and your billing details will be summarised here."
      action={
        // Plans are the owner's decision, so shared users get no way there.
        !isSharedUser && (
          <Button component={RouterLink} to={pathTo('subscription-plans')} variant="contained">
            See Plans
          </Button>
        )
      }
    />
  );
}
