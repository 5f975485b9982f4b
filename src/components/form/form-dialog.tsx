// A form in a dialog: its title, the form-wide error, the fields, then Cancel and the submit button (which waits
// while the form is sent). Creating and editing a record, inviting a user: each composes this.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';
import { Form, type FormProps } from 'react-final-form';

import { FormErrorAlert } from './form-error-alert';

interface FormDialogProps<Values> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The submit button's words, e.g. 'Create key'. */
  submitLabel: string;
  onSubmit: FormProps<Values>['onSubmit'];
  validate?: FormProps<Values>['validate'];
  initialValues: FormProps<Values>['initialValues'];
  /** The fields; a function of whether the form is being sent, to disable the ones that do not disable themselves. */
  children: ReactNode | ((state: { submitting: boolean }) => ReactNode);
}

export function FormDialog<Values>({
  open,
  onClose,
  title,
  submitLabel,
  onSubmit,
  validate,
  initialValues,
  children,
}: FormDialogProps<Values>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={3} sx={{ pt: 1 }}>
                <FormErrorAlert />
                {typeof children === 'function'
                  ? children({ submitting: Boolean(submitting) })
                  : children}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button onClick={onClose} color="inherit" disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                {submitLabel}
              </Button>
            </DialogActions>
          </form>
        )}
      />
    </Dialog>
  );
}
