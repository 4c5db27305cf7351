/** The constants / error-code page (rich text) of a project or of an application. */
import { type Static, Type } from 'typebox';

/** Whose page: a project's (`projectId`) or an application's (`moduleId`); exactly one. */
const Owner = {
  projectId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "a project's page" })),
  moduleId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "an application's page" })),
};
/** Query of GET /api/constant/get. */
export const ConstantQuery = Type.Object(Owner);
export type ConstantOwnerInput = Static<typeof ConstantQuery>;
/** Body of POST /api/constant/save. */
export const ConstantSaveBody = Type.Object({ ...Owner, content: Type.String({ maxLength: 2_000_000, description: 'HTML' }) });
export type ConstantSaveInput = Static<typeof ConstantSaveBody>;
/** Answer of GET /api/constant/get ('' and 0 before the first save). */
export const ConstantPageSchema = Type.Object({
  content: Type.String({ description: 'HTML' }),
  gmtModified: Type.Number({ description: 'epoch ms of the last save, 0 if never' }),
});
export type ConstantPage = Static<typeof ConstantPageSchema>;
