import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

export function PaymentConfirmedScreen() {
  return (
    <EmptyState
      icon={CheckCircleOutlined}
      tone="success"
      title="Payment completed"
      description="Thank you. Your payment went through and you can carry on securing documents."
      action={
        <Button component={RouterLink} to={pathTo('dashboard')} variant="contained">
          Go to Verifications
        </Button>
      }
    />
  );
}
