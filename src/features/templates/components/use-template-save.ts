// Saving the template form, the same for creating and editing: a success toast and back to Templates,
// or the server's refusal as the form's errors.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { pathTo } from '@/config/routes';
import { notify } from '@/lib/notify';

import { templateSubmissionErrors } from './template-submission';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface SavedToast {
  summary: string;
  detail: string;
}

/** `failure` is the form's alert when neither the server nor the network says more. */
export function useTemplateSave(failure: string) {
  const [isSaved, setIsSaved] = useState(false);
  const navigate = useNavigate();

  // Leaves once the unsaved-changes prompt has stood down.
  useEffect(() => {
    if (isSaved) navigate(pathTo('templates'));
  }, [isSaved, navigate]);

  /** Runs the write, which answers the success toast's words; resolves to final-form's errors. */
  const save = async (write: () => Promise<SavedToast>) => {
    try {
      const toast = await write();
      notify({ severity: 'success', ...toast, lifetime: 5000 });
      setIsSaved(true);
      return undefined;
    } catch (error) {
      return templateSubmissionErrors(error as FetchBaseQueryError, failure);
    }
  };

  return { isSaved, save };
}
