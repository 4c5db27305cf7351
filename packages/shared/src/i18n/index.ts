/**
 * Built-in UI languages; extra ones live in the server's database.
 * Each feature keeps its texts in its own file (en/<feature>.ts and zh-CN/<feature>.ts, same keys),
 * added to the lists below.
 */

import { admin as enAdmin } from './en/admin.js';
import { common as enCommon } from './en/common.js';
import { debug as enDebug } from './en/debug.js';
import { importExport as enImportExport } from './en/import-export.js';
import { push as enPush } from './en/push.js';
import { search as enSearch } from './en/search.js';
import { view as enView } from './en/view.js';
import { webCore as enWebCore } from './en/web-core.js';
import { admin as zhAdmin } from './zh-CN/admin.js';
import { common as zhCommon } from './zh-CN/common.js';
import { debug as zhDebug } from './zh-CN/debug.js';
import { importExport as zhImportExport } from './zh-CN/import-export.js';
import { push as zhPush } from './zh-CN/push.js';
import { search as zhSearch } from './zh-CN/search.js';
import { view as zhView } from './zh-CN/view.js';
import { webCore as zhWebCore } from './zh-CN/web-core.js';

const enParts: Record<string, string>[] = [enCommon, enWebCore, enView, enPush, enAdmin, enDebug, enImportExport, enSearch];
const zhParts: Record<string, string>[] = [zhCommon, zhWebCore, zhView, zhPush, zhAdmin, zhDebug, zhImportExport, zhSearch];

export const BUILTIN_LANGUAGES: Record<string, { description: string; content: Record<string, string> }> = {
  'zh-CN': { description: '简体中文', content: Object.assign({}, ...zhParts) },
  en: { description: 'English', content: Object.assign({}, ...enParts) },
};
