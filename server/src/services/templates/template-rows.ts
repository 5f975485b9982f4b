// The one query that reads templates with everything an answer needs (who made each, how many verifications use
// it), the mappings from its rows to the API's Template JSON and to the design the public page renders, and back
// from a design to the columns that store it.
import { sql, type Kysely } from 'kysely';

import type { Language } from '@common/i18n/languages';
import type { TemplateDesign, TemplateSettings, TemplateLogoType } from '@common/templates';
import type { Template } from '@common/templates-schemas';

import { personName } from '../../lib/person-name';

import { logoFileName, logoUrl } from './template-files';

import type { Database } from '../../db/schema';

export function selectTemplateRows(db: Kysely<Database>) {
  return (
    db
      .selectFrom('templates as t')
      // Who made it (the owner or one of their shared users); the account, should that user ever be gone.
      .innerJoin('users as c', (join) =>
        join.on((eb) => eb('c.id', '=', eb.fn.coalesce('t.created_by', 't.user_id'))),
      )
      .select((eb) => [
        't.id',
        't.user_id',
        't.name',
        't.is_default',
        't.primary_color',
        't.background_color',
        't.text_color',
        't.heading',
        't.intro',
        't.fields',
        't.allow_download',
        't.contact_text',
        't.contact_url',
        't.footer_text',
        't.logo_key',
        't.logo_content_type',
        't.logo_size',
        't.logo_sha256',
        't.seal_enabled',
        't.is_achievement',
        't.achievement_description',
        't.achievement_criteria',
        't.default_language',
        't.created_at',
        't.updated_at',
        'c.email as created_by_email',
        'c.first_name as created_by_first_name',
        'c.last_name as created_by_last_name',
        eb
          .selectFrom('verifications as v')
          .select(sql<string>`count(*)`.as('count'))
          .whereRef('v.template_id', '=', 't.id')
          .as('verification_count'),
      ])
  );
}

export type TemplateRow = Awaited<
  ReturnType<ReturnType<typeof selectTemplateRows>['executeTakeFirstOrThrow']>
>;

/** What the public page and the logo route need of a template, as the public-template cache keeps it. */
export interface PublicTemplate {
  design: TemplateDesign;
  /** The language its pages are read in when the reader names none; null: English. */
  defaultLanguage: Language | null;
  logo: { key: string; content_type: TemplateLogoType; size: number; file_name: string } | null;
}

type DesignColumns = Pick<
  TemplateRow,
  | 'id'
  | 'primary_color'
  | 'background_color'
  | 'text_color'
  | 'heading'
  | 'intro'
  | 'fields'
  | 'allow_download'
  | 'contact_text'
  | 'contact_url'
  | 'footer_text'
  | 'logo_key'
  | 'logo_content_type'
  | 'logo_size'
  | 'logo_sha256'
>;

function logoOf(row: DesignColumns): PublicTemplate['logo'] {
  const { logo_key: key, logo_content_type: type, logo_size: size, logo_sha256: sha256 } = row;
  if (key === null || type === null || size === null || sha256 === null) return null;
  return { key, content_type: type, size, file_name: logoFileName(sha256, type) };
}

function logoUrlOf(row: DesignColumns): string | null {
  const { logo_content_type: type, logo_sha256: sha256 } = row;
  return row.logo_key && type && sha256 ? logoUrl(row.id, sha256, type) : null;
}

export function toTemplateDesign(row: DesignColumns): TemplateDesign {
  return {
    logo_url: logoUrlOf(row),
    primary_color: row.primary_color,
    background_color: row.background_color,
    text_color: row.text_color,
    heading: row.heading,
    intro: row.intro,
    fields: row.fields,
    allow_download: row.allow_download,
    contact_text: row.contact_text,
    contact_url: row.contact_url,
    footer_text: row.footer_text,
  };
}

export function toPublicTemplate(
  row: DesignColumns & Pick<TemplateRow, 'default_language'>,
): PublicTemplate {
  return {
    design: toTemplateDesign(row),
    defaultLanguage: row.default_language,
    logo: logoOf(row),
  };
}

export function toTemplate(row: TemplateRow): Template {
  const { logo_url: url, ...design } = toTemplateDesign(row);
  return {
    id: row.id,
    name: row.name,
    is_default: row.is_default,
    ...design,
    logo:
      url && row.logo_content_type && row.logo_size !== null
        ? { url, content_type: row.logo_content_type, size: row.logo_size }
        : null,
    verification_count: Number(row.verification_count ?? 0),
    seal_enabled: row.seal_enabled,
    is_achievement: row.is_achievement,
    achievement_description: row.achievement_description,
    achievement_criteria: row.achievement_criteria,
    default_language: row.default_language,
    created_by: {
      email: row.created_by_email,
      name: personName(row.created_by_first_name, row.created_by_last_name),
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The design as the templates table stores it (fields as JSON text); anything else on `design` is left out. */
export function designValues(design: TemplateSettings) {
  return {
    primary_color: design.primary_color,
    background_color: design.background_color,
    text_color: design.text_color,
    heading: design.heading,
    intro: design.intro,
    fields: JSON.stringify(design.fields),
    allow_download: design.allow_download,
    contact_text: design.contact_text,
    contact_url: design.contact_url,
    footer_text: design.footer_text,
  };
}
