import AddOutlined from '@mui/icons-material/AddOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

export function BulkOperationsScreen() {
  return (
    <EmptyState
      icon={LibraryAddOutlined}
      title="No bulk operations yet"
      description="Secure many documents in one go. Each bulk operation and its progress will appear here."
      action={
        <Button
          component={RouterLink}
          to={pathTo('create-bulk-verification')}
          variant="contained"
          startIcon={<AddOutlined />}
        >
          Create Bulk Verification
        </Button>
      }
    />
  );
}
