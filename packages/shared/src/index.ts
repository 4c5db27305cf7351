export * from './constants.js';
export * from './errors.js';
export * from './format.js';
export * from './i18n/index.js';
export * from './json-params.js';
export * from './permissions.js';
export * from './push.js';
export * from './types.js';
