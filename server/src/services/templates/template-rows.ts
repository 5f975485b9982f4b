// The one query that reads templates with everything an answer needs (how many verifications use each), and
// the mappings from its rows to the API's Template JSON and to the design the public page renders.
import { sql, type Kysely } from 'kysely';

import type { Template, TemplateDesign } from '@common/templates';

import { logoFileName, logoUrl } from './template-files';

import type { Database } from '../../db/schema';
import type { TemplateLogoType } from './detect-logo-type';

export function selectTemplateRows(db: Kysely<Database>) {
  return db.selectFrom('templates as t').select((eb) => [
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
    't.created_at',
    't.updated_at',
    eb
      .selectFrom('verifications as v')
      .select(sql<string>`count(*)`.as('count'))
      .whereRef('v.template_id', '=', 't.id')
      .as('verification_count'),
  ]);
}

export type TemplateRow = Awaited<
  ReturnType<ReturnType<typeof selectTemplateRows>['executeTakeFirstOrThrow']>
>;

/** What the public page and the logo route need of a template, as the public-template cache keeps it. */
export interface PublicTemplate {
  design: TemplateDesign;
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

export function toPublicTemplate(row: DesignColumns): PublicTemplate {
  return { design: toTemplateDesign(row), logo: logoOf(row) };
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
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
