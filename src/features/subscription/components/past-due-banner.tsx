// Shown above every signed-in screen while a payment has failed and Stripe is retrying. It reads the one cached
// subscription query; when that cannot be loaded it shows nothing (the Overview has the error state).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

import { useAppSelector } from '@/app/hooks';
import { selectIsSharedUser } from '@/lib/session/session-slice';

import { useGetSubscriptionQuery } from '../api/subscription-api';

import { useOpenBillingPortal } from './use-stripe-redirect';

export function PastDueBanner() {
  const { data } = useGetSubscriptionQuery();
  const isSharedUser = useAppSelector(selectIsSharedUser);
  const portal = useOpenBillingPortal();
  if (data?.status !== 'past_due') return null;
  const canUpdatePayment = !isSharedUser && data.billing_portal;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{
        mb: 3,
        bgcolor: 'background.paper',
        alignItems: { sm: 'center' },
        '& .MuiAlert-message': { flex: 1 },
      }}
    >
      {/* The button goes under the sentence on a phone, so the sentence keeps the width to read well. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <span>Your last payment failed. Update your payment method to keep your plan.</span>
        {canUpdatePayment && (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            loading={portal.isOpening}
            onClick={() => void portal.open()}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Update payment
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
