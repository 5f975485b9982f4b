// A dialog's form: the fields, Cancel, and a submit button that sends the values once they pass the rules.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/render-with-providers';

import { FormDialog } from '../form/form-dialog';
import { TextInputField } from '../form/text-input-field';

function renderDialog() {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  renderWithProviders(
    <FormDialog<{ name: string }>
      open
      onClose={onClose}
      title="Create an API key"
      submitLabel="Create key"
      onSubmit={onSubmit}
      validate={(values) => (values.name ? {} : { name: 'Name is required' })}
      initialValues={{ name: '' }}
    >
      <TextInputField name="name" label="Name" required />
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('is named by its title and sends the values that pass its rules', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();

    expect(screen.getByRole('dialog', { name: 'Create an API key' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Records sync');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'Records sync' },
      expect.anything(),
      expect.anything(),
    );
  });

  it('closes on Cancel without sending', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
