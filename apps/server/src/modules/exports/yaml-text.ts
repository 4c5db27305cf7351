/**
 * The YAML text of an OpenAPI export (also run on a worker thread for big exports: lib/offload.ts): no aliases,
 * so a reader sees every value where it is, and no folding of long lines.
 */
import { stringify } from 'yaml';

/** A document as the export's YAML. */
export function yamlText(doc: unknown): string {
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** A document given as JSON text, as the export's YAML (a worker thread's task: lib/offload.ts). */
export function yamlOfJson(json: string): string {
  return yamlText(JSON.parse(json));
}
