// 'Create Template': a new landing-page design, starting from QR Verify's own look.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { notify } from '@/lib/notify';

import { useCreateTemplateMutation } from '../api/templates-api';
import { blankTemplateValues, templateWrite } from '../template-values';

import { TemplateForm } from './template-form';
import { templateSubmissionErrors } from './template-submission';

import type { TemplateFormValues } from './template-form-schema';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export function CreateTemplateScreen() {
  const [createTemplate] = useCreateTemplateMutation();
  const [initialValues] = useState(blankTemplateValues);
  const [isSaved, setIsSaved] = useState(false);
  const navigate = useNavigate();

  // Leaves once the unsaved-changes prompt has stood down.
  useEffect(() => {
    if (isSaved) navigate(pathTo('templates'));
  }, [isSaved, navigate]);

  const submit = async (values: TemplateFormValues) => {
    try {
      const created = await createTemplate(templateWrite(values, null)).unwrap();
      notify({
        severity: 'success',
        summary: 'Template created',
        detail: `“${created.name}” is ready to use for your verifications.`,
        lifetime: 5000,
      });
      setIsSaved(true);
      return undefined;
    } catch (error) {
      return templateSubmissionErrors(
        error as FetchBaseQueryError,
        'The template could not be created. Please try again.',
      );
    }
  };

  return (
    <TemplateForm
      initialValues={initialValues}
      onSubmit={submit}
      submitLabel="Create template"
      isSaved={isSaved}
      label="Create template"
    />
  );
}
