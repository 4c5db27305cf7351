/**
 * Registers every feature module under /api. Each feature owns one folder and exports one
 * `xxxRoutes(app)` plugin; add a line here when a feature lands.
 */
import type { FastifyInstance } from 'fastify';
import { projectsRoutes } from './projects/projects.routes.js';
import { spacesRoutes } from './spaces/spaces.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { usersRoutes } from './users/users.routes.js';

export interface ModuleOptions {
  workers: boolean;
}

export async function registerModules(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  await app.register(
    async (api) => {
      await systemRoutes(api);
      await usersRoutes(api);
      await spacesRoutes(api);
      await projectsRoutes(api);
    },
    { prefix: '/api' },
  );
  void opts;
}
