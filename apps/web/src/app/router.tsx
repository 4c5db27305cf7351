/**
 * Routes of spec §2 in history mode. Every page is a lazy chunk, so /view does not ship management,
 * the editors or the admin. The preview and public view routes come from features/view.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { publicViewRoutes, viewRoutes } from '../features/view/routes';
import { GuestOnly, RequireAuth } from './guards';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';

type Loader = () => Promise<Record<string, unknown>>;

/** A lazily loaded route component (named export of a module). */
function page(load: Loader, name: string): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}

const account = () => import('../features/account/account-pages');
const mainLayout = () => import('../features/shell/main-layout');
const dashboard = () => import('../features/dashboard/dashboard-page');
const space = () => import('../features/space/space-pages');
const project = () => import('../features/project/project-pages');
const docs = () => import('../features/docs/project-doc-page');
const code = () => import('../features/project/project-code-page');
const editors = () => import('../features/editor/editor-pages');
const user = () => import('../features/user-center/user-pages');
const agents = () => import('../features/agents/access-tokens-page');
const admin = () => import('../features/admin-users/admin-pages');
const misc = () => import('../features/misc/misc-pages');
const trash = () => import('../features/trash/trash-page');

/** Gives each page under the main layout its own error element, so a failing page keeps the shell. */
function inShell(children: RouteObject[]): RouteObject[] {
  return children.map((r) => ({ ...r, errorElement: <RouteError /> }));
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        lazy: async () => {
          const m = await account();
          const Login = m.LoginPage as ComponentType;
          return {
            Component: () => (
              <GuestOnly>
                <Login />
              </GuestOnly>
            ),
          };
        },
      },
      { path: '/setPassword', ...page(account, 'SetPasswordPage') },
      { path: '/reg', ...page(account, 'RegisterPage') },
      { path: '/findPassword', ...page(account, 'FindPasswordPage') },
      { path: '/resetPassword', ...page(account, 'ResetPasswordPage') },
      { path: '/successLogin', ...page(() => import('../features/sso/success-login-page'), 'SuccessLoginPage') },
      { path: '/404', ...page(misc, 'NotFoundPage') },
      ...publicViewRoutes,
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          ...viewRoutes,
          {
            ...page(mainLayout, 'MainLayout'),
            // A page that fails (its code could not load, or it threw) keeps the shell around it.
            children: inShell([
              { path: '/dashboard', ...page(dashboard, 'DashboardPage') },
              { path: '/updatePassword', ...page(account, 'UpdatePasswordPage') },
              { path: '/openapi', ...page(misc, 'OpenApiRoute') },
              { path: '/help', ...page(misc, 'HelpPage') },
              {
                ...page(space, 'SpaceLayout'),
                handle: { sider: true },
                children: [
                  { path: '/space/project/:spaceId', ...page(space, 'SpaceProjectsPage') },
                  { path: '/space/compose/:spaceId', ...page(space, 'SpaceComposePage') },
                  { path: '/space/info/:spaceId', ...page(space, 'SpaceInfoPage') },
                  { path: '/space/member/:spaceId', ...page(space, 'SpaceMemberPage') },
                  { path: '/space/setting/:spaceId', ...page(space, 'SpaceSettingRoute') },
                  { path: '/space/openuser/:spaceId', ...page(space, 'SpaceOpenUserRoute') },
                  { path: '/space/trash/:spaceId', ...page(trash, 'SpaceTrashPage') },
                ],
              },
              {
                ...page(project, 'ProjectLayout'),
                handle: { sider: true },
                children: [
                  { path: '/project/doc/:projectId', ...page(docs, 'ProjectDocPage') },
                  { path: '/project/info/:projectId', ...page(project, 'ProjectInfoPage') },
                  { path: '/project/member/:projectId', ...page(project, 'ProjectMemberPage') },
                  { path: '/project/code/:projectId', ...page(code, 'ProjectCodePage') },
                ],
              },
              { path: '/doc/edit/:moduleId/:docId', ...page(editors, 'DocEditPage') },
              { path: '/doc/edit_custom/:moduleId/:docId', ...page(editors, 'DocEditCustomPage') },
              { path: '/doc/new/:moduleId/:parentId?', ...page(editors, 'DocNewPage') },
              { path: '/doc/copy/:moduleId/:copyId', ...page(editors, 'DocCopyPage') },
              { path: '/doc/copy_custom/:moduleId/:copyId', ...page(editors, 'DocCopyCustomPage') },
              {
                ...page(user, 'UserLayout'),
                handle: { sider: true },
                children: [
                  { path: '/user', ...page(user, 'UserInfoPage') },
                  { path: '/user/subscribe/doc', ...page(user, 'UserSubscribePage') },
                  { path: '/user/message', ...page(user, 'UserMessagePage') },
                  { path: '/user/systemSetting', ...page(user, 'UserSystemSettingPage') },
                  { path: '/user/tokens', ...page(agents, 'AccessTokensPage') },
                ],
              },
              {
                ...page(admin, 'AdminLayout'),
                handle: { sider: true },
                children: [
                  { path: '/admin', element: <Navigate to="/admin/users" replace /> },
                  { path: '/admin/users', ...page(admin, 'AdminUsersPage') },
                  { path: '/admin/setting', ...page(admin, 'AdminSettingRoute') },
                  { path: '/admin/trash', ...page(trash, 'AdminTrashPage') },
                ],
              },
            ]),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The browser router (history mode). */
export function createRouter() {
  return createBrowserRouter(routes);
}
