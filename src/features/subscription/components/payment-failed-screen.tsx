import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

export function PaymentFailedScreen() {
  return (
    <EmptyState
      icon={ErrorOutlineOutlined}
      tone="error"
      title="Payment failed"
      description="We could not complete your payment. Check your payment details and try again."
      action={
        <Button component={RouterLink} to={pathTo('subscription-overview')} variant="contained">
          Back to Subscription
        </Button>
      }
    />
  );
}
