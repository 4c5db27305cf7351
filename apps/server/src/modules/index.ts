/**
 * Registers every feature module. Each feature owns one folder and exports `xxxRoutes(api)` (mounted
 * under /api) and, where it serves paths outside /api (the Torna open API at POST /api, /mock/...),
 * `xxxRootRoutes(app)`. Background workers are started through jobs/queue.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { startWorkers } from '../jobs/queue.js';
import { adminRoutes } from './admin/admin.routes.js';
import { agentsRootRoutes } from './agents/agents.routes.js';
import { tokensRoutes } from './agents/tokens.routes.js';
import { applicationsRoutes } from './applications/applications.routes.js';
import { composeRoutes } from './compose/compose.routes.js';
import { constantsRoutes } from './constants/constants.routes.js';
import { debugRoutes } from './debug/debug.routes.js';
import { dictionariesRoutes } from './dictionaries/dictionaries.routes.js';
import { docsRoutes } from './docs/docs.routes.js';
import { exportsRoutes } from './exports/exports.routes.js';
import { historyRoutes } from './history/history.routes.js';
import { importsRoutes } from './imports/imports.routes.js';
import { liveRoutes } from './live/live.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { metersphereRoutes } from './metersphere/metersphere.routes.js';
import { mockRootRoutes, mockRoutes } from './mock/mock.routes.js';
import { openUsersRoutes } from './open-users/open-users.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { pushRootRoutes, pushRoutes } from './push/push.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { sharesRoutes } from './shares/shares.routes.js';
import { spacesRoutes } from './spaces/spaces.routes.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { tornaMigrationRoutes } from './torna-migration/torna-migration.routes.js';
import { trashRoutes } from './trash/trash.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

export interface ModuleOptions {
  workers: boolean;
}

export async function registerModules(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  await app.register(
    async (api) => {
      await systemRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await usersRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await spacesRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await projectsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await uploadsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await applicationsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await docsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await dictionariesRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await constantsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await messagesRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await sharesRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await composeRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await pushRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await historyRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await webhooksRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await importsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await exportsRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await debugRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await mockRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await adminRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await ssoRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await openUsersRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await metersphereRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await trashRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await searchRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await tornaMigrationRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await tokensRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
      await liveRoutes(api.withTypeProvider<TypeBoxTypeProvider>(), {});
    },
    { prefix: '/api' },
  );
  await pushRootRoutes(app);
  await mockRootRoutes(app);
  await agentsRootRoutes(app.withTypeProvider<TypeBoxTypeProvider>(), {});
  if (opts.workers) startWorkers(app);
}
