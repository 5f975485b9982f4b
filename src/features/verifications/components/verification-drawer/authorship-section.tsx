// Who created the verification and when it last changed.
import Typography from '@mui/material/Typography';

import { formatDateTime } from '@/lib/dates';

import { authorName } from '../../format';

import { Fact, Facts, Section } from './facts';

import type { Verification } from '../../api/verifications-api';

export function AuthorshipSection({ verification }: { verification: Verification }) {
  const { created_by: author } = verification;
  return (
    <Section title="Record">
      <Facts>
        <Fact label="Created by">
          {authorName(author)}
          {author.name && (
            <Typography variant="body2" color="text.secondary">
              {author.email}
            </Typography>
          )}
        </Fact>
        <Fact label="Created">{formatDateTime(verification.created_at)}</Fact>
        <Fact label="Updated">{formatDateTime(verification.updated_at)}</Fact>
      </Facts>
    </Section>
  );
}
