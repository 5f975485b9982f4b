import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { pathTo } from '@/config/routes';

export function NotFoundScreen() {
  return (
    <EmptyState
      icon={SearchOff}
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
      action={
        <Button
          component={RouterLink}
          to={pathTo('dashboard')}
          variant="contained"
          startIcon={<HomeOutlined />}
        >
          Go to Verifications
        </Button>
      }
    />
  );
}
