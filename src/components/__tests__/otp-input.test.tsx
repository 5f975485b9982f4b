import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { OtpInput } from '@/components/otp-input';

function renderOtpInput() {
  const onChange = jest.fn<void, [string]>();
  const user = userEvent.setup({ delay: null });
  render(<OtpInput onChange={onChange} />);
  const cells = screen.getAllByRole('textbox');
  const lastCode = () => onChange.mock.calls.at(-1)?.[0];
  return { user, onChange, cells, lastCode };
}

describe('OTP input', () => {
  it('has six labelled cells with a dash after the third', () => {
    const { cells } = renderOtpInput();

    expect(cells).toHaveLength(6);
    expect(cells[0]).toHaveAccessibleName('Digit 1 of 6');
    expect(cells[0]).toHaveAttribute('inputmode', 'numeric');
    const dash = screen.getByTestId('otp-separator');
    expect(dash).toHaveTextContent('–');
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(cells[2], dash)).toBe(true);
    expect(follows(dash, cells[3])).toBe(true);
    expect(screen.getAllByTestId('otp-separator')).toHaveLength(1);
  });

  it('moves to the next cell after each digit and reports the code', async () => {
    const { user, cells, lastCode } = renderOtpInput();

    await user.click(cells[0]);
    await user.keyboard('1');
    expect(cells[0]).toHaveValue('1');
    expect(cells[1]).toHaveFocus();

    await user.keyboard('23456');
    expect(cells.map((cell) => (cell as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(lastCode()).toBe('123456');
  });

  it('accepts digits only', async () => {
    const { user, cells, onChange } = renderOtpInput();

    await user.click(cells[0]);
    await user.keyboard('a-. e');
    expect(cells[0]).toHaveValue('');
    expect(cells[0]).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('goes back with Backspace, clearing the digit before', async () => {
    const { user, cells, lastCode } = renderOtpInput();

    await user.click(cells[0]);
    await user.keyboard('123');
    expect(cells[3]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(cells[2]).toHaveFocus();
    expect(cells[2]).toHaveValue('');
    expect(lastCode()).toBe('12');

    await user.keyboard('{Backspace}');
    expect(cells[1]).toHaveFocus();
    expect(lastCode()).toBe('1');
  });

  it('clears a filled cell in place with Backspace', async () => {
    const { user, cells, lastCode } = renderOtpInput();

    await user.click(cells[0]);
    await user.keyboard('123456');
    expect(cells[5]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(cells[5]).toHaveValue('');
    expect(lastCode()).toBe('12345');
  });

  it('fills the cells from a pasted code, cut to six digits', async () => {
    const { user, cells, lastCode } = renderOtpInput();

    await user.click(cells[3]);
    await user.paste('98765432');

    expect(cells.map((cell) => (cell as HTMLInputElement).value).join('')).toBe('987654');
    expect(lastCode()).toBe('987654');
    expect(cells[5]).toHaveFocus();
  });

  it('keeps only the digits of pasted text', async () => {
    const { user, cells, lastCode } = renderOtpInput();

    await user.click(cells[0]);
    await user.paste(' 12-34 ');

    expect(lastCode()).toBe('1234');
    expect(cells[4]).toHaveFocus();
  });

  it('ignores pasted text without digits', async () => {
    const { user, cells, onChange } = renderOtpInput();

    await user.click(cells[0]);
    await user.paste('code');

    expect(onChange).not.toHaveBeenCalled();
  });
});
