// A react-final-form field drawn as an MUI TextField. Errors show once the field has been left:
// every validation message (one per line), or the submit error the server returned until the
// form is edited again.
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField, useFormState } from 'react-final-form';

import type { ReactNode } from 'react';

export type TextInputFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'
> & { name: string };

/** Validation errors are lists of messages; a submit error may be `true` (invalid, no words). */
function errorText(error: unknown): ReactNode {
  const messages = (Array.isArray(error) ? error : [error]).filter(
    (message): message is string => typeof message === 'string' && message !== '',
  );
  if (messages.length <= 1) return messages[0];
  return messages.map((message) => (
    <Box component="span" key={message} sx={{ display: 'block' }}>
      {message}
    </Box>
  ));
}

export function TextInputField({ name, helperText, ...textFieldProps }: TextInputFieldProps) {
  const { input, meta } = useField<string>(name);
  // The server judged the whole submission (wrong email *or* password), so any edit clears it.
  const { dirtySinceLastSubmit } = useFormState({ subscription: { dirtySinceLastSubmit: true } });
  const submitError = dirtySinceLastSubmit ? undefined : meta.submitError;
  const error = meta.error ?? submitError;
  const showError = Boolean(meta.touched && error);
  return (
    <TextField
      {...textFieldProps}
      name={input.name}
      value={input.value ?? ''}
      onChange={input.onChange}
      onBlur={input.onBlur}
      onFocus={input.onFocus}
      error={showError}
      helperText={(showError && errorText(error)) || helperText}
      fullWidth
    />
  );
}
