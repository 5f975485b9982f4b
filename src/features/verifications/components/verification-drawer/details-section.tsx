// What the verification says about the document: holder, dates, custom fields and the download rule.
import { Fact, Facts } from '@/components/fact-list';

import { formatCalendarDate } from '../../format';

import { Section } from './facts';

import type { Verification } from '../../api/verifications-api';

export function DetailsSection({ verification }: { verification: Verification }) {
  return (
    <Section title="Details">
      <Facts>
        <Fact label="Holder">{verification.holder_name}</Fact>
        <Fact label="Issue date">{formatCalendarDate(verification.issue_date)}</Fact>
        <Fact label="Expiry date">
          {verification.expiry_date
            ? formatCalendarDate(verification.expiry_date)
            : 'Does not expire'}
        </Fact>
        {verification.custom_fields.map(({ key, value }) => (
          <Fact key={key} label={key}>
            {value}
          </Fact>
        ))}
        <Fact label="Download">
          {verification.allow_download
            ? 'Allowed from the verification page'
            : 'Not offered on the verification page'}
        </Fact>
      </Facts>
    </Section>
  );
}
