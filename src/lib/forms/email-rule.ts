// The email rule every form shares (sign-in, sign-up, inviting a team member), with the product's messages.
import { string } from 'yup';

export const emailRule = string().required('Email is required').email('Invalid email address');
