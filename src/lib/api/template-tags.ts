// Templates' cache tags, shared because data crosses features: a verification's template counts it among its
// `verification_count`, so creating, moving or deleting a verification refreshes the templates it touched.

export const TEMPLATE_LIST_TAG = { type: 'Template', id: 'LIST' } as const;

export const templateTag = (id: string) => ({ type: 'Template' as const, id });

/** The tags to invalidate when the verifications using these templates change in number. */
export function templateCountTags(...ids: (string | null | undefined)[]) {
  const changed = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  return [...changed.map(templateTag), TEMPLATE_LIST_TAG];
}
