/** Placeholder for /space/setting/{spaceId} (issue 7); its owner replaces this file, keeping the export name and props. */

export function SpaceSettingPage(_props: { spaceId: string }) {
  return null;
}
