// The form-wide error under a form: the server's sentence and the problems no field shows, until the
// user changes something.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useFormState } from 'react-final-form';

import type { FormWideError } from '@/lib/forms/submission-errors';

export function FormErrorAlert() {
  const { submitError, dirtySinceLastSubmit } = useFormState({
    subscription: { submitError: true, dirtySinceLastSubmit: true },
  });
  const formError = dirtySinceLastSubmit ? undefined : (submitError as FormWideError | undefined);
  if (!formError) return null;
  return (
    <Alert severity="error" role="alert">
      {formError.message}
      {formError.more && formError.more.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {formError.more.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
