// The signed-out frame: one centred card under the product's name.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Outlet } from 'react-router-dom';

import { LegalLinks } from '@/components/legal-links';
import { ProductMark } from '@/components/product-mark';

export function PublicLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: 4,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <ProductMark />
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Outlet />
          </CardContent>
        </Card>
        <LegalLinks sx={{ mt: 3, justifyContent: 'center' }} />
      </Box>
    </Box>
  );
}
