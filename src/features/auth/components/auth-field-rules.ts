// Password rules shared by the auth forms, with the product's messages verbatim.
import { string } from 'yup';

/** A new password (sign-up, change password): every rule is checked, so all failures list. */
export const newPasswordRule = string()
  .required('Password is required')
  .min(8, 'Password must be at least 8 characters')
  .matches(/\d/, 'Password must contain at least one number')
  .matches(/[a-z]/, 'Password must contain at least one lowercase letter')
  .matches(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .matches(/[^A-Za-z0-9]/, 'Password must contain at least one special character');
