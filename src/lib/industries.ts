/** The industries the onboarding scene asks about and the account screen edits. */
export const INDUSTRIES = [
  'Education',
  'Healthcare',
  'Insurance',
  'Human resources',
  'Legal',
  'Government',
  'Finance',
  'Other',
] as const;
