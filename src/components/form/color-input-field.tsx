// A colour as a react-final-form field: the browser's colour picker beside a text field for the
// #rrggbb value, both editing the same value. Errors show as in TextInputField.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useField } from 'react-final-form';

import { TextInputField } from './text-input-field';

import type { ChangeEvent, ReactNode } from 'react';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

interface ColorInputFieldProps {
  name: string;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}

export function ColorInputField({ name, label, helperText, disabled }: ColorInputFieldProps) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  const value = input.value ?? '';
  // The picker only takes a complete lower-case #rrggbb; while the text is half typed it keeps black.
  const pickerValue = HEX_COLOR.test(value) ? value.toLowerCase() : '#000000';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        value={pickerValue}
        onChange={(event: ChangeEvent<HTMLInputElement>) => input.onChange(event.target.value)}
        disabled={disabled}
        aria-label={`Choose ${label.toLowerCase()}`}
        sx={{
          flex: 'none',
          width: 56,
          height: 56,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
          '&::-webkit-color-swatch-wrapper': { p: 0 },
          '&::-webkit-color-swatch': { border: 0, borderRadius: 0.5 },
          '&::-moz-color-swatch': { border: 0, borderRadius: 0.5 },
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: 2,
          },
        }}
      />
      <TextInputField
        name={name}
        label={label}
        helperText={helperText}
        disabled={disabled}
        spellCheck={false}
        slotProps={{ htmlInput: { maxLength: 7, autoCapitalize: 'off', autoCorrect: 'off' } }}
      />
    </Stack>
  );
}
