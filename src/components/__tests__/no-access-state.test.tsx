import { screen } from '@testing-library/react';

import { NoAccessState } from '@/components/no-access-state';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('NoAccessState', () => {
  it('names the area and says to ask the account owner', () => {
    renderWithProviders(<NoAccessState area="bulk" ownerName="Olivia Owner" />);
    expect(
      screen.getByRole('heading', { name: "You don't have access to bulk operations" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ask the account owner (Olivia Owner) to give you access.'),
    ).toBeInTheDocument();
  });

  it('says the user may not change the area when they lack edit, and leaves out an unknown owner', () => {
    renderWithProviders(<NoAccessState area="verifications" level="edit" />);
    expect(
      screen.getByRole('heading', { name: "You don't have access to change verifications" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ask the account owner for edit access.')).toBeInTheDocument();
  });
});
