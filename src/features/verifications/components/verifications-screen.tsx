import AddOutlined from '@mui/icons-material/AddOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

export function VerificationsScreen() {
  return (
    <EmptyState
      icon={VerifiedUserOutlined}
      title="No verifications yet"
      description="Every document you secure with a QR verification will be listed here, with its status and history."
      action={
        <Button
          component={RouterLink}
          to={pathTo('create-verification')}
          variant="contained"
          startIcon={<AddOutlined />}
        >
          Create Verification
        </Button>
      }
    />
  );
}
