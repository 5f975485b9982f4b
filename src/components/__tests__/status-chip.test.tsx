// A status is always said in a word with an icon, never by colour alone.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { screen } from '@testing-library/react';

import { renderWithProviders } from '@/testing/render-with-providers';

import { StatusChip } from '../status-chip';

describe('StatusChip', () => {
  it('names the status in words beside its icon', () => {
    renderWithProviders(<StatusChip label="Active" color="success" icon={CheckCircleOutlined} />);

    const chip = screen.getByText('Active').closest('.MuiChip-root');
    expect(chip).not.toBeNull();
    expect(chip?.querySelector('svg[data-testid="CheckCircleOutlinedIcon"]')).not.toBeNull();
  });
});
