import { allows, NO_ACCESS, type SharedAccess } from '../team';
import { inviteMemberSchema, memberChangesSchema } from '../team-schemas';

const viewer: SharedAccess = { ...NO_ACCESS, verifications: 'view', templates: 'edit' };

describe('allows', () => {
  test('an owner (no shared access) may do everything', () => {
    expect(allows(null, 'custom_domain', 'edit')).toBe(true);
  });

  test('edit implies view; view does not imply edit; none allows neither', () => {
    expect(allows(viewer, 'templates', 'view')).toBe(true);
    expect(allows(viewer, 'templates', 'edit')).toBe(true);
    expect(allows(viewer, 'verifications', 'view')).toBe(true);
    expect(allows(viewer, 'verifications', 'edit')).toBe(false);
    expect(allows(viewer, 'bulk', 'view')).toBe(false);
  });
});

describe('permission sets in requests', () => {
  test('an invitation without shared_access grants nothing', () => {
    const parsed = inviteMemberSchema.parse({ email: ' Sam@Example.com ' });
    expect(parsed).toEqual({ email: 'sam@example.com', shared_access: {} });
  });

  test('an unknown area or level is refused, not ignored', () => {
    expect(memberChangesSchema.safeParse({ shared_access: { verification: 'edit' } }).success).toBe(
      false,
    );
    expect(memberChangesSchema.safeParse({ shared_access: { bulk: 'admin' } }).success).toBe(false);
  });
});
