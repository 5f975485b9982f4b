// Which rows of the verification the page lists, and what each row is called.
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useField } from 'react-final-form';

import { TextInputField } from '@/components/form/text-input-field';
import { TEMPLATE_FIELDS, TEMPLATE_LIMITS, type TemplateField } from '@common/templates';

import { FIELD_TITLES } from './template-form-schema';

function FieldRow({ field, disabled }: { field: TemplateField; disabled: boolean }) {
  const { input } = useField<boolean>(`fields.${field}.visible`, { type: 'checkbox' });
  const title = FIELD_TITLES[field];
  const isShown = Boolean(input.checked);
  return (
    // Side by side when there is room for both, the label under the switch when not.
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, py: 1.5 }}
    >
      <FormControlLabel
        sx={{ flex: '0 0 176px', mr: 0 }}
        control={
          <Switch
            name={input.name}
            checked={isShown}
            onChange={input.onChange}
            disabled={disabled}
          />
        }
        label={title}
      />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        {field === 'custom_fields' ? (
          <Typography variant="body2" color="text.secondary">
            Each custom field is labelled with its own name.
          </Typography>
        ) : (
          <TextInputField
            name={`fields.${field}.label`}
            label="Label"
            size="small"
            disabled={disabled || !isShown}
            slotProps={{
              htmlInput: { 'aria-label': `${title} label`, maxLength: TEMPLATE_LIMITS.label },
            }}
          />
        )}
      </Box>
    </Stack>
  );
}

export function VerificationFieldsInput({ disabled = false }: { disabled?: boolean }) {
  return (
    <Box>
      {TEMPLATE_FIELDS.map((field, index) => (
        <Fragment key={field}>
          {index > 0 && <Divider />}
          <FieldRow field={field} disabled={disabled} />
        </Fragment>
      ))}
    </Box>
  );
}
