import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

/** Separates alternative ways of doing the same thing, e.g. social sign-in and the email form. */
export function OrDivider() {
  return (
    <Divider sx={{ my: 3 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase' }}>
        or
      </Typography>
    </Divider>
  );
}
