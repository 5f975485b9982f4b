import { safeNextPath } from '@/features/auth/next-path';

describe('safeNextPath', () => {
  it.each([
    ['/templates/7/edit?tab=design', '/templates/7/edit?tab=design'],
    ['/', '/'],
    [null, null],
    ['', null],
    ['https://evil.example/phish', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
  ])('accepts %j as %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
