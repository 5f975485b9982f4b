import Typography from '@mui/material/Typography';

/** The heading block every public screen opens with. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ textAlign: 'center' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, textAlign: 'center' }}>
        {subtitle}
      </Typography>
    </>
  );
}
