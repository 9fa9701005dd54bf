import type { Screen } from './screen.ts';

export const ADMIN_CONTENT_SCREENS: Screen[] = [];
