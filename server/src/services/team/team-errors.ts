// The team's refusals, worded once: what a shared user may not do, and the invitation flow's field errors.
import { ACCESS_AREA_NAMES, type AccessArea } from '@common/team';

import { AppError } from '../../lib/app-error';

function permissionDenied(message: string): AppError {
  return new AppError({ statusCode: 403, code: 'permission_denied', message });
}

export function noAccess(area: AccessArea): AppError {
  return permissionDenied(`You don't have access to ${ACCESS_AREA_NAMES[area]}.`);
}

export function viewOnly(area: AccessArea): AppError {
  return permissionDenied(
    `You can view ${ACCESS_AREA_NAMES[area]} but not change them. Ask the account owner for edit access.`,
  );
}

export function ownerOnly(): AppError {
  return permissionDenied('Only the account owner can do this.');
}

function emailError(code: AppError['code'], message: string): AppError {
  return new AppError({ statusCode: 400, code, message, details: { email: [message] } });
}

export const invitationErrors = {
  inviteSelf: () =>
    emailError('already_on_team', 'This is your own email: you are on the team already.'),
  alreadyOnTeam: () => emailError('already_on_team', 'This email is already on your team.'),
  ownAccount: () => emailError('email_has_own_account', 'This email already has its own account'),
  otherTeam: () =>
    emailError('member_of_another_team', 'This email already works on another QR Verify account.'),
  wrongEmail: () =>
    emailError(
      'invitation_email_mismatch',
      'Sign up with the email address the invitation was sent to.',
    ),
  invalid: () =>
    new AppError({
      statusCode: 400,
      code: 'invitation_invalid',
      message: 'This invitation link is invalid, used or expired. Ask for a new one.',
      details: {
        invitation: ['This invitation link is invalid, used or expired. Ask for a new one.'],
      },
    }),
  alreadyJoined: () =>
    new AppError({
      statusCode: 400,
      code: 'member_already_joined',
      message: 'This member has already joined: there is no invitation to send again.',
    }),
};

export function memberNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Team member not found.' });
}

export function invitationNotFound(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'not_found',
    message: 'This invitation link is invalid, used or expired.',
  });
}
