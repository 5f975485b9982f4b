// 'Edit Template': changes apply to the page of every verification that uses the template.
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { ScreenLoading } from '@/components/screen-loading';
import { pathTo } from '@/config/routes';

import {
  useGetTemplateQuery,
  useUpdateTemplateMutation,
  type Template,
} from '../api/templates-api';
import { verificationCount } from '../format';
import { templateFormValues, templateWrite } from '../template-values';

import { TemplateForm } from './template-form';
import { useTemplateSave } from './use-template-save';

import type { TemplateFormValues } from './template-form-schema';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

function BackButton() {
  return (
    <Button component={RouterLink} to={pathTo('templates')} variant="outlined">
      Back to Templates
    </Button>
  );
}

export function EditTemplateScreen() {
  const { templateId = '' } = useParams();
  const { data: template, error, isLoading, refetch } = useGetTemplateQuery(templateId);

  if (isLoading) return <ScreenLoading />;
  if (!template) {
    const isMissing = (error as FetchBaseQueryError | undefined)?.status === 404;
    return isMissing ? (
      <EmptyState
        icon={SearchOffOutlined}
        title="This template does not exist"
        description="It may have been deleted. Your templates are all on the Templates page."
        action={<BackButton />}
      />
    ) : (
      <LoadErrorState
        error={error}
        title="The template could not be loaded"
        onRetry={() => refetch()}
      />
    );
  }
  // Keyed so that opening another template starts a fresh form.
  return <EditTemplateForm key={template.id} template={template} />;
}

function EditTemplateForm({ template }: { template: Template }) {
  const [updateTemplate] = useUpdateTemplateMutation();
  // Taken once: a refetch while the user types must not reset the form under them.
  const [initialValues] = useState(() => templateFormValues(template));
  const initialLogo = useMemo(() => initialValues.logo, [initialValues]);
  const { isSaved, save } = useTemplateSave('The template could not be saved. Please try again.');

  const submit = (values: TemplateFormValues) =>
    save(async () => {
      const saved = await updateTemplate({
        id: template.id,
        ...templateWrite(values, initialLogo),
      }).unwrap();
      return {
        summary: 'Template saved',
        detail:
          saved.verification_count > 0
            ? `“${saved.name}” is saved and already shows on ${verificationCount(saved.verification_count)}.`
            : `“${saved.name}” is saved.`,
      };
    });

  return (
    <TemplateForm
      initialValues={initialValues}
      onSubmit={submit}
      submitLabel="Save changes"
      isSaved={isSaved}
      label="Edit template"
    />
  );
}
