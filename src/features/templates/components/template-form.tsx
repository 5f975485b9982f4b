// The template form shared by 'Create Template' and 'Edit Template': the fields on the left, the
// live preview of the public page on the right (below on narrow screens).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Field, Form, useField, useFormState } from 'react-final-form';
import { Link as RouterLink } from 'react-router-dom';

import { ColorInputField } from '@/components/form/color-input-field';
import { FormSection } from '@/components/form/form-section';
import { SubmitBar } from '@/components/form/submit-bar';
import { SwitchField } from '@/components/form/switch-field';
import { TextInputField } from '@/components/form/text-input-field';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { pathTo } from '@/config/routes';
import { LANGUAGE_INFO, LANGUAGES, type Language } from '@common/i18n/languages';
import { contrastWarnings, TEMPLATE_LIMITS, type ContrastWarning } from '@common/templates';
import { SEALED_QR_MIN_SIZE_MM } from '@common/verifications';

import { designFromValues } from '../template-values';
import { useInitialPreviewDevice, type PreviewDevice } from '../use-preview';

import { LogoField } from './logo-field';
import { validateTemplateForm, type TemplateFormValues } from './template-form-schema';
import { PreviewDeviceToggle, TemplatePreview } from './template-preview';
import { VerificationFieldsInput } from './verification-fields-input';

import type { SubmissionErrors } from 'final-form';

interface TemplateFormProps {
  initialValues: TemplateFormValues;
  onSubmit: (values: TemplateFormValues) => Promise<SubmissionErrors | void>;
  submitLabel: string;
  /** Set once saved, so leaving for the grid does not ask about unsaved changes. */
  isSaved: boolean;
  /** Names the form for assistive technology: 'Create template', 'Edit template'. */
  label: string;
}

export function TemplateForm({
  initialValues,
  onSubmit,
  submitLabel,
  isSaved,
  label,
}: TemplateFormProps) {
  return (
    <Form<TemplateFormValues>
      onSubmit={onSubmit}
      validate={validateTemplateForm}
      initialValues={initialValues}
      subscription={{ submitting: true, dirty: true }}
      render={({ handleSubmit, submitting, dirty }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label={label}>
          <TemplateFormBody isBusy={Boolean(submitting)} submitLabel={submitLabel} />
          <UnsavedChangesPrompt
            when={Boolean(dirty) && !isSaved}
            message="Your changes to this template have not been saved and will be lost."
          />
        </Box>
      )}
    />
  );
}

// Only the preview and the contrast warnings follow every keystroke; the sections re-render when
// their own fields change.
function TemplateFormBody({ isBusy, submitLabel }: { isBusy: boolean; submitLabel: string }) {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3}>
          <FormSection title="Template" description="Only you and your team see the name.">
            <TextInputField
              name="name"
              label="Name"
              required
              disabled={isBusy}
              slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.name } }}
            />
          </FormSection>
          <FormSection title="Logo" description="Shown at the top of the page, beside the heading.">
            <LogoField disabled={isBusy} />
          </FormSection>
          <FormSection
            title="Colours"
            description="Buttons, links and the top bar use the primary colour."
          >
            <Stack spacing={2.5}>
              <ColorInputField name="primary_color" label="Primary colour" disabled={isBusy} />
              <ContrastAlert field="primary_color" />
              <ColorInputField
                name="background_color"
                label="Background colour"
                helperText="Behind the cards."
                disabled={isBusy}
              />
              <ColorInputField
                name="text_color"
                label="Text colour"
                helperText="On the background and on the white cards."
                disabled={isBusy}
              />
              <ContrastAlert field="text_color" />
            </Stack>
          </FormSection>
          <FormSection title="Heading and message">
            <Stack spacing={2.5}>
              <TextInputField
                name="heading"
                label="Heading"
                disabled={isBusy}
                helperText="Beside the logo. Leave empty to show the issuer's name."
                slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.heading } }}
              />
              <TextInputField
                name="intro"
                label="Intro message"
                multiline
                minRows={3}
                disabled={isBusy}
                helperText="Under the verdict, e.g. who you are and what the document proves. Optional."
                slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.intro } }}
              />
            </Stack>
          </FormSection>
          <FormSection
            title="Record fields"
            description="Which details of a verification the page lists, and what each is called."
          >
            <VerificationFieldsInput disabled={isBusy} />
          </FormSection>
          <FormSection title="Document download">
            <SwitchField
              name="allow_download"
              label="Offer the secured document for download"
              helperText="The page offers it only when the verification allows downloads too."
              disabled={isBusy}
            />
          </FormSection>
          <FormSection title="QR code">
            <SwitchField
              name="seal_enabled"
              label="Seal QR codes"
              helperText={`Adds a signature our scanner checks offline. Makes the code larger: at least ${SEALED_QR_MIN_SIZE_MM} mm.`}
              disabled={isBusy}
            />
          </FormSection>
          <FormSection
            title="Digital credential"
            description="Every verification is also a signed credential that holders keep in a digital wallet and anyone can check."
          >
            <AchievementFields disabled={isBusy} />
          </FormSection>
          <FormSection
            title="Language"
            description="The page speaks each reader's language when it knows it (their browser's, or the one they pick), in any of these twelve. Otherwise it uses this one."
          >
            <DefaultLanguageField disabled={isBusy} />
          </FormSection>
          <FormSection title="Contact and footer">
            <Stack spacing={2.5}>
              <TextInputField
                name="contact_text"
                label="Contact text"
                disabled={isBusy}
                helperText="e.g. Questions? Contact the registrar's office."
                slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.contact_text } }}
              />
              <TextInputField
                name="contact_url"
                label="Contact link"
                type="url"
                disabled={isBusy}
                placeholder="https://example.org/contact or mailto:registrar@example.org"
                helperText="Makes the contact text a link. Optional."
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { maxLength: TEMPLATE_LIMITS.contact_url },
                }}
              />
              <TextInputField
                name="footer_text"
                label="Footer text"
                multiline
                minRows={2}
                disabled={isBusy}
                slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.footer_text } }}
              />
            </Stack>
          </FormSection>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 96 } }}>
          <LivePreview />
        </Box>
      </Grid>
      {/* Its own row: after the form beside the preview, after the preview when stacked. */}
      <Grid size={{ xs: 12, lg: 5 }}>
        <SubmitBar
          submitLabel={submitLabel}
          incompleteHint="Fill in the name and fix any field marked in red to save."
        >
          <Button component={RouterLink} to={pathTo('templates')} color="inherit" size="large">
            Cancel
          </Button>
        </SubmitBar>
      </Grid>
    </Grid>
  );
}

function LivePreview() {
  const { values } = useFormState<TemplateFormValues>({ subscription: { values: true } });
  const [device, setDevice] = useState<PreviewDevice>(useInitialPreviewDevice());
  const design = useMemo(() => designFromValues(values), [values]);
  return (
    <FormSection
      title="Preview"
      description="Exactly what people see when they scan a code, for a sample diploma."
      action={<PreviewDeviceToggle device={device} onChange={setDevice} />}
    >
      <TemplatePreview design={design} device={device} />
    </FormSection>
  );
}

function DefaultLanguageField({ disabled }: { disabled: boolean }) {
  return (
    <Field<Language> name="default_language">
      {({ input, meta }) => {
        const error = meta.touched
          ? ((meta.error ?? meta.submitError) as string[] | undefined)
          : undefined;
        return (
          <TextField
            select
            label="Default language of the public page"
            name={input.name}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
            disabled={disabled}
            error={Boolean(error)}
            helperText={
              error?.[0] ?? 'Your own texts (heading, intro, labels) stay as you wrote them.'
            }
            fullWidth
          >
            {/* Each language by its own name, as the page's switcher lists them. */}
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language} lang={language}>
                {LANGUAGE_INFO[language].name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    </Field>
  );
}

/** An achievement's credential is an Open Badge: wallets and badge platforms show its description and criteria. */
function AchievementFields({ disabled }: { disabled: boolean }) {
  const { input } = useField<boolean>('is_achievement', { subscription: { value: true } });
  return (
    <Stack spacing={2.5}>
      <SwitchField
        name="is_achievement"
        label="Issue as an Open Badge"
        helperText="For certificates, diplomas and courses: the credential names the achievement, with the template's name and logo."
        disabled={disabled}
      />
      {input.value && (
        <>
          <TextInputField
            name="achievement_description"
            label="Description"
            multiline
            minRows={2}
            disabled={disabled}
            helperText="What the holder achieved, e.g. Completed the 120-hour course in structural design."
            slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.achievement_description } }}
          />
          <TextInputField
            name="achievement_criteria"
            label="Criteria"
            multiline
            minRows={2}
            disabled={disabled}
            helperText="How it is earned, e.g. Passed the final examination with at least 60%."
            slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.achievement_criteria } }}
          />
        </>
      )}
    </Stack>
  );
}

function ContrastAlert({ field }: { field: ContrastWarning['field'] }) {
  const { values } = useFormState<TemplateFormValues>({ subscription: { values: true } });
  const warning = contrastWarnings(values).find((candidate) => candidate.field === field);
  if (!warning) return null;
  return (
    <Alert severity="warning" role="status">
      {warning.message} You can still save it.
    </Alert>
  );
}
