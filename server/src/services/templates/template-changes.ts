// What the create and edit calls hand to the template services once the route has validated the body.
import type { TemplateLogoType } from '@common/templates';
import type { TemplateChanges as DesignChanges } from '@common/templates-schemas';

export interface TemplateLogoUpload {
  data: Buffer;
  /** From the file's content, never from its name. */
  content_type: TemplateLogoType;
}

/** The body's changes, and the logo a form may carry: `logo: null` removes it, a missing logo keeps it. */
export type TemplateChanges = DesignChanges & { logo?: TemplateLogoUpload | null };
