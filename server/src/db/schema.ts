// The database's tables as Kysely sees them. Each migration that changes a table updates this file too.
import type { ColumnType } from 'kysely';

/** Instance-wide key/value settings, e.g. the instance id and when it first started. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, never, Date>;
}

export interface Database {
  app_settings: AppSettingsTable;
}
