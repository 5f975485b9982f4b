// 'Payment Failed': Stripe sends the user here when they leave Checkout or the payment does not go through.
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { EmptyState } from '@/components/empty-state';
import { env } from '@/config/env';
import { pathTo } from '@/config/routes';
import { selectIsSharedUser } from '@/lib/session/session-slice';

export function PaymentFailedScreen() {
  const isSharedUser = useAppSelector(selectIsSharedUser);
  return (
    <EmptyState
      icon={ErrorOutlineOutlined}
      tone="error"
      title="Payment not completed"
      description={
        <>
          The payment was canceled or did not go through, so nothing was charged and your plan has
          not changed.
        </>
      }
      action={
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {isSharedUser ? (
            <Button component={RouterLink} to={pathTo('subscription-overview')} variant="contained">
              Back to Subscription
            </Button>
          ) : (
            <Button component={RouterLink} to={pathTo('subscription-plans')} variant="contained">
              Try again
            </Button>
          )}
          <Typography variant="body2" color="text.secondary">
            {'Card declined or something unclear? Write to us at '}
            <Link href={`mailto:${env.SUPPORT_EMAIL}`}>{env.SUPPORT_EMAIL}</Link>.
          </Typography>
        </Stack>
      }
    />
  );
}
