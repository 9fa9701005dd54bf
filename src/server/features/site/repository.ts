import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SiteSettingsTable } from '../../db/schema.ts';

/** The settings live in one row with this id. */
export const SITE_ROW_ID = 1;

export const findSiteSettings = (db: Db) =>
  db.selectFrom('site_settings').selectAll().where('id', '=', SITE_ROW_ID).executeTakeFirst();

/** Inserts the first row unless one exists; concurrent first runs meet the primary key and do nothing. */
export const insertSiteSettingsIfMissing = (db: Db, values: Insertable<SiteSettingsTable>) =>
  db
    .insertInto('site_settings')
    .values(values)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

export const updateSiteSettings = (db: Db, values: Updateable<SiteSettingsTable>) =>
  db.updateTable('site_settings').set(values).where('id', '=', SITE_ROW_ID).execute();
