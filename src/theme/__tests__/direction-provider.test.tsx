// Right to left for MUI: the styles a component gets under DirectionProvider have their sides swapped.
import Alert from '@mui/material/Alert';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';

import { DirectionProvider, mirroredValue } from '@/theme/direction-provider';
import { theme } from '@/theme/theme';

describe('mirroredValue', () => {
  it('swaps the right and left of four-sided shorthands and corners', () => {
    expect(mirroredValue('margin', '1px 2px 3px 4px')).toBe('1px 4px 3px 2px');
    expect(mirroredValue('border-radius', '1px 2px 3px 4px')).toBe('2px 1px 4px 3px');
    expect(mirroredValue('border-radius', '1px 2px 3px')).toBe('2px 1px 2px 3px');
    expect(mirroredValue('text-align', 'left')).toBe('right');
  });

  it('leaves what has no sides, or what it cannot take apart, as it is', () => {
    expect(mirroredValue('margin', '0 auto')).toBe('0 auto');
    expect(mirroredValue('padding', 'calc(1px + 2px) 0 0 8px')).toBe('calc(1px + 2px) 0 0 8px');
    expect(mirroredValue('color', 'red')).toBe('red');
  });
});

describe('DirectionProvider', () => {
  it('puts an alert’s icon margin on the other side, in rules of their own', () => {
    render(
      <ThemeProvider theme={theme}>
        <DirectionProvider dir="rtl">
          <Alert>Text</Alert>
        </DirectionProvider>
      </ThemeProvider>,
    );

    const icon = document.querySelector<HTMLElement>('.MuiAlert-icon')!;
    expect(icon.className).toMatch(/muirtl-/);
    expect(getComputedStyle(icon).marginLeft).toBe('12px');
    expect(getComputedStyle(icon).marginRight).not.toBe('12px');
  });
});
