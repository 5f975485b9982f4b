import AddOutlined from '@mui/icons-material/AddOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

export function TemplatesScreen() {
  return (
    <EmptyState
      icon={WebOutlined}
      title="No templates yet"
      description="Templates shape the landing page people see when they scan the QR code on your documents."
      action={
        <Button
          component={RouterLink}
          to={pathTo('create-template')}
          variant="contained"
          startIcon={<AddOutlined />}
        >
          Create Template
        </Button>
      }
    />
  );
}
