// Records read as a table on a wide screen and as cards on a phone, with the columns a user may see.
import CardContent from '@mui/material/CardContent';
import { screen, within } from '@testing-library/react';

import { emulatePhoneWidth } from '@/testing/phone-width';
import { renderWithProviders } from '@/testing/render-with-providers';

import { ResponsiveList } from '../responsive-list';

interface Key {
  id: string;
  name: string;
  lastUsed: string;
}

const KEYS: Key[] = [
  { id: '1', name: 'Registrar', lastUsed: 'Never used' },
  { id: '2', name: 'Archive', lastUsed: '5 March 2026' },
];

function renderKeys({ canEdit }: { canEdit: boolean }) {
  renderWithProviders(
    <ResponsiveList
      label="API keys"
      items={KEYS}
      keyOf={(key) => key.id}
      columns={[
        { header: 'Name', cell: (key) => key.name },
        { header: 'Last used', cell: (key) => key.lastUsed },
        canEdit && { header: 'Actions', align: 'right', cell: (key) => `Revoke ${key.name}` },
      ]}
      card={(key) => (
        <CardContent>
          {key.name}, last used: {key.lastUsed}
        </CardContent>
      )}
    />,
  );
}

describe('ResponsiveList', () => {
  it('shows a table with a row per item on a wide screen', () => {
    renderKeys({ canEdit: true });

    const table = screen.getByRole('table', { name: 'API keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Last used', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('Registrar')).toBeInTheDocument();
    expect(within(second).getByText('5 March 2026')).toBeInTheDocument();
  });

  it('leaves out a column given as false', () => {
    renderKeys({ canEdit: false });

    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Revoke Registrar')).not.toBeInTheDocument();
  });

  it('shows a list of cards on a phone', () => {
    const restoreWidth = emulatePhoneWidth();
    try {
      renderKeys({ canEdit: true });

      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'API keys' })).getAllByRole('listitem');
      expect(cards.map((card) => card.textContent)).toEqual([
        'Registrar, last used: Never used',
        'Archive, last used: 5 March 2026',
      ]);
    } finally {
      restoreWidth();
    }
  });
});
