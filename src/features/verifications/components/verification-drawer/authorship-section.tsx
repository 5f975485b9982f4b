// Who created the verification (and in which bulk operation) and when it last changed.
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { Fact, Facts } from '@/components/fact-list';
import { formatDateTime } from '@/lib/dates';

import { bulkOperationFilterPath } from '../../filters';
import { authorName } from '../../format';

import { Section } from './facts';

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
        {verification.bulk_operation && (
          <Fact label="Bulk operation">
            <Link
              component={RouterLink}
              to={bulkOperationFilterPath(verification.bulk_operation.id)}
              aria-label={`Bulk operation: ${verification.bulk_operation.name}. Show its verifications`}
            >
              {verification.bulk_operation.name}
            </Link>
          </Fact>
        )}
        <Fact label="Created">{formatDateTime(verification.created_at)}</Fact>
        <Fact label="Updated">{formatDateTime(verification.updated_at)}</Fact>
      </Facts>
    </Section>
  );
}
