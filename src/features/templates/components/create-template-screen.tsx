// 'Create Template': a new landing-page design, starting from QR Verify's own look.
import { useState } from 'react';

import { useCreateTemplateMutation } from '../api/templates-api';
import { blankTemplateValues, templateWrite } from '../template-values';

import { TemplateForm } from './template-form';
import { useTemplateSave } from './use-template-save';

import type { TemplateFormValues } from './template-form-schema';

export function CreateTemplateScreen() {
  const [createTemplate] = useCreateTemplateMutation();
  const [initialValues] = useState(blankTemplateValues);
  const { isSaved, save } = useTemplateSave('The template could not be created. Please try again.');

  const submit = (values: TemplateFormValues) =>
    save(async () => {
      const created = await createTemplate(templateWrite(values, null)).unwrap();
      return {
        summary: 'Template created',
        detail: `“${created.name}” is ready to use for your verifications.`,
      };
    });

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
