// A one-time code typed into separate cells: one digit per cell, a dash after the
// third, typing moves on, Backspace moves back, and a pasted code fills the cells.
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import { Fragment, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';

import { OTP_LENGTH } from '@common/auth';

interface OtpInputProps {
  /** Called with the digits entered so far; the code is complete at `length` characters. */
  onChange: (code: string) => void;
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Names the group of cells for screen readers. */
  label?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

export function OtpInput({
  onChange,
  length = OTP_LENGTH,
  disabled = false,
  autoFocus = false,
  label = 'Verification code',
}: OtpInputProps) {
  const [cells, setCells] = useState<string[]>(() => Array<string>(length).fill(''));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const separatorAfter = Math.floor(length / 2);

  const focusCell = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(index, length - 1))];
    input?.focus();
    input?.select();
  };

  const update = (next: string[]) => {
    setCells(next);
    onChange(next.join(''));
  };

  /** Writes `digits` into the cells from `start` on, then focuses the cell after the last one. */
  const fillFrom = (start: number, digits: string) => {
    const next = [...cells];
    const written = digits.slice(0, length - start);
    [...written].forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    update(next);
    focusCell(start + written.length);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      fillFrom(index, event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      // A filled cell is cleared where it is; from an empty cell, Backspace goes back one.
      const target = cells[index] ? index : index - 1;
      if (target < 0) return;
      const next = [...cells];
      next[target] = '';
      update(next);
      focusCell(target);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusCell(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusCell(index + 1);
    } else if (event.key.length === 1) {
      // Letters, spaces and signs are not part of a code.
      event.preventDefault();
    }
  };

  // Virtual keyboards and one-time-code autofill change the value without a usable keydown.
  const handleChange = (index: number, value: string) => {
    const digits = onlyDigits(value);
    if (!digits) {
      const next = [...cells];
      next[index] = '';
      update(next);
      return;
    }
    const previous = cells[index];
    const typed =
      previous && digits.startsWith(previous) && digits.length > 1
        ? digits.slice(previous.length)
        : digits;
    fillFrom(index, typed);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (!digits) return;
    const next = Array<string>(length).fill('');
    [...digits].forEach((digit, index) => {
      next[index] = digit;
    });
    update(next);
    focusCell(digits.length);
  };

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        gap: { xs: 0.75, sm: 1.25 },
      }}
    >
      {cells.map((digit, index) => (
        <Fragment key={index}>
          {index === separatorAfter && (
            <Box
              component="span"
              aria-hidden
              data-testid="otp-separator"
              sx={{ color: 'text.secondary', fontWeight: 600, px: { xs: 0.25, sm: 0.5 } }}
            >
              –
            </Box>
          )}
          <InputBase
            value={digit}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            inputRef={(element: HTMLInputElement | null) => {
              inputs.current[index] = element;
            }}
            onChange={(event) => handleChange(index, event.target.value)}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => handleKeyDown(index, event)}
            onPaste={handlePaste}
            onFocus={(event) => event.target.select()}
            slotProps={{
              input: {
                'aria-label': `Digit ${index + 1} of ${length}`,
                inputMode: 'numeric',
                pattern: '[0-9]*',
                autoComplete: index === 0 ? 'one-time-code' : 'off',
              },
            }}
            sx={(theme) => ({
              width: { xs: 38, sm: 48 },
              height: { xs: 48, sm: 56 },
              border: `1px solid ${theme.palette.divider}`,
              borderRadius: 2,
              bgcolor: 'background.paper',
              fontSize: '1.25rem',
              fontWeight: 600,
              transition: theme.transitions.create(['border-color', 'box-shadow']),
              '&.Mui-focused': {
                borderColor: theme.palette.primary.main,
                boxShadow: `0 0 0 3px ${theme.palette.primary.main}33`,
              },
              '& input': { textAlign: 'center', p: 0, height: '100%' },
            })}
          />
        </Fragment>
      ))}
    </Box>
  );
}
