/**
 * Calls the shell makes before and around everything else, typed by packages/shared/src/schemas/system.ts:
 * the health probe, the UI texts and languages, and the view config. All read without login and never raise
 * the session codes (a visitor or the login page must not be sent elsewhere by them).
 */
import type { Health, LanguageName, UiTexts, ViewConfig } from '@folio/shared';
import { api } from './api';

const PUBLIC = { silentSession: true } as const;

/** Asks whether Folio answers (the shell's probe while it cannot be reached). */
export const fetchHealth = () => api.get<Health>('health', undefined, PUBLIC);

/** The UI texts of a language ('' or absent: the user's, else the server's default). */
export const fetchUiTexts = (lang?: string) => api.get<UiTexts>('system/i18n/get', lang ? { lang } : undefined, PUBLIC);

/** Languages offered by the server. */
export const fetchLanguages = () => api.get<LanguageName[]>('system/i18n/lang/list', undefined, PUBLIC);

/** The config the web app reads before login. */
export const fetchViewConfig = () => api.get<ViewConfig>('system/viewConfig', undefined, PUBLIC);
