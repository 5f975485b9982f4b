// A react-final-form field drawn as an outlined MUI text field. Errors show once the field has been
// left: every validation message (one per line), or the submit error the server returned until the
// form is edited again. It is put together from TextField's own parts because TextField always
// bundles Select (with Menu, Popover and Modal), which the sign-in screens would then download.
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';
import { useField, useFormState } from 'react-final-form';

import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { SxProps, Theme } from '@mui/material/styles';

/** TextField's props that the forms use, with the same names and slots. */
export interface TextInputFieldProps {
  name: string;
  label?: ReactNode;
  helperText?: ReactNode;
  type?: string;
  disabled?: boolean;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  spellCheck?: boolean;
  sx?: SxProps<Theme>;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputBaseComponentProps;
    inputLabel?: Partial<InputLabelProps>;
  };
}

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

function useFieldError(name: string) {
  const { input, meta } = useField<string>(name);
  // The server judged the whole submission (wrong email *or* password), so any edit clears it.
  const { dirtySinceLastSubmit } = useFormState({ subscription: { dirtySinceLastSubmit: true } });
  const submitError = dirtySinceLastSubmit ? undefined : meta.submitError;
  const error = meta.error ?? submitError;
  const showError = Boolean(meta.touched && error);
  return { input, showError, errorText: showError ? errorText(error) : undefined };
}

export function TextInputField({
  name,
  label,
  helperText,
  disabled,
  required,
  size,
  spellCheck,
  sx,
  slotProps = {},
  ...inputProps
}: TextInputFieldProps) {
  const { input, showError, errorText: shownError } = useFieldError(name);
  const id = useId();
  const shownHelperText = shownError || helperText;
  const helperTextId = shownHelperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl
      fullWidth
      disabled={disabled}
      required={required}
      error={showError}
      size={size}
      sx={sx}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...inputProps}
        id={id}
        fullWidth
        name={input.name}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        label={hasLabel ? label : undefined}
        notched={slotProps.inputLabel?.shrink}
        aria-describedby={helperTextId}
        inputProps={{ spellCheck, ...slotProps.htmlInput }}
        {...slotProps.input}
      />
      {shownHelperText && <FormHelperText id={helperTextId}>{shownHelperText}</FormHelperText>}
    </FormControl>
  );
}
