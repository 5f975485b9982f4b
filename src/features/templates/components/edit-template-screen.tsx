import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

export function EditTemplateScreen() {
  return (
    <EmptyState
      icon={EditOutlined}
      title="Edit this template"
      description="Changes made here apply to the landing page of every verification that uses this template."
      action={
        <Button component={RouterLink} to={pathTo('templates')} variant="outlined">
          Back to Templates
        </Button>
      }
    />
  );
}
