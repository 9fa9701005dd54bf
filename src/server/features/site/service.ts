// The business details the public pages show (docs/product.md#business-details). A fresh install gets clearly
// marked placeholders so nothing looks finished until a superadmin enters the real details.
import type { Selectable } from 'kysely';
import { BUSINESS_NAME } from '#shared/constants.ts';
import type { SiteSettings, SiteSettingsField, SiteSettingsUpdate } from '#shared/schemas/site.ts';
import type { Db } from '../../db/database.ts';
import type { SiteSettingsTable } from '../../db/schema.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import * as repo from './repository.ts';

/** Placeholders: obviously not real, and the e-mail is on a reserved domain so nothing is ever delivered. */
export const SITE_PLACEHOLDERS = {
  trading_name: BUSINESS_NAME,
  phone: '01234 000000',
  email: 'placeholder@example.com',
  facebook_url: '',
  instagram_url: '',
  tiktok_url: '',
  youtube_url: '',
  company_name: 'PLACEHOLDER Company Name Ltd',
  company_number: '00000000',
  registered_address: 'PLACEHOLDER registered office address — set it in Admin › Settings',
} as const;

/**
 * The placeholders that make the public site look unfinished while they are shown. The trading name's
 * default is the product's own name, which a business may well keep; empty social links just hide.
 */
const TELLTALE_PLACEHOLDERS = [
  'phone',
  'email',
  'company_name',
  'company_number',
  'registered_address',
] as const;

const toSiteSettings = (row: Selectable<SiteSettingsTable>): SiteSettings => ({
  trading_name: row.trading_name,
  phone: row.phone,
  email: row.email,
  facebook_url: row.facebook_url,
  instagram_url: row.instagram_url,
  tiktok_url: row.tiktok_url,
  youtube_url: row.youtube_url,
  company_name: row.company_name,
  company_number: row.company_number,
  registered_address: row.registered_address,
  is_placeholder: row.is_placeholder === 1,
  updated_at: row.updated_at === null ? null : toIso(row.updated_at),
});

export function createSiteService(db: Db, clock: Clock) {
  async function currentRow(): Promise<Selectable<SiteSettingsTable>> {
    const row = await repo.findSiteSettings(db);
    if (row) return row;
    // First run: seed the placeholders once; restarts and racing instances find the row and skip.
    await repo.insertSiteSettingsIfMissing(db, {
      id: repo.SITE_ROW_ID,
      ...SITE_PLACEHOLDERS,
      is_placeholder: 1,
      created_at: clock.now(),
      updated_at: null,
      updated_by: null,
    });
    const seeded = await repo.findSiteSettings(db);
    if (!seeded) throw new Error('site settings row missing after seeding');
    return seeded;
  }

  const changeListeners: (() => void | Promise<void>)[] = [];

  return {
    /**
     * Called after every change through this instance (the rendered pages show these details, other
     * instances are told); the change answers once they have been called.
     */
    onChange(listener: () => void | Promise<void>): void {
      changeListeners.push(listener);
    },

    async get(): Promise<SiteSettings> {
      return toSiteSettings(await currentRow());
    },

    /** The details the public site still shows as seeded placeholders (empty once all are real). */
    async placeholderFields(): Promise<SiteSettingsField[]> {
      const row = await currentRow();
      return TELLTALE_PLACEHOLDERS.filter((field) => row[field] === SITE_PLACEHOLDERS[field]);
    },

    /** Changes the given fields; `actorId` is the superadmin doing it (recorded on the row). */
    async update(changes: SiteSettingsUpdate, actorId: number | null): Promise<SiteSettings> {
      await currentRow();
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await repo.updateSiteSettings(db, {
        ...defined,
        is_placeholder: 0,
        updated_at: clock.now(),
        updated_by: actorId,
      });
      await Promise.all(changeListeners.map((listener) => listener()));
      return toSiteSettings(await currentRow());
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
