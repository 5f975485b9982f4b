// The verification's QR code as the server drew it (fetched with the bearer).
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

import { useGetVerificationQrImageQuery } from '../api/verifications-api';

export function VerificationQrImage({
  id,
  code,
  size = 160,
}: {
  id: string;
  code: string;
  size?: number;
}) {
  const { data, isLoading, isError } = useGetVerificationQrImageQuery({ id, format: 'png' });
  const frame = {
    width: size,
    height: size,
    borderRadius: 2,
    border: '1px solid',
    borderColor: 'divider',
    bgcolor: '#fff',
    p: 1,
    flexShrink: 0,
  } as const;
  if (isLoading) {
    return (
      <Skeleton
        variant="rounded"
        width={size}
        height={size}
        role="progressbar"
        aria-label="Loading the QR code"
      />
    );
  }
  if (isError || !data) {
    return (
      <Box
        sx={{ ...frame, display: 'grid', placeItems: 'center', color: 'action.disabled' }}
        role="img"
        aria-label="QR code not available"
      >
        <QrCode2 sx={{ fontSize: size / 2 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={data}
      alt={`QR code for verification ${code}`}
      sx={{ ...frame, display: 'block', objectFit: 'contain' }}
    />
  );
}
