/** Server-side messages (errors, notices) in zh-CN and en. Keys are stable; `{name}` placeholders. */
export const serverMessages: Record<string, Record<string, string>> = {
  en: {
    'error.not_found': 'Not found',
    'error.forbidden': 'You do not have permission to do this',
    'error.unauthorized': 'Please log in',
    'error.must_set_password': 'Please set your password first',
    'error.validation_failed': 'Please check the form: {detail}',
    'error.rate_limited': 'Too many attempts, please try again later',
    'error.internal': 'Server error, please check the log (request {requestId})',
    'error.payload_too_large': 'The upload is too large',
    'error.bad_credentials': 'Wrong username or password',
    'error.login_key_invalid': 'The sign-in link is invalid or has expired; please sign in again',
    'error.lang_is_default': 'The default language cannot be deleted',
    'error.account_disabled': 'Wrong username or password',
    'error.last_super_admin': 'The last enabled super admin cannot be disabled',
    'error.registration_disabled': 'Sign-up is turned off; please ask an administrator for an account',
    'error.smtp_not_configured': 'E-mail is not set up on this server; please ask an administrator to reset your password',
    'error.username_taken': 'This username is already taken',
    'error.folder_not_empty': 'The folder is not empty; confirm deleting its docs too',
    'error.doc_exists': 'A doc with the same URL, method and version already exists: {name}',
    'error.old_password_wrong': 'The old password is wrong',
    'error.reset_link_invalid': 'The reset link is invalid or has expired',
    'error.member_exists': 'Already a member',
    'error.not_compose_space': 'This space is not a composed space',
    'error.share_expired': 'The link has expired',
    'error.share_disabled': 'The link is no longer valid',
    'error.share_password_required': 'Password required',
    'error.share_password_wrong': 'Wrong password',
    'error.move_into_self': 'A folder cannot be moved into itself',
    'error.parent_not_folder': 'The parent must be a folder of the same application',
    'error.env_name_exists': 'An environment named {name} already exists',
    'error.enum_name_exists': 'A dictionary named {name} already exists',
    'error.folder_exists': 'A folder named {name} already exists here',
    'error.move_cross_module': 'Docs can only be moved within their application',
    'validation.required': 'cannot be empty',
    'validation.max_length': 'length cannot exceed {max}',
    'validation.param_name': 'only letters, digits, hyphen and underscore are allowed',
    'validation.url': 'URL format incorrect',
    'validation.invalid': 'invalid value',
    'error.outbound_target_not_allowed': "Target not in this application's environments: {url} (add it as an environment, or ask an administrator to allow it)",
    'error.outbound_address_not_allowed': 'Address not allowed: {host} resolves to {address} ({reason}); an administrator can allow it in the outbound allowlist',
    'error.outbound_bad_url': 'Target URL not allowed: {url} (only http and https URLs without credentials)',
    'error.outbound_failed': 'Request to {url} failed: {detail}',
    'error.outbound_timeout': 'Request to {url} timed out',
    'error.outbound_too_large': 'The response of {url} is larger than {max} bytes',
    'error.debug_not_allowed': 'Debugging is not allowed here',
    'error.debug_target_missing': 'Header target-url is missing or not an absolute URL',
    'error.mock_script': 'Mock script error: {detail}',
    'error.mock_not_found': 'No mock rule for {method} {path}; tried: {tried}',
  },
  'zh-CN': {
    'error.not_found': '资源不存在',
    'error.forbidden': '无权限操作',
    'error.unauthorized': '请先登录',
    'error.must_set_password': '请先设置密码',
    'error.validation_failed': '请检查表单：{detail}',
    'error.rate_limited': '尝试次数过多，请稍后再试',
    'error.internal': '服务器错误，请查看日志（请求 {requestId}）',
    'error.payload_too_large': '上传内容过大',
    'error.bad_credentials': '用户名或密码错误',
    'error.login_key_invalid': '登录链接无效或已过期，请重新登录',
    'error.lang_is_default': '默认语言不能删除',
    'error.account_disabled': '用户名或密码错误',
    'error.last_super_admin': '不能禁用最后一个启用的超级管理员',
    'error.registration_disabled': '注册功能已关闭，请联系管理员创建账号',
    'error.smtp_not_configured': '服务器未配置邮件，请联系管理员重置密码',
    'error.username_taken': '用户名已被占用',
    'error.folder_not_empty': '目录不为空，请确认同时删除其中的文档',
    'error.doc_exists': '已存在相同URL、方法和版本的文档：{name}',
    'error.old_password_wrong': '旧密码错误',
    'error.reset_link_invalid': '重置链接无效或已过期',
    'error.member_exists': '已经是成员',
    'error.not_compose_space': '该空间不是聚合空间',
    'error.share_expired': '链接已过期',
    'error.share_disabled': '链接已失效',
    'error.share_password_required': '需要密码',
    'error.share_password_wrong': '密码错误',
    'error.move_into_self': '不能把目录移动到自身之下',
    'error.parent_not_folder': '父节点必须是同一应用下的目录',
    'error.env_name_exists': '环境名称已存在：{name}',
    'error.enum_name_exists': '字典名称已存在：{name}',
    'error.folder_exists': '当前位置已存在同名目录：{name}',
    'error.move_cross_module': '文档只能在所属应用内移动',
    'validation.required': '不能为空',
    'validation.max_length': '长度不能超过{max}',
    'validation.param_name': '只能包含字母、数字、中划线和下划线',
    'validation.url': 'URL格式不正确',
    'validation.invalid': '值无效',
    'error.outbound_target_not_allowed': '目标地址不在该应用的调试环境中：{url}（请添加为环境，或请管理员加入白名单）',
    'error.outbound_address_not_allowed': '地址不允许访问：{host} 解析为 {address}（{reason}）；管理员可在出站白名单中放行',
    'error.outbound_bad_url': '目标URL不允许：{url}（仅支持不带账号密码的 http/https 地址）',
    'error.outbound_failed': '请求 {url} 失败：{detail}',
    'error.outbound_timeout': '请求 {url} 超时',
    'error.outbound_too_large': '{url} 的响应超过 {max} 字节',
    'error.debug_not_allowed': '此处不允许调试',
    'error.debug_target_missing': '缺少请求头 target-url 或不是完整URL',
    'error.mock_script': 'Mock脚本错误：{detail}',
    'error.mock_not_found': '没有匹配 {method} {path} 的Mock规则；已尝试：{tried}',
  },
};

/** Picks a supported language from a header value or code ('en-US' → 'en'). */
export function pickLang(raw: string | undefined | null, fallback = 'zh-CN'): string {
  if (!raw) return fallback;
  for (const part of raw.split(',')) {
    const code = part.split(';')[0].trim().toLowerCase();
    if (!code) continue;
    if (code.startsWith('zh')) return 'zh-CN';
    if (code.startsWith('en')) return 'en';
  }
  return fallback;
}

/** Translates a key with params; unknown keys are returned as given (literal text). */
export function t(lang: string, key: string, params: Record<string, string | number> = {}): string {
  const table = serverMessages[lang] ?? serverMessages['zh-CN'];
  const text = table[key] ?? serverMessages.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? String(params[k]) : `{${k}}`));
}
