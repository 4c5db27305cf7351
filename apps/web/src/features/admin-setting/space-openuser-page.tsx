/** Placeholder for /space/openuser/{spaceId} (issue 7); its owner replaces this file, keeping the export name and props. */

export function SpaceOpenUserPage(_props: { spaceId: string }) {
  return null;
}
