/** Placeholder for DingTalk / WeCom bindings in /user/systemSetting (issue 7); its owner replaces this file, keeping the export name and props. */

export function UserBindings(_props: Record<string, never>) {
  return null;
}
