// 'Settings - Custom Domain': the account's verification pages on the issuer's own domain, in three steps — enter
// the domain, add its two DNS records and verify them, then it is in use. Shared users with view access see where
// it stands without the controls.
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { FormSection } from '@/components/form/form-section';
import { LoadErrorState } from '@/components/load-error-state';
import { NoAccessState } from '@/components/no-access-state';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { pathTo } from '@/config/routes';
import { apiErrorCode } from '@/lib/api/api-error-notification';
import { useCanEdit } from '@/lib/session/use-access';
import { useFeatureAllowance, type FeatureAllowance } from '@/lib/use-plan-allowance';

import { useGetCustomDomainQuery, type CustomDomain } from '../api/custom-domain-api';

import { DnsHostTips } from './dns-host-tips';
import { DnsRecords } from './dns-records';
import { DomainCheck } from './domain-check';
import { DomainForm } from './domain-form';
import { RemoveDomainDialog } from './remove-domain-dialog';
import { VerifiedDomain } from './verified-domain';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const STEPS = ['Enter your domain', 'Add DNS records', 'In use'];

/** The step the domain is at; past the last one once it is verified, so every step shows done. */
function activeStep(state: CustomDomain, isEditing: boolean): number {
  if (state.status === 'none' || isEditing) return 0;
  return state.status === 'verified' ? STEPS.length : 1;
}

function NotInPlan({ allowance }: { allowance: FeatureAllowance }) {
  const comesWith = allowance.upgradeTo
    ? `It comes with the ${allowance.upgradeTo.name} plan.`
    : 'No plan on sale here includes it.';
  return (
    <PlanLimitNotice
      title={`A custom domain is not in your ${allowance.planName} plan`}
      description={`With a custom domain, your QR codes open verification pages on an address of your own, such as verify.your-institution.edu. ${comesWith}`}
      plansPath={pathTo('subscription-plans')}
      canChangePlan={allowance.canChangePlan}
      ownerName={allowance.ownerName}
      headingLevel="h3"
    />
  );
}

function DomainActions({ onChange, onRemove }: { onChange?: () => void; onRemove: () => void }) {
  return (
    // Text buttons' padding would indent them from the card's text when they wrap under the title on a phone.
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', ml: { xs: -1, sm: 0 } }} useFlexGap>
      {onChange && (
        <Button size="small" startIcon={<EditOutlined />} onClick={onChange}>
          Change domain
        </Button>
      )}
      <Button size="small" color="error" startIcon={<DeleteOutlineOutlined />} onClick={onRemove}>
        Remove
      </Button>
    </Stack>
  );
}

function DomainSteps({ state, canEdit }: { state: CustomDomain; canEdit: boolean }) {
  const [isEditing, setIsEditing] = useState(false);
  const [removing, setRemoving] = useState<{ isOpen: boolean } | null>(null);
  const openRemove = () => setRemoving({ isOpen: true });
  const records = state.records;
  const txt = records.find((record) => record.type === 'TXT');
  const cname = records.find((record) => record.type === 'CNAME');

  let content;
  if (state.status === 'none' && !canEdit) {
    content = (
      <EmptyState
        icon={LanguageOutlined}
        title="No custom domain set up"
        description="Verification pages use our address. The account owner, or someone with edit access, can set up your own domain here."
      />
    );
  } else if (state.status === 'none' || isEditing) {
    content = (
      <DomainForm
        current={isEditing ? state.domain : null}
        onCancel={isEditing ? () => setIsEditing(false) : undefined}
        onSaved={() => setIsEditing(false)}
      />
    );
  } else if (state.status === 'verified') {
    content = (
      <FormSection
        title={state.domain ?? ''}
        description="Your verification pages are served on your own domain."
        action={canEdit && <DomainActions onRemove={openRemove} />}
      >
        <VerifiedDomain state={state} />
      </FormSection>
    );
  } else {
    content = (
      <>
        <FormSection
          title={state.domain ?? ''}
          description="Add these two records where your domain's DNS is managed, then verify."
          action={
            canEdit && <DomainActions onChange={() => setIsEditing(true)} onRemove={openRemove} />
          }
        >
          <Stack spacing={2}>
            <DnsRecords records={records} />
            {txt && cname && <DnsHostTips txtName={txt.name} cnameName={cname.name} />}
          </Stack>
        </FormSection>
        <FormSection title="Verification">
          <DomainCheck state={state} canEdit={canEdit} />
        </FormSection>
      </>
    );
  }

  return (
    <>
      <Stepper
        activeStep={activeStep(state, isEditing)}
        alternativeLabel
        aria-label="Steps"
        sx={{ '& .MuiStepLabel-label': { fontSize: { xs: 12, sm: 14 } } }}
      >
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {content}
      {removing && (
        <RemoveDomainDialog
          state={state}
          open={removing.isOpen}
          onClose={() => setRemoving({ isOpen: false })}
        />
      )}
    </>
  );
}

export function CustomDomainScreen() {
  const canEdit = useCanEdit('custom_domain');
  const { data, isLoading, isError, error, refetch } = useGetCustomDomainQuery();
  const allowance = useFeatureAllowance('custom_domain');

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Loading the custom domain">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  } else if (isError && !data) {
    content =
      apiErrorCode(error as FetchBaseQueryError) === 'permission_denied' ? (
        <NoAccessState area="custom_domain" />
      ) : (
        <LoadErrorState
          error={error}
          title="The custom domain could not be loaded"
          onRetry={() => void refetch()}
        />
      );
  } else if (data && !data.enabled) {
    content = (
      <EmptyState
        icon={InfoOutlined}
        title="Custom domains are not available here"
        description="This server is not set up to serve verification pages on your own domain, so they use our address. Ask the people who run it to turn custom domains on."
      />
    );
  } else if (data && !allowance.isIncluded && data.status === 'none') {
    // Nothing set up and nothing to set up on this plan: say so before the form is filled in.
    content = <NotInPlan allowance={allowance} />;
  } else if (data) {
    content = (
      <>
        {!allowance.isIncluded && <NotInPlan allowance={allowance} />}
        <DomainSteps state={data} canEdit={canEdit} />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h2" component="h2">
          Custom domain
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Let your QR codes open verification pages on your own domain: people trust an address they
          know, and nobody else can use it.
        </Typography>
      </div>
      {content}
    </Stack>
  );
}
