import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { PRODUCT_NAME } from '@/config/product';

/** The product's logo and name; the name hides in tight spots such as the collapsed sidebar. */
export function ProductMark({ showName = true }: { showName?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <QrCode2 fontSize="small" />
      </Box>
      {showName && (
        <Typography component="span" variant="h3" noWrap>
          {PRODUCT_NAME}
        </Typography>
      )}
    </Box>
  );
}
