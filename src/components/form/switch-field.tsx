// A yes/no field of a final-form, as a labelled switch or tick box with a line of help under it that assistive
// technology reads with it.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useField } from 'react-final-form';

interface SwitchFieldProps {
  name: string;
  label: string;
  helperText: string;
  disabled?: boolean;
}

function YesNoField({
  control,
  name,
  label,
  helperText,
  disabled = false,
}: SwitchFieldProps & { control: 'switch' | 'tick box' }) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  const hintId = useId();
  const controlProps = {
    name: input.name,
    checked: Boolean(input.checked),
    onChange: input.onChange,
    disabled,
    slotProps: { input: { 'aria-describedby': hintId } },
  };
  return (
    <Box>
      <FormControlLabel
        control={
          control === 'switch' ? <Switch {...controlProps} /> : <Checkbox {...controlProps} />
        }
        label={label}
      />
      <FormHelperText id={hintId} sx={{ mt: 0 }}>
        {helperText}
      </FormHelperText>
    </Box>
  );
}

export function SwitchField(props: SwitchFieldProps) {
  return <YesNoField control="switch" {...props} />;
}

/** The same as a tick box: for a choice that goes with a form's other fields rather than turning a feature on. */
export function CheckboxField(props: SwitchFieldProps) {
  return <YesNoField control="tick box" {...props} />;
}
