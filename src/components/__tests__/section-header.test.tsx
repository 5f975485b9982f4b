// A section opens with a heading that can label its region, what it is for, and its main action.
import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';

import { renderWithProviders } from '@/testing/render-with-providers';

import { SectionHeader } from '../section-header';

describe('SectionHeader', () => {
  it('shows the heading, its description, extra lines and the action', () => {
    renderWithProviders(
      <section aria-labelledby="users-heading">
        <SectionHeader
          id="users-heading"
          title="Users"
          description="People who work under your account."
          action={<Button>Invite</Button>}
        >
          <p>2 of 5 seats used</p>
        </SectionHeader>
      </section>,
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('People who work under your account.')).toBeInTheDocument();
    expect(screen.getByText('2 of 5 seats used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });

  it('shows no action when there is none to take', () => {
    renderWithProviders(
      <SectionHeader title="Templates" description="The page people see." action={false} />,
    );

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
