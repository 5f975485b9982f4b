// Extra facts shown on the verification page (licence number, grade…) as name–value rows.
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useField } from 'react-final-form';

import { TextInputField } from '@/components/form/text-input-field';
import { VERIFICATION_LIMITS } from '@common/verifications';

import type { CustomField } from '../api/verifications-api';

export function CustomFieldsInput({ disabled = false }: { disabled?: boolean }) {
  // Only the row count matters here; each row's fields subscribe to their own values.
  const { input } = useField<CustomField[]>('custom_fields', { subscription: { value: true } });
  const rows = input.value || [];

  const add = () => input.onChange([...rows, { key: '', value: '' }]);
  const remove = (index: number) => input.onChange(rows.filter((_, at) => at !== index));

  return (
    <Stack spacing={2}>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Add facts the verification page should show, such as a licence number or a grade.
        </Typography>
      )}
      {rows.map((_, index) => (
        <Stack
          // Rows have no identity of their own; removing one re-labels the rest, which is fine.
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{ alignItems: { sm: 'flex-start' } }}
          role="group"
          aria-label={`Custom field ${index + 1}`}
        >
          <TextInputField
            name={`custom_fields[${index}].key`}
            label="Field name"
            size="small"
            disabled={disabled}
            sx={{ flex: '1 1 0' }}
            slotProps={{ htmlInput: { maxLength: VERIFICATION_LIMITS.custom_field_key } }}
          />
          <Stack direction="row" spacing={1} sx={{ flex: '1 1 0', alignItems: 'flex-start' }}>
            <TextInputField
              name={`custom_fields[${index}].value`}
              label="Value"
              size="small"
              disabled={disabled}
              slotProps={{ htmlInput: { maxLength: VERIFICATION_LIMITS.custom_field_value } }}
            />
            <Tooltip title="Remove field">
              <Box component="span" sx={{ pt: 0.25 }}>
                <IconButton
                  aria-label={`Remove custom field ${index + 1}`}
                  onClick={() => remove(index)}
                  disabled={disabled}
                >
                  <DeleteOutlineOutlined />
                </IconButton>
              </Box>
            </Tooltip>
          </Stack>
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          onClick={add}
          disabled={disabled || rows.length >= VERIFICATION_LIMITS.custom_fields}
        >
          Add field
        </Button>
      </Box>
    </Stack>
  );
}
