import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MailSettingsTable } from '../../db/mail-settings-table.ts';

/** The settings live in one row with this id; no row: no mail server set in Settings. */
export const MAIL_ROW_ID = 1;

export const findMailSettings = (db: Db) =>
  db.selectFrom('mail_settings').selectAll().where('id', '=', MAIL_ROW_ID).executeTakeFirst();

/** Writes the whole row in one statement, so two saves at once leave one of them, never a mix. */
export const upsertMailSettings = (db: Db, values: Omit<Insertable<MailSettingsTable>, 'id'>) =>
  db
    .insertInto('mail_settings')
    .values({ id: MAIL_ROW_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();

export const deleteMailSettings = (db: Db) =>
  db.deleteFrom('mail_settings').where('id', '=', MAIL_ROW_ID).execute();
