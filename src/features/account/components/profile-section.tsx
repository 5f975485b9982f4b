// Profile: the person's name, the organisation public pages name as the issuer (how they name it now, what would
// prove it, and a preview of a new name's words), and the industry the onboarding scene asked about.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Field, Form, useFormState } from 'react-final-form';

import { FormSection } from '@/components/form/form-section';
import { SubmitBar } from '@/components/form/submit-bar';
import { TextInputField } from '@/components/form/text-input-field';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { INDUSTRIES } from '@/lib/industries';
import { notify } from '@/lib/notify';
import { issuerWords, type IssuerIdentity } from '@common/issuer-identity';

import { useSaveProfileMutation, type UserProfile } from '../api/account-api';

import { IssuerIdentityNotice } from './issuer-identity-notice';
import { validateProfile } from './profile-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface ProfileValues {
  first_name: string;
  last_name?: string;
  organisation_name?: string;
  industry: string;
}

const FIELDS = new Set(['first_name', 'last_name', 'organisation_name', 'industry']);

/** A cleared field is undefined in final-form's values. */
function personName(values: { first_name?: string; last_name?: string }): string {
  return `${values.first_name?.trim() ?? ''} ${values.last_name?.trim() ?? ''}`.trim();
}

/** The words a seal and a public page would use for the account under a new name (common/public-page). */
function issuerTitle(identity: IssuerIdentity, name: string): string {
  const words = issuerWords({ ...identity, declared_name: name, declared_name_withheld: null });
  return words.isProven
    ? `Sealed by ${words.name}${words.note ? ` (${words.note})` : ''}`
    : `Issued by ${words.name}${words.note ? ` — ${words.note}` : ''}`;
}

/**
 * 'When saved, public pages will say: …', once the fields name the account differently from now. Whether another
 * account's name reads the same only the server knows: the notice says so after saving.
 */
function IssuerPreview({ profile }: { profile: UserProfile }) {
  const { values } = useFormState<ProfileValues>({ subscription: { values: true } });
  const name = values.organisation_name?.trim() || personName(values);
  const isRenamed = name !== '' && name !== profile.issuer_name;
  // The live region stays (empty) so that a screen reader hears the preview when it appears.
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      aria-live="polite"
      sx={{ '&:empty': { mt: 0 } }}
    >
      {isRenamed && (
        <>
          When saved, public pages will say:{' '}
          <Typography
            component="span"
            variant="body2"
            sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {issuerTitle(profile.issuer_identity, name)}
          </Typography>
        </>
      )}
    </Typography>
  );
}

function IndustryField({ current }: { current: string | null }) {
  // An industry saved before the list changed stays choosable.
  const options =
    current && !INDUSTRIES.includes(current as never) ? [...INDUSTRIES, current] : INDUSTRIES;
  return (
    <Field<string> name="industry">
      {({ input, meta }) => {
        const error = meta.touched
          ? ((meta.error ?? meta.submitError) as string[] | undefined)
          : undefined;
        return (
          <TextField
            select
            label="Industry"
            name={input.name}
            value={input.value ?? ''}
            onChange={input.onChange}
            onBlur={input.onBlur}
            error={Boolean(error)}
            helperText={error?.[0]}
            fullWidth
          >
            {options.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    </Field>
  );
}

export function ProfileSection({ profile }: { profile: UserProfile }) {
  const [saveProfile] = useSaveProfileMutation();
  const isOwner = !profile.is_shared;

  async function onSubmit(values: ProfileValues) {
    const result = await saveProfile({
      first_name: values.first_name,
      last_name: values.last_name ?? '',
      industry: values.industry,
      ...(isOwner && { organisation_name: values.organisation_name?.trim() || null }),
    });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => FIELDS.has(path),
        sessionEnded: 'Your session has ended. Sign in again to save your profile.',
        failure: 'Your profile could not be saved.',
      });
    }
    notify({
      severity: 'success',
      summary: 'Profile saved',
      detail: 'Your verification pages show the new details.',
    });
    return undefined;
  }

  return (
    <FormSection
      title="Profile"
      description="Your name, and the organisation your verification pages name as their issuer."
    >
      <Form<ProfileValues>
        onSubmit={onSubmit}
        validate={validateProfile}
        initialValues={{
          first_name: profile.first_name,
          last_name: profile.last_name,
          organisation_name: profile.organisation_name ?? '',
          industry: profile.industry ?? '',
        }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Profile">
            <Stack spacing={2.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextInputField
                  name="first_name"
                  label="First name"
                  autoComplete="given-name"
                  required
                />
                <TextInputField name="last_name" label="Last name" autoComplete="family-name" />
              </Stack>
              <Stack spacing={1}>
                <TextInputField
                  name="organisation_name"
                  label="Organisation name"
                  autoComplete="organization"
                  disabled={!isOwner}
                  placeholder={isOwner ? personName(profile) : undefined}
                  helperText={
                    isOwner
                      ? 'Your organisation’s name, as you state it. Leave it empty to use your name.'
                      : 'Your organisation’s name is set by the account owner.'
                  }
                />
                {/* Only the owner names the account: a shared user's own name is not its issuer. */}
                {isOwner && <IssuerPreview profile={profile} />}
                <IssuerIdentityNotice identity={profile.issuer_identity} isOwner={isOwner} />
              </Stack>
              <IndustryField current={profile.industry} />
              <SubmitBar
                submitLabel="Save profile"
                incompleteHint="Check the fields marked above."
              />
            </Stack>
          </form>
        )}
      />
    </FormSection>
  );
}
