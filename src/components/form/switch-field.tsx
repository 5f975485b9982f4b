// A yes/no field of a final-form as a labelled switch with a line of help under it.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useField } from 'react-final-form';

interface SwitchFieldProps {
  name: string;
  label: string;
  helperText: string;
  disabled?: boolean;
}

export function SwitchField({ name, label, helperText, disabled = false }: SwitchFieldProps) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={input.name}
            checked={Boolean(input.checked)}
            onChange={input.onChange}
            disabled={disabled}
          />
        }
        label={label}
      />
      <FormHelperText sx={{ mt: 0 }}>{helperText}</FormHelperText>
    </Box>
  );
}
