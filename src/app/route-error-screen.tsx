// Each route's error boundary: a crash (or a screen's code failing to load after a deploy)
// costs the user that one screen, not the whole app.
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { env } from '@/config/env';
import { browserLocation } from '@/lib/browser-location';
import { reportRouteError } from '@/lib/sentry';

export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportRouteError(error);
  }, [error]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <EmptyState
        icon={ErrorOutlineOutlined}
        tone="error"
        title="Something went wrong"
        description={`This page ran into a problem. Reloading usually fixes it; if it keeps happening, write to us at ${env.SUPPORT_EMAIL}.`}
        action={
          <Button
            variant="contained"
            startIcon={<RefreshOutlined />}
            onClick={() => browserLocation.reload()}
          >
            Reload Page
          </Button>
        }
      />
    </Box>
  );
}
