/** The answer of every delete that goes to the trash (docs, applications, projects, spaces). */
import { TrashedSchema } from '@folio/shared';
import { okResponse } from '../../plugins/envelope.js';

/** What a delete answers: the trash item that can undo it. */
export const trashed = okResponse(TrashedSchema);
