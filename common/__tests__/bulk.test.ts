import { formatDesignDate, normaliseColumnName, suggestColumnMapping } from '../bulk';

test('headers match the standard fields whatever their case, spaces, underscores or hyphens', () => {
  expect(normaliseColumnName(' Holder Name ')).toBe('holdername');
  expect(normaliseColumnName('holder_name')).toBe('holdername');
  expect(normaliseColumnName('Issue-Date')).toBe('issuedate');

  const columns = ['File', 'Holder Name', 'TITLE', 'issue date', 'Expiry_Date', 'Grade'];
  expect(suggestColumnMapping(columns, 'documents')).toEqual({
    file: 'File',
    holder_name: 'Holder Name',
    title: 'TITLE',
    issue_date: 'issue date',
    expiry_date: 'Expiry_Date',
  });
  // A design has no documents to name.
  expect(suggestColumnMapping(columns, 'design')).not.toHaveProperty('file');
  expect(suggestColumnMapping(['Name', 'Course'], 'documents')).toEqual({});
});

test('a design writes dates in the format its field asks for', () => {
  expect(formatDesignDate('2026-03-05')).toBe('2026-03-05');
  expect(formatDesignDate('2026-03-05', 'D MMMM YYYY')).toBe('5 March 2026');
  expect(formatDesignDate('2026-03-05', 'MMMM D, YYYY')).toBe('March 5, 2026');
  expect(formatDesignDate('2026-03-05', 'DD/MM/YYYY')).toBe('05/03/2026');
  expect(formatDesignDate('2026-03-05', 'MM/DD/YYYY')).toBe('03/05/2026');
});
