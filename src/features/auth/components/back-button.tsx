import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

type BackButtonProps = { to: string; onClick?: never } | { onClick: () => void; to?: never };

/** The product's '< Back': returns to the previous step of a flow, or to another screen. */
export function BackButton({ to, onClick }: BackButtonProps) {
  const sx = { alignSelf: 'flex-start', ml: -1, mb: 1, px: 1 } as const;
  const label = '< Back';
  if (to !== undefined) {
    return (
      <Button component={RouterLink} to={to} variant="text" size="small" sx={sx}>
        {label}
      </Button>
    );
  }
  return (
    <Button onClick={onClick} variant="text" size="small" sx={sx}>
      {label}
    </Button>
  );
}
