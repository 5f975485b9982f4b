import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a screen's code or the stored session loads. */
export function ScreenLoading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullPage ? '100vh' : 240,
      }}
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
