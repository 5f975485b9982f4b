// The landing-page template every verification of the operation uses, with the account's default chosen until
// the user picks another.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useField } from 'react-final-form';

import { useGetBulkTemplateChoicesQuery } from '../api/bulk-api';

export function BulkTemplateField({ disabled }: { disabled?: boolean }) {
  const { input } = useField<string>('template_id', { subscription: { value: true } });
  const { data: choices, isLoading, isError } = useGetBulkTemplateChoicesQuery();
  const { onChange, value } = input;
  const defaultId = choices?.find((choice) => choice.is_default)?.id;
  useEffect(() => {
    if (!value && defaultId) onChange(defaultId);
  }, [value, defaultId, onChange]);
  const chosen = choices?.find((choice) => choice.id === value);
  const helperText = isError
    ? 'Templates could not be loaded; the default template will be used.'
    : chosen && !chosen.allow_download
      ? 'The public page of this template never offers the download.'
      : 'How the public verification pages look. Manage templates under Templates.';

  return (
    <TextField
      select
      fullWidth
      label="Landing-page template"
      name={input.name}
      value={chosen ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || isLoading || isError || !choices?.length}
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
