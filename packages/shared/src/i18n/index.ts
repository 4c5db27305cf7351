import { en } from './en.js';
import { zhCN } from './zh-CN.js';

/** Built-in UI languages; extra ones live in the server's database. */
export const BUILTIN_LANGUAGES: Record<string, { description: string; content: Record<string, string> }> = {
  'zh-CN': { description: '简体中文', content: zhCN },
  en: { description: 'English', content: en },
};
