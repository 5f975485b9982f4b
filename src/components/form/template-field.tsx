// The landing-page template the public pages render with: one verification's form and a bulk operation's.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useField } from 'react-final-form';

import { useGetTemplateChoicesQuery } from '@/lib/api/template-choices-api';

/** The landing-page template, with the account's default chosen until the user picks another. */
export function TemplateField({ disabled = false }: { disabled?: boolean }) {
  const { input, meta } = useField<string>('template_id', {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const { data: choices, isLoading, isError } = useGetTemplateChoicesQuery();
  const { onChange, value } = input;
  const defaultId = choices?.find((choice) => choice.is_default)?.id;
  useEffect(() => {
    if (!value && defaultId) onChange(defaultId);
  }, [value, defaultId, onChange]);
  const submitError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  const chosen = choices?.find((choice) => choice.id === value);
  const helperText =
    (Array.isArray(submitError) ? submitError[0] : submitError) ??
    (isError
      ? 'Templates could not be loaded; the default template will be used.'
      : chosen && !chosen.allow_download
        ? 'The public page of this template never offers the download.'
        : 'How the public verification pages look. Manage templates under Templates.');

  return (
    <TextField
      select
      fullWidth
      label="Landing-page template"
      name={input.name}
      value={choices?.some((choice) => choice.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || isLoading || isError || !choices?.length}
      error={Boolean(submitError)}
      helperText={helperText}
    >
      {(choices ?? []).map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.is_default ? `${choice.name} (default)` : choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
