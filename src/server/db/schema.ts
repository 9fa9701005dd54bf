// Row types of every table, as Kysely sees them. Timestamps are epoch milliseconds (BIGINT) and flags
// are 0/1 integers on both dialects, so SQLite and PostgreSQL return identical rows.
import type { Generated } from 'kysely';

interface Timestamps {
  created_at: number;
  updated_at: number;
}

interface ContentColumns extends Timestamps {
  id: Generated<number>;
  order: number;
  is_active: number;
}

export interface EventsTable extends ContentColumns {
  name: string;
  location: string;
  date: string;
  link: string;
  image_url: string;
}

export interface LogosTable extends ContentColumns {
  name: string;
  logo_url: string;
  website_url: string;
}

export interface BadgesTable extends ContentColumns {
  name: string;
  badge_url: string;
  description: string;
}

export interface GalleryTable extends ContentColumns {
  title: string;
  image_url: string;
  alt_text: string;
  section: string;
}

export interface VideosTable extends ContentColumns {
  title: string;
  video_type: string;
  video_url: string;
  thumbnail_url: string;
  description: string;
  category: string;
}

export interface TestimonialsTable extends ContentColumns {
  client_name: string;
  company: string;
  testimonial_text: string;
  rating: number;
}

export interface AdminUsersTable extends Timestamps {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  force_password_change: number;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  created_at: number;
  last_seen_at: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  events: EventsTable;
  logos: LogosTable;
  badges: BadgesTable;
  gallery: GalleryTable;
  videos: VideosTable;
  testimonials: TestimonialsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  app_meta: AppMetaTable;
}
