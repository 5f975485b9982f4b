import { FORM_ERROR } from 'final-form';

import { submissionErrors, type SubmissionWording } from '@/lib/forms/submission-errors';

const wording: SubmissionWording = {
  hasInput: (path) => ['title', 'fields.issuer.label'].includes(path),
  labelOf: (path) => (path === 'qr' ? 'QR code' : path),
  sessionEnded: 'Your session has ended.',
  failure: 'It could not be saved.',
  fieldProblem: (status) => (status === 413 ? { path: 'file', message: 'Too large' } : null),
};

describe('submissionErrors', () => {
  it('puts field messages beside their inputs and lists the rest under the server sentence', () => {
    const errors = submissionErrors(
      {
        status: 400,
        data: {
          error: {
            message: 'Some fields need attention',
            details: {
              title: ['Too long'],
              'fields.issuer.label': ['Too long'],
              qr: ['Does not fit'],
            },
          },
        },
      },
      wording,
    );
    expect(errors).toEqual({
      title: ['Too long'],
      fields: { issuer: { label: ['Too long'] } },
      [FORM_ERROR]: { message: 'Some fields need attention', more: ['QR code: Does not fit'] },
    });
  });

  it('lets one field explain a status, and words a lapsed session and a silent failure', () => {
    expect(submissionErrors({ status: 413, data: null }, wording)).toEqual({
      file: ['Too large'],
      [FORM_ERROR]: { message: 'Too large', more: [] },
    });
    expect(submissionErrors({ status: 401, data: null }, wording)?.[FORM_ERROR]).toEqual({
      message: 'Your session has ended.',
      more: [],
    });
    expect(
      submissionErrors({ status: 'CUSTOM_ERROR', error: 'other' }, wording)?.[FORM_ERROR],
    ).toEqual({ message: 'It could not be saved.', more: [] });
  });

  it("never shows a plan limit's details, which are data for API clients: only the server's sentence", () => {
    const errors = submissionErrors(
      {
        status: 403,
        data: {
          error: {
            message: 'Your plan does not include the API and webhooks. Upgrade to use them.',
            code: 'plan_limit',
            details: { limit_key: 'api_access', limit: 0, used: 0 },
          },
        },
      },
      { ...wording, labelOf: undefined },
    );
    expect(errors).toEqual({
      [FORM_ERROR]: {
        message: 'Your plan does not include the API and webhooks. Upgrade to use them.',
        more: [],
      },
    });
  });

  it('lists only messages: a number under a field is data', () => {
    const errors = submissionErrors(
      {
        status: 400,
        data: {
          error: {
            message: 'Check the sheet',
            details: { sheet: ['The sheet is too large.'], row: 12, rows: [3, 4] },
          },
        },
      },
      { ...wording, labelOf: undefined },
    );
    expect(errors?.[FORM_ERROR]).toEqual({
      message: 'Check the sheet',
      more: ['sheet: The sheet is too large.'],
    });
  });
});
