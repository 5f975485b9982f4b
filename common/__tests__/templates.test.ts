import {
  contrastRatio,
  contrastWarnings,
  DEFAULT_TEMPLATE_DESIGN,
  isContactUrl,
  isHexColor,
} from '../templates';

describe('contrast (WCAG 2)', () => {
  test('black on white is 21:1 and a colour against itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#173f8a', '#173f8a')).toBeCloseTo(1, 5);
  });

  test('#767676 on white is the familiar just-AA grey', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  test('the default design reads well: no warnings', () => {
    expect(contrastWarnings(DEFAULT_TEMPLATE_DESIGN)).toEqual([]);
  });

  test('light grey text and a pale primary colour are both flagged', () => {
    const warnings = contrastWarnings({
      text_color: '#cccccc',
      background_color: '#ffffff',
      primary_color: '#ffd966',
    });

    expect(warnings.map((warning) => warning.field)).toEqual(['text_color', 'primary_color']);
  });

  test('text that suits a dark background still fails on the white cards', () => {
    const warnings = contrastWarnings({
      text_color: '#f0f0f0',
      background_color: '#101010',
      primary_color: '#173f8a',
    });

    expect(warnings.map((warning) => warning.field)).toEqual(['text_color']);
  });

  test('invalid colours give no warnings (validation reports them instead)', () => {
    expect(
      contrastWarnings({
        text_color: 'red',
        background_color: '#ffffff',
        primary_color: '#000000',
      }),
    ).toEqual([]);
  });
});

describe('value rules', () => {
  test.each([
    ['#a1b2c3', true],
    ['#A1B2C3', true],
    ['#abc', false],
    ['a1b2c3', false],
    ['#a1b2c3;', false],
  ])('isHexColor(%s) is %s', (value, expected) => {
    expect(isHexColor(value)).toBe(expected);
  });

  test.each([
    ['https://example.edu/contact', true],
    ['http://example.edu', true],
    ['mailto:registry@example.edu', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,<b>x</b>', false],
    ['example.edu', false],
    ['https://exa mple.edu', false],
  ])('isContactUrl(%s) is %s', (value, expected) => {
    expect(isContactUrl(value)).toBe(expected);
  });
});
